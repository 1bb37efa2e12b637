import Foundation
import SidelineCore
import SidelineStore

/// The players index a process has loaded, and when it was fetched.
typealias LoadedPlayers = (index: PlayersIndex, fetchedAt: Date)

/// Which NFL teams each league's registered rosters play for: what the planner uses to
/// order a kickoff burst, and what finds the next kickoff that matters.
extension SchedulerCache {
    /// Remembers which teams a league's registered rosters (and everyone it shows) play for.
    /// Skipped when the league's lineups and the players index are what they were last time
    /// (points move every minute; who is in which lineup rarely does).
    mutating func noteTeams(_ key: LeagueWeek, snapshot: StoredSnapshot, players: LoadedPlayers?) {
        guard let players else { return }
        var hasher = Hasher()
        hasher.combine(players.fetchedAt)
        for entry in snapshot.entries {
            hasher.combine(entry.rosterID)
            hasher.combine(entry.starters)
            hasher.combine(entry.players)
        }
        let lineups = hasher.finalize()
        if leagueTeams[key] != nil, leagueTeamsLineups[key] == lineups { return }
        leagueTeamsLineups[key] = lineups
        leagueTeams[key] = Self.teams(of: snapshot, rosters: Set(members(of: key.leagueID).map(\.rosterID)), index: players.index)
        starterTeams[key.week] = nil
    }

    private static func teams(of snapshot: StoredSnapshot, rosters: Set<Int>, index: PlayersIndex) -> (starters: Set<TeamCode>, rostered: Set<TeamCode>, shown: Set<TeamCode>) {
        var starters: Set<TeamCode> = []
        var rostered: Set<TeamCode> = []
        var shown: Set<TeamCode> = []
        for entry in snapshot.entries {
            let mine = rosters.contains(entry.rosterID)
            for id in entry.starters {
                guard let team = index[id]?.team else { continue }
                shown.insert(team)
                if mine { starters.insert(team) }
            }
            // A starter is listed among the players too: looked up once, not twice (this
            // runs for every league at its first fetch of the week, 5,000 at a kickoff).
            for id in entry.players where !entry.starters.contains(id) {
                guard let team = index[id]?.team else { continue }
                shown.insert(team)
                if mine { rostered.insert(team) }
            }
        }
        return (starters, rostered.union(starters), shown)
    }

    /// The next kickoff of `week` in which a registered starter plays (any kickoff while a
    /// league's teams are still unknown).
    mutating func nextKickoff(_ schedule: WeekSchedule?, week: WeekKey, after now: Date) -> Date? {
        guard let schedule else { return nil }
        if starterTeams[week] == nil {
            var teams: Set<TeamCode> = []
            var complete = true
            for leagueID in registrationsByLeague.keys {
                if let known = leagueTeams[.init(leagueID: leagueID, week: week)] { teams.formUnion(known.starters) } else { complete = false }
            }
            starterTeams[week] = (teams, complete)
        }
        let (teams, complete) = starterTeams[week] ?? ([], false)
        return schedule.games
            .filter { $0.status == .scheduled && $0.kickoff > now && (!complete || teams.contains($0.home) || teams.contains($0.away)) }
            .map(\.kickoff).min()
    }
}
