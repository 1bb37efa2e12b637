import Foundation

/// Maps a roster's starters to this week's NFL games: to play, playing, or done.
///
/// Pure: the caller passes the matchups snapshot, the players index and the week's games.
public enum StarterMapper {
    /// The state of a player on `team` given the week's games.
    public static func state(of team: TeamCode?, in schedule: WeekSchedule?) -> (StarterState, Date?) {
        // By position, not `game(for:)`: this runs for every starter of every lineup mapped,
        // and copying the game out (ids and team codes) was a third of the mapping.
        guard let team, let games = schedule?.games,
              let index = games.firstIndex(where: { $0.home == team || $0.away == team }) else { return (.notPlaying, nil) }
        let kickoff = games[index].kickoff
        switch games[index].status {
        case .scheduled: return (.toPlay, kickoff)
        case .inProgress: return (.playing, kickoff)
        case .final: return (.done, kickoff)
        case .postponed:
            // A game postponed before kickoff is simply not played this week; after kickoff
            // the status merger has already turned it into `.final`.
            return (.notPlaying, kickoff)
        }
    }

    /// One lineup: the starters (or, in best ball, every rostered player) with their state.
    public static func lineup(
        entry: MatchupEntry,
        teamName: String,
        bestBall: Bool,
        players: PlayersIndex,
        schedule: WeekSchedule?
    ) -> LineupView {
        let ids = bestBall ? entry.players : entry.starters
        var lines: [StarterLine] = []
        lines.reserveCapacity(ids.count)
        for (slot, id) in ids.enumerated() where id != MatchupEntry.emptySlot && !id.isEmpty {
            let info = players[id]
            let (state, kickoff) = state(of: info?.team, in: schedule)
            // A starter's points sit at its own slot; `points(for:)` would search for it.
            let points = if !bestBall, let starters = entry.startersPoints, slot < starters.count { starters[slot] } else { entry.points(for: id) }
            lines.append(StarterLine(
                playerID: id,
                name: info?.name ?? id,
                position: info?.position,
                team: info?.team,
                points: points,
                state: info == nil ? .notPlaying : state,
                kickoff: info == nil ? nil : kickoff
            ))
        }
        return LineupView(rosterID: entry.rosterID, teamName: teamName, points: entry.points, starters: lines)
    }

    /// The registration's whole view: its lineup and its opponent's, if it has one.
    public static func view(
        rosterID: Int,
        league: League,
        snapshot: [MatchupEntry],
        teamNames: [Int: String],
        players: PlayersIndex,
        schedule: WeekSchedule?,
        week: Int
    ) -> MatchupView? {
        view(rosterID: rosterID, league: league, snapshot: snapshot, teamNames: teamNames, week: week) { entry, teamName in
            lineup(entry: entry, teamName: teamName, bestBall: league.isBestBall, players: players, schedule: schedule)
        }
    }

    /// The same view, with each lineup made by `lineup` (given the entry and its team name):
    /// the scheduler makes each of a league's lineups once for all its registrations.
    public static func view(
        rosterID: Int,
        league: League,
        snapshot: [MatchupEntry],
        teamNames: [Int: String],
        week: Int,
        lineup: (MatchupEntry, String) -> LineupView
    ) -> MatchupView? {
        guard let mine = snapshot.first(where: { $0.rosterID == rosterID }) else { return nil }
        let opponentEntry = mine.matchupID.flatMap { id in
            snapshot.first { $0.matchupID == id && $0.rosterID != rosterID }
        }
        func name(_ id: Int) -> String { teamNames[id] ?? "Team \(id)" }
        return MatchupView(
            leagueName: league.name,
            season: league.season,
            week: week,
            me: lineup(mine, name(rosterID)),
            opponent: opponentEntry.map { lineup($0, name($0.rosterID)) },
            hasMedianGame: league.hasMedianGame
        )
    }
}
