import Foundation

/// Sleeper's per-client-address limit as the fake plays it (issue 32): at most
/// ``calls`` answered calls from one address in any ``window`` of the world's own clock;
/// past that, `429 Too Many Requests` with `Retry-After`. Off unless a test installs it
/// (``FakeSleeperWorld/limitCallsPerAddress(_:)``), so no other test sees a 429 it did not script.
///
/// It is the yardstick for several pollers: each binds its own source address
/// (`http.source_address`), and a scenario proves every egress stayed within its budget by
/// the fake never having refused one (``FakeSleeperWorld/rateLimitedCount(address:)``).
public struct FakeAddressLimit: Sendable, Hashable {
    public var calls: Int
    public var window: TimeInterval

    public init(calls: Int, window: TimeInterval = 60) {
        self.calls = calls
        self.window = window
    }

    /// Whether a path is on Sleeper's hosts (API and scores feed) and so counted. ESPN's
    /// scoreboard (`/apis/…`), served from the same fake, is another company's server.
    static func counts(_ path: String) -> Bool { !path.hasPrefix("/apis/") }
}

/// The calls each address made in the last window, and how many were refused. Refused calls
/// do not count against the window: only answered ones cost the client budget here, so a
/// client that waits out `Retry-After` gets through.
struct FakeAddressLimiter {
    let limit: FakeAddressLimit
    private var answered: [String: [Date]] = [:]
    private(set) var refused: [String: Int] = [:]

    init(limit: FakeAddressLimit) { self.limit = limit }

    /// `nil` admits the call (and counts it); otherwise the seconds until the oldest call in
    /// the window leaves it, for `Retry-After` (at least 1).
    mutating func admit(_ address: String, at now: Date) -> Int? {
        // Kept: calls inside (now - window, now], and any "later" ones a test's clock moved back past.
        var recent = (answered[address] ?? []).filter { $0 > now.addingTimeInterval(-limit.window) }
        defer { answered[address] = recent }
        guard recent.count >= limit.calls else {
            recent.append(now)
            return nil
        }
        refused[address, default: 0] += 1
        let oldest = recent.min() ?? now
        return max(1, Int(oldest.addingTimeInterval(limit.window).timeIntervalSince(now).rounded(.up)))
    }
}
