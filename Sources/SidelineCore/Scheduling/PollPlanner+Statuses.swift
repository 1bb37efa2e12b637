import Foundation

/// Which source a week's statuses call asks (ADR 030): a resting scores feed never holds the
/// fallback back. ESPN is another host with a rest of its own; only its own failures slow it.
extension PollPlanner {
    /// The statuses call of `schedule`, on its usual cadence (``scheduleDue(_:_:)``): from the
    /// scores feed when it is not resting then, else straight from ESPN. Only when both rest
    /// does it wait, for the earlier of the two ends, and asks the source whose rest ends first.
    static func statusesCall(_ schedule: ScheduleState, _ input: PollPlanInput) -> PrioritizedCall {
        let (source, due) = statusSource(due: scheduleDue(schedule, input), rests: input.backoffUntil)
        return PrioritizedCall(call: .schedule(schedule.week, from: source), priority: .feeds, due: due)
    }

    /// The source to ask for a statuses call due at `due`, and when.
    public static func statusSource(due: Date, rests: [BackoffScope: Date]) -> (StatusSource, Date) {
        let primary = rests[StatusSource.scores.scope] ?? .distantPast
        guard primary > due else { return (.scores, due) }
        let fallback = rests[StatusSource.espn.scope] ?? .distantPast
        guard fallback > due else { return (.espn, due) }
        return fallback < primary ? (.espn, fallback) : (.scores, primary)
    }
}
