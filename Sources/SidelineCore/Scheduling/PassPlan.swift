import Foundation

/// What a pass fetches, in order: the feeds first (each admitted by the call log one by
/// one: they decide what is live for everyone), then as many league calls as the budget
/// has room for. What does not fit waits, in order, for a later pass.
public struct PassPlan: Sendable, Hashable {
    /// `state/nfl` and game statuses.
    public let feeds: [PlannedCall]
    /// The players index, matchups and league renewals that fit, first to last.
    public let leagueCalls: [PlannedCall]
    /// League calls due but postponed for lack of room.
    public let postponed: Int

    /// Splits calls already in priority order (``PollPlanner/prioritized(_:)``) by `budget`;
    /// `feedCalls` is how many game-status feeds the plan follows (their reserve).
    public init(due: [PrioritizedCall], budget: PassBudget, feedCalls: Int) {
        var feeds: [PlannedCall] = []
        var leagueCalls: [PlannedCall] = []
        var room = budget.leagueCapacity(feedCalls: feedCalls)
        var postponed = 0
        for item in due {
            if item.call.isFeed {
                feeds.append(item.call)
            } else if postponed == 0, item.call.cost <= room {
                // In order: once one call does not fit, nothing after it jumps the queue.
                leagueCalls.append(item.call)
                room -= item.call.cost
            } else {
                postponed += 1
            }
        }
        self.feeds = feeds
        self.leagueCalls = leagueCalls
        self.postponed = postponed
    }
}

extension PollPlanner {
    /// The plan of a pass with `budget` to spend: what production runs (the engine splits the
    /// same prioritized list with the room left after its feed calls).
    public static func plan(_ input: PollPlanInput, budget: PassBudget) -> PassPlan {
        PassPlan(due: prioritized(input), budget: budget, feedCalls: input.schedules.count)
    }
}
