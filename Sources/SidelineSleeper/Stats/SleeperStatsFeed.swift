import Foundation
import SidelineCore
import SidelineCurl
import SidelineHTTP

/// Sleeper's undocumented stats and projections feeds (`api.sleeper.com/stats/nfl/…`,
/// `/projections/nfl/…`), on the scores feed's host. Every call passes the ``CallGate`` as
/// `.stats` or `.projections` and counts against the Sleeper budget; the caller keeps the
/// ETag and makes each call conditional, since a 304 costs Sleeper and us next to nothing.
public struct SleeperStatsFeed: PlayerStatsSource {
    public let baseURL: URL
    let transport: any HTTPTransport
    let gate: any CallGate
    /// Reads the current instant, only to interpret an HTTP-date `Retry-After` when the
    /// response has no `Date` header.
    let now: @Sendable () -> Date

    public init(
        baseURL: URL = SleeperScoresFeed.defaultBaseURL,
        transport: any HTTPTransport,
        gate: any CallGate,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.gate = gate
        self.now = now
    }

    public func lines(_ kind: StatFeedKind, season: String, seasonType: SeasonType, week: Int,
                      positions: [String], ifNoneMatch: String?) async throws(SleeperError) -> StatLinesAnswer {
        let request = StatFeedRequest(kind: kind, season: season, seasonType: seasonType, week: week, positions: positions)
        try await gate.admit(SleeperCall(kind: request.callKind, path: request.loggedPath))
        let url = request.url(base: baseURL)
        var headers: [String: String] = [:]
        if let ifNoneMatch { headers["If-None-Match"] = ifNoneMatch }
        let response = try await transport.sleeperGet(url, headers: headers)
        switch response.status {
        case 200..<300:
            let etag = response.headers["ETag"].flatMap { $0.isEmpty ? nil : $0 }
            return .changed(try decode(response.body, url), etag: etag)
        case 304 where ifNoneMatch != nil:
            return .unchanged
        default:
            throw .http(status: response.status, url: url.absoluteString,
                        retryAfter: RetryAfter.seconds(response.headers["Retry-After"], date: response.headers["Date"], receivedAt: now()))
        }
    }

    func decode(_ body: Data, _ url: URL) throws(SleeperError) -> [StatLine] {
        do {
            return try StatLinesDecoding.lines(from: body)
        } catch {
            throw .malformed(url: url.absoluteString, reason: error.reason)
        }
    }
}
