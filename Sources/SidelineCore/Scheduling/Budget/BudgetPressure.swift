import Foundation

/// How hard Sleeper is pushing back, as a share of the configured budget.
///
/// Additive increase, multiplicative decrease: each push-back (a 429, or a second 5xx in a
/// row) halves the share the scheduler may use, down to ``floor``; every calm minute since
/// the last push-back gives back ``recoveryPerMinute`` of the budget, up to all of it. The
/// endpoint's own rest (``Backoff``, which honours `Retry-After`) comes on top: this slows
/// the whole budget, so a server that is struggling gets fewer calls for a while even
/// after the rest is over. Pure: the engine persists it and passes in the instant.
public struct BudgetPressure: Sendable, Codable, Hashable {
    public static let floor = 0.1
    public static let recoveryPerMinute = 0.1

    /// The share right after the last push-back.
    public var share: Double
    /// When the last push-back happened.
    public var since: Date

    public init(share: Double = 1, since: Date = .distantPast) {
        self.share = min(max(share, Self.floor), 1)
        self.since = since
    }

    public static let calm = BudgetPressure()

    /// The share of the budget usable at `now`.
    public func share(at now: Date) -> Double {
        let minutes = max(0, now.timeIntervalSince(since) / 60)
        return min(1, share + Self.recoveryPerMinute * minutes.rounded(.down))
    }

    /// Sleeper pushed back at `now`: halve what is usable now.
    public func pushedBack(at now: Date) -> BudgetPressure {
        BudgetPressure(share: share(at: now) / 2, since: now)
    }

    public func isCalm(at now: Date) -> Bool { share(at: now) >= 1 }

    /// The scheduler's cap under this pressure (at least one call, so recovery is observed).
    public func cap(_ budget: RateBudget, at now: Date) -> Int {
        let full = budget.limit - budget.headroom
        return max(1, Int((Double(full) * share(at: now)).rounded(.down)))
    }
}
