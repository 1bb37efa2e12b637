import Foundation
import SidelineCore

/// A deterministic scripted Sunday: season 2026, regular-season week 12 (22–24 Nov 2026).
///
/// Every instant is UTC (Eastern time is UTC−5 in November). Each game is `pre_game` before
/// kickoff, `in_game` for ``gameLength`` (3 h 10 min), then `complete`. Players gain stats in
/// deterministic steps during their own game only, and the matchups score those stats with
/// the league's half-PPR settings, so any instant answers the same way.
///
/// The league is built so the two demo users have the days the lifecycle must handle:
/// - `demo_alex` (roster 1): London 9:30 ET, the 1:00 window, 4:05/4:25 and Sunday night:
///   a grace after London then resume at 1:00, live straight through the late window (his
///   4:05 player kicks off before the 1:00 games end), a hold over the 45-minute gap before
///   Sunday night, and a 14-hour day, longer than 7.5 h (rollover).
/// - `demo_blake` (roster 3): 1:00 players and one Monday-night defense: the day ends
///   after the 1:00 games, and a new activity starts Monday night.
public enum GameDayScript {
    public static let season = "2026"
    public static let week = 12
    public static let leagueID = "1180000000000000001"
    public static let leagueName = "Sideline Demo League"

    /// How long a scripted game stays `in_game`.
    public static let gameLength: TimeInterval = 3 * 3_600 + 10 * 60

    /// A user of the demo league.
    public struct DemoUser: Sendable, Hashable {
        public let userID: String
        public let username: String
        public let rosterID: Int
        public let teamName: String?
    }

    public static let alex = DemoUser(userID: "700000000000000001", username: "demo_alex", rosterID: 1, teamName: "Alex's Audibles")
    public static let casey = DemoUser(userID: "700000000000000002", username: "demo_casey", rosterID: 2, teamName: nil)
    public static let blake = DemoUser(userID: "700000000000000003", username: "demo_blake", rosterID: 3, teamName: "Blake's Blitz")
    public static let drew = DemoUser(userID: "700000000000000004", username: "demo_drew", rosterID: 4, teamName: nil)
    public static let users = [alex, casey, blake, drew]

    /// `[roster 1 vs 2, roster 3 vs 4]`, matchup ids 1 and 2.
    public static let pairings: [(matchupID: Int, rosters: (Int, Int))] = [(1, (1, 2)), (2, (3, 4))]

    /// Builds the world as it is at `now`.
    public static func snapshot(at now: Date) -> FakeWorldSnapshot {
        let league = League(leagueID: leagueID, name: leagueName, season: season, status: .inSeason,
                            previousLeagueID: nil, isBestBall: false, scoringSettings: scoringSettings)
        let stats = statsByPlayer(at: now)
        return FakeWorldSnapshot(
            state: NFLState(week: week, season: season, seasonType: .regular, leagueSeason: season),
            users: users.map { SleeperUser(userID: $0.userID, username: $0.username, displayName: $0.username) },
            leagues: [league],
            leagueIDsByUser: Dictionary(uniqueKeysWithValues: users.map { ($0.userID, [leagueID]) }),
            rosters: [leagueID: rosters],
            members: [leagueID: users.map { LeagueMember(userID: $0.userID, displayName: $0.username, teamName: $0.teamName) }],
            matchups: [MatchupKey(leagueID: leagueID, week: week): matchups(stats)],
            playersJSON: playersJSON,
            games: [statsWeek: games(at: now)],
            stats: [statsWeek: statLines(stats)],
            projections: [statsWeek: projectionLines]
        )
    }

    /// A new world serving the script, its simulated clock at `now`.
    public static func world(at now: Date) -> FakeSleeperWorld {
        let world = FakeSleeperWorld()
        install(into: world, at: now)
        return world
    }

    /// Installs the script as `world`'s provider, starting the simulated clock at `now`.
    public static func install(into world: FakeSleeperWorld, at now: Date) {
        world.setNow(now)
        world.setProvider { snapshot(at: $0) }
    }

    /// The rosters (saved lineups equal the matchup lineups in the script).
    public static var rosters: [Roster] {
        lineups.map { lineup in
            Roster(rosterID: lineup.rosterID, ownerID: users.first { $0.rosterID == lineup.rosterID }?.userID,
                   coOwners: [], players: lineup.starters + lineup.bench, starters: lineup.starters)
        }
    }

    /// Matchup lines at `now`: each player's stats scored with the league's settings
    /// (``scoringSettings``), the team's points its starters' sum.
    public static func matchups(at now: Date) -> [FakeMatchup] {
        matchups(statsByPlayer(at: now))
    }

    /// Matchup lines from every player's stats (`stats` by player id; none is no stats yet).
    static func matchups(_ stats: [String: [String: Double]]) -> [FakeMatchup] {
        lineups.map { lineup in
            let matchupID = pairings.first { $0.rosters.0 == lineup.rosterID || $0.rosters.1 == lineup.rosterID }?.matchupID
            return FakeMatchup(entry: FakeScoring.entry(rosterID: lineup.rosterID, matchupID: matchupID,
                                                        starters: lineup.starters, bench: lineup.bench) { id in
                FakeScoring.points(stats[id] ?? [:], under: scoringSettings)
            })
        }
    }
}
