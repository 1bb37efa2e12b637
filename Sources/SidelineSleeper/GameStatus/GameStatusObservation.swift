import SidelineCore

/// What one ask for a week's games came back with.
public struct GameStatusObservation: Sendable, Equatable {
    public let schedule: WeekSchedule
    /// The primary host's push-back (429, 403, 5xx, ``SleeperError/isBackoff``) when a
    /// fallback answered instead: the schedule is good, and the primary's host must still
    /// rest as it said (README "Rate limit, failures, restarts").
    public let refusal: SleeperError?

    public init(schedule: WeekSchedule, refusal: SleeperError?) {
        self.schedule = schedule
        self.refusal = refusal
    }
}
