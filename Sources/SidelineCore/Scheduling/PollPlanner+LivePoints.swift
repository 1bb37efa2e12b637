import Foundation

/// The live points' calls (ADR 029): one stats call serves every league, so it goes ahead of
/// every league call but the players index; the scoring settings it is scored with are
/// read again weekly, in the background.
extension PollPlanner {
    /// Every 30 s in the daemon (its default pass interval), so every cron pass: a few calls
    /// a minute of the budget. Sleeper's edge caches the feed for about a minute; the 304s
    /// of a conditional call cost the budget but no decoding.
    public static let statsInterval: TimeInterval = 30
    /// Projections barely move during a game.
    public static let projectionsInterval: TimeInterval = 10 * 60
    /// Leagues rarely change their rules in season.
    public static let scoringInterval: TimeInterval = 7 * 24 * 3600

    static func livePointsCalls(_ input: PollPlanInput) -> [PrioritizedCall] {
        var calls: [PrioritizedCall] = []
        for feed in input.statFeeds {
            if gameOn(feed.week, input) {
                let interval = feed.kind == .stats ? statsInterval : projectionsInterval
                let due = feed.fetchedAt.map { $0.addingTimeInterval(interval - input.settings.tolerance) } ?? input.now
                calls.append(PrioritizedCall(call: .statLines(feed.kind, feed.week), priority: priority(feed, input), due: due))
            } else if feed.kind == .stats, finalLinesDue(feed, input) {
                calls.append(PrioritizedCall(call: .statLines(.stats, feed.week), priority: .live, due: input.now))
            }
        }
        for league in input.scoring {
            let due = league.refreshedAt.map { $0.addingTimeInterval(scoringInterval) } ?? input.now
            calls.append(PrioritizedCall(call: .leagueSettings(leagueID: league.leagueID), priority: .background, due: due))
        }
        return calls
    }

    /// One more stats call once the last game of a run has gone final: the game statuses
    /// answered after the last stats call (made while a game was still on, so within
    /// ``finalLinesWindow``) and show none in progress. A final's last plays then show before
    /// its league's next matchups fetch, not only at it.
    static func finalLinesDue(_ feed: StatFeedPollState, _ input: PollPlanInput) -> Bool {
        guard let fetched = feed.fetchedAt,
              let week = input.schedules.first(where: { $0.week == feed.week }), let seen = week.fetchedAt,
              week.schedule?.games.contains(where: { $0.status == .final }) == true else { return false }
        return seen > fetched && seen.timeIntervalSince(fetched) <= finalLinesWindow
    }

    /// How soon after the last stats call a schedule showing every game over still asks for
    /// the final lines: a few passes, never the hourly idle status check.
    static let finalLinesWindow: TimeInterval = 5 * 60

    /// The stats go with the kickoff snapshots, before them: two calls a minute serve every
    /// league, and a kickoff burst (every league's lineup snapshot, minutes of a full
    /// window) is exactly when every score moves. On a budget too small to spare them
    /// (under ``urgentStatsBudget`` calls a minute, where a burst is over in a pass or two
    /// anyway) they wait behind the snapshots starts depend on. Projections never hurry.
    static func priority(_ feed: StatFeedPollState, _ input: PollPlanInput) -> CallPriority {
        guard feed.kind == .stats, (input.schedulerCallsPerMinute ?? .max) >= urgentStatsBudget else { return .live }
        return .kickoff
    }

    /// Twenty times the stats' own two calls a minute.
    public static let urgentStatsBudget = 40

    /// Whether a game of `week` is in progress.
    static func gameOn(_ week: WeekKey, _ input: PollPlanInput) -> Bool {
        input.schedules.contains { $0.week == week && $0.schedule?.games.contains { $0.status == .inProgress } == true }
    }
}
