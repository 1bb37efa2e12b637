import Foundation

/// Whether a new stats body looks wrong (ADR 029). Pure.
///
/// Two signs, both of a broken feed rather than of football: no stats at all while games
/// have been in progress for ``quietStart`` or more, and a finished player's points falling by more than
/// ``LivePointsHealth/tolerance`` (an ordinary stat correction moves a few points). Points
/// here are under ``ScoringSettings/reference``: the check is about the feed, not a league.
public enum StatsFeedCheck {
    /// The first minutes of a game can pass without a stat (and the edge cache can serve the
    /// pre-kickoff answer for a minute): an empty feed then is no sign of anything.
    public static let quietStart: TimeInterval = 15 * 60

    public static func problem(_ new: StatFeedLines.Lines, previous: StatFeedLines.Lines?, schedule: WeekSchedule?, players: PlayersIndex?, at now: Date) -> String? {
        let live = schedule?.games.filter { $0.status == .inProgress && $0.kickoff <= now.addingTimeInterval(-quietStart) }.count ?? 0
        if new.isEmpty, live > 0 { return Messages.LivePoints.emptyWhileLive(live) }
        guard let previous, let schedule, let players else { return nil }
        let reference = ScoringSettings.reference
        for (id, line) in previous {
            guard let team = players[id]?.team, schedule.game(for: team)?.status == .final else { continue }
            let before = reference.points(line)
            let after = new[id].map(reference.points) ?? 0
            if before - after > LivePointsHealth.tolerance {
                return Messages.LivePoints.finishedPlayerFell(players[id]?.name ?? id, from: before, to: after)
            }
        }
        return nil
    }
}

extension ScoringSettings {
    /// Common half-PPR rules, for judging the feed itself (not for any league's points).
    public static let reference = ScoringSettings([
        "pass_yd": 0.04, "pass_td": 4, "pass_int": -1, "rush_yd": 0.1, "rush_td": 6,
        "rec": 0.5, "rec_yd": 0.1, "rec_td": 6, "fum_lost": -2, "fgm": 3, "xpm": 1,
        "def_td": 6, "int": 2, "fum_rec": 2, "sack": 1,
    ])
}
