import Foundation

/// Sleeper's ceiling as a sliding 60-second window: never more than `limit` calls in any
/// window, with `headroom` of them kept free for registrations (a self-hoster typing
/// `sideline users add` during a kickoff burst should not wait).
public struct RateBudget: Sendable, Hashable {
    public static let window: TimeInterval = 60

    public let limit: Int
    public let headroom: Int

    public init(limit: Int, headroom: Int) {
        self.limit = limit
        self.headroom = min(headroom, max(limit - 1, 0))
    }

    /// Calls that count against the window ending at `now`. Calls logged up to a window
    /// *after* `now` count too (another process whose clock runs a little ahead), but not
    /// later ones: those come from a `--now` replay of a later day, and counting them would
    /// block real passes on that database until the replayed day came round.
    public func used(_ calls: [Date], now: Date) -> Int {
        let start = now.addingTimeInterval(-Self.window)
        let end = now.addingTimeInterval(Self.window)
        return calls.count { $0 > start && $0 < end }
    }

    /// How many more calls may be made now.
    public func remaining(_ calls: [Date], now: Date, forRegistration: Bool) -> Int {
        let cap = forRegistration ? limit : limit - headroom
        return max(0, cap - used(calls, now: now))
    }

    /// ``remaining(_:now:forRegistration:)`` from a count of the calls in the window (the
    /// store counts them in SQL rather than loading every instant).
    public func remaining(used: Int, forRegistration: Bool) -> Int {
        let cap = forRegistration ? limit : limit - headroom
        return max(0, cap - used)
    }

    /// The bounds a log query must use to count what ``used(_:now:)`` counts: both open.
    public static func countedInterval(now: Date) -> (after: Date, before: Date) {
        (now.addingTimeInterval(-window), now.addingTimeInterval(window))
    }

    public func admits(_ calls: [Date], now: Date, forRegistration: Bool) -> Bool {
        remaining(calls, now: now, forRegistration: forRegistration) > 0
    }

    /// The most calls in any 60-second window of a log: the figure the ceiling is about.
    public static func busiestWindow(_ calls: [Date]) -> Int {
        let sorted = calls.sorted()
        var best = 0
        var first = 0
        for (index, time) in sorted.enumerated() {
            while time.timeIntervalSince(sorted[first]) >= window { first += 1 }
            best = max(best, index - first + 1)
        }
        return best
    }
}

/// How long an endpoint rests after Sleeper pushed back (429, 403, 5xx).
public enum Backoff {
    public static let base: TimeInterval = 30
    public static let cap: TimeInterval = 15 * 60

    /// `failures` counts consecutive failures including this one; `retryAfter` wins when
    /// longer, up to `cap` like the rest: a server cannot silence a host for longer.
    public static func until(now: Date, failures: Int, retryAfter: TimeInterval?) -> Date {
        let exponent = Double(max(0, min(failures - 1, 10)))
        let wait = min(cap, base * pow(2, exponent))
        // `min`/`max` with NaN answer either side; a non-finite value counts as none.
        let asked = retryAfter.flatMap { $0.isFinite ? min($0, cap) : nil } ?? 0
        return now.addingTimeInterval(max(wait, asked))
    }
}
