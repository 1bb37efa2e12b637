import Foundation

/// A daily push allowance per target, paced (Home Assistant's relay: 500 pushes a phone per
/// UTC day, shared with the person's own automations). Pure: the counts come from SQLite,
/// the instant is injected.
///
/// - The cap always wins: never more than ``limit`` starts and updates to a target in one
///   UTC day.
/// - A fifth is kept in reserve for the moments that matter (a start, a lead change, a
///   final, a resumed game): routine updates stop when only the reserve is left.
/// - Routine updates are spaced so what is left of the routine share lasts until the
///   horizon (the earlier of the next UTC midnight and the end of the day's games).
public struct PushAllowance: Sendable, Hashable {
    public let limit: Int
    public let reserve: Int

    public init(limit: Int) {
        self.limit = max(1, limit)
        reserve = self.limit / 5
    }

    /// What a target has used today.
    public struct Use: Sendable, Hashable {
        public var used: Int
        public var lastAt: Date?

        public init(used: Int, lastAt: Date?) {
            self.used = used
            self.lastAt = lastAt
        }
    }

    public enum Decision: Sendable, Hashable {
        case send
        /// Paced: not before this instant.
        case wait(until: Date)
        /// Nothing left for this kind of push today (until `until`, the next UTC midnight).
        case exhausted(until: Date)
    }

    /// Whether a push may go now. Ends are commands the relay does not count: never asked.
    public func decide(important: Bool, use: Use, now: Date, horizon: Date) -> Decision {
        let midnight = Self.nextMidnight(after: now)
        if important { return use.used < limit ? .send : .exhausted(until: midnight) }
        let routineLeft = limit - reserve - use.used
        guard routineLeft > 0 else { return .exhausted(until: midnight) }
        guard let last = use.lastAt else { return .send }
        let due = last + spacing(routineLeft: routineLeft, now: now, horizon: horizon)
        return due <= now ? .send : .wait(until: due)
    }

    /// The gap between routine updates that makes `routineLeft` last until the horizon (at
    /// least a minute: Sideline never has fresher scores than that).
    public func spacing(routineLeft: Int, now: Date, horizon: Date) -> TimeInterval {
        let end = min(horizon, Self.nextMidnight(after: now))
        return max(60, end.timeIntervalSince(now) / Double(max(1, routineLeft)))
    }

    /// The spacing a target has now, for `status`.
    public func currentSpacing(use: Use, now: Date, horizon: Date) -> TimeInterval? {
        let routineLeft = limit - reserve - use.used
        return routineLeft > 0 ? spacing(routineLeft: routineLeft, now: now, horizon: horizon) : nil
    }

    /// The horizon routine updates are paced to: three and a half hours after the last
    /// kickoff before the next UTC midnight (of games that began in the last 12 hours or are
    /// still to come), never after that midnight; the midnight itself when there is none.
    /// One horizon for every target, not one per target's own games (ADR 024).
    public static func dayEnd(kickoffs: [Date], now: Date) -> Date {
        let midnight = nextMidnight(after: now)
        guard let last = kickoffs.filter({ $0 < midnight && $0 > now - 12 * 3600 }).max() else { return midnight }
        return min(midnight, max(now, last + 3.5 * 3600))
    }

    /// The UTC day a push counts against: `2026-11-22`.
    public static func day(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// When the relay's count resets: the next 00:00 UTC.
    public static func nextMidnight(after date: Date) -> Date {
        let day = 86_400.0
        return Date(timeIntervalSince1970: (date.timeIntervalSince1970 / day).rounded(.down) * day + day)
    }
}
