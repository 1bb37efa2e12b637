import Foundation

/// Whether live points come from the stats feed or from the matchups alone, and why
/// (ADR 029). The feed is undocumented and has vanished before: when it fails, goes stale
/// or looks wrong, Sideline shows the matchups' points as it did before the feed, and says
/// so in `status`. Pure; stored between passes (cron runs a process per pass).
public struct LivePointsHealth: Sendable, Hashable, Codable {
    /// The blend is off until then (the feed looked wrong).
    public var suspendedUntil: Date?
    /// Why it was last suspended.
    public var suspensionReason: String?
    /// The last failed stats call, cleared by the next answer.
    public var lastFailure: String?

    /// How far apart the blend and Sleeper's total, or a finished player's points before and
    /// after, may be before the feed is judged wrong: more than any ordinary stat
    /// correction, less than any broken feed.
    public static let tolerance = 10.0
    /// How long a feed that looked wrong is not used.
    public static let suspension: TimeInterval = 10 * 60
    /// Stats older than this are not blended: a feed that stopped answering falls back.
    public static let maxStatsAge: TimeInterval = 5 * 60

    public init(suspendedUntil: Date? = nil, suspensionReason: String? = nil, lastFailure: String? = nil) {
        self.suspendedUntil = suspendedUntil
        self.suspensionReason = suspensionReason
        self.lastFailure = lastFailure
    }

    /// Where live points come from at `now`.
    public enum Source: Sendable, Hashable {
        /// The stats feed, blended with the matchups; its lines as of `refreshedAt`.
        case stats(refreshedAt: Date)
        /// The matchups alone, and why.
        case matchupsOnly(String)
    }

    public func source(stats: StatFeedLines?, at now: Date) -> Source {
        if let until = suspendedUntil, now < until {
            return .matchupsOnly(Messages.LivePoints.suspended(suspensionReason ?? "", until: until))
        }
        guard let stats else { return .matchupsOnly(lastFailure.map(Messages.LivePoints.failing) ?? Messages.LivePoints.noStats) }
        guard now.timeIntervalSince(stats.fetchedAt) <= Self.maxStatsAge else {
            return .matchupsOnly(Messages.LivePoints.stale(since: stats.fetchedAt, failure: lastFailure))
        }
        return .stats(refreshedAt: stats.fetchedAt)
    }

    public func blends(stats: StatFeedLines?, at now: Date) -> Bool {
        if case .stats = source(stats: stats, at: now) { return true }
        return false
    }

    public mutating func suspend(_ reason: String, at now: Date) {
        suspendedUntil = now.addingTimeInterval(Self.suspension)
        suspensionReason = reason
    }
}
