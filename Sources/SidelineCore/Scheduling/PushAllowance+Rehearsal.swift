import Foundation

extension PushAllowance {
    /// Whether a test or rehearsal push may go (`sideline devices test`, `sideline rehearse`,
    /// ADR 034). It counts like any push but is never a moment that matters, so it never
    /// spends the reserve; it is not paced either: a test whose second update waited an hour
    /// would prove nothing, and its own cap (a handful of pushes) keeps it small.
    public func decideRehearsal(use: Use, now: Date) -> Decision {
        limit - reserve - use.used > 0 ? .send : .exhausted(until: Self.nextMidnight(after: now))
    }
}
