import Foundation
import SidelineFakeSleeper
import Synchronization

/// Sleeper's CDN in front of the synthetic Sleeper: a matchups, stats or projections URL's
/// answer is kept when first asked for and served unchanged for `lifetime` seconds of
/// simulated time, then built again on the next request. Each URL has its own phase, as on
/// a real edge: a league fetched at 13:00:30 sees 13:00:30's points until 13:01:30.
///
/// It keeps the answer, not a response: the server still derives the ETag from the body, so
/// an `If-None-Match` on a cached body is a 304 exactly as without the cache.
final class BenchEdgeCache: Sendable {
    /// Sleeper's edge keeps these feeds for about a minute (issue 21).
    static let sleeperLifetime: TimeInterval = 60

    private struct Entry {
        let status: Int
        let body: Data
        let cachedAt: Date
    }

    let lifetime: TimeInterval
    private let entries = Mutex<[String: Entry]>([:])

    init(lifetime: TimeInterval) {
        self.lifetime = lifetime
    }

    /// `routes` behind the cache. With a lifetime of 0 it is `routes` itself.
    func wrap(_ routes: @escaping FakeSleeperWorld.Router) -> FakeSleeperWorld.Router {
        guard lifetime > 0 else { return routes }
        return { [self] path, query, now in
            guard Self.isEdgeCached(path) else { return routes(path, query, now) }
            return answer(path: path, query: query, now: now, build: routes)
        }
    }

    /// The paths Sleeper's edge caches for the benchmark: every league's matchups and the
    /// league-independent stats and projections. The scores feed and the rest go through.
    static func isEdgeCached(_ path: String) -> Bool {
        if path.hasPrefix("/stats/") || path.hasPrefix("/projections/") { return true }
        let parts = path.split(separator: "/")
        return parts.count == 5 && parts[0] == "v1" && parts[1] == "league" && parts[3] == "matchups"
    }

    private func answer(path: String, query: [String: String], now: Date,
                        build: FakeSleeperWorld.Router) -> (status: Int, body: Data)? {
        let key = Self.key(path: path, query: query)
        if let entry = entries.withLock({ $0[key] }), (0..<lifetime).contains(now.timeIntervalSince(entry.cachedAt)) {
            return (entry.status, entry.body)
        }
        // Built outside the lock: a matchups body takes a while, and other URLs must not wait.
        guard let fresh = build(path, query, now) else { return nil }
        // Only successful answers are kept: an error is the origin's, asked again next time.
        if (200..<300).contains(fresh.status) {
            entries.withLock { $0[key] = Entry(status: fresh.status, body: fresh.body, cachedAt: now) }
        }
        return fresh
    }

    /// The URL as the edge keys it: the path and the query in a fixed order.
    private static func key(path: String, query: [String: String]) -> String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    }
}
