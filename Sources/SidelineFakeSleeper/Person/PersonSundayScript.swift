import Foundation
import SidelineCore

/// ``GameDayScript``'s Sunday (the same games, kickoffs and players' stats) seen by one
/// manager in six leagues, for the person activity (issue 30):
///
/// - ``london``: every starter of `demo_pat`'s plays in London (9:30 ET).
/// - ``early``: every starter plays at 1:00; `demo_sam` co-owns the roster.
/// - ``late``: every starter plays at 4:25.
/// - ``primeTime``: every starter plays on Sunday night (8:20 ET).
/// - ``split``: 1:00 and 4:25 starters.
/// - ``byeWeek``: every starter's team is on a bye.
///
/// `demo_rival` has roster 2 in every league (`demo_casey`'s lineup, for a score to chase).
/// Every instant is UTC, as in ``GameDayScript``.
public enum PersonSundayScript {
    public typealias DemoUser = GameDayScript.DemoUser

    public static let pat = DemoUser(userID: "710000000000000001", username: "demo_pat", rosterID: 1, teamName: "Pat's Picks")
    /// Co-owns Pat's roster in ``early`` (and is in no other league).
    public static let sam = DemoUser(userID: "710000000000000002", username: "demo_sam", rosterID: 1, teamName: nil)
    public static let rival = DemoUser(userID: "710000000000000003", username: "demo_rival", rosterID: 2, teamName: "Rival Rebels")

    /// One of Pat's leagues: his starters in it.
    public struct ScriptedLeague: Sendable, Hashable {
        public let leagueID: String
        public let name: String
        /// Slot order QB RB RB WR WR TE FLEX K DEF.
        public let starters: [String]
        public let bench: [String]
    }

    public static let london = league(1, "Thames Valley", ["11566", "7543", "61002", "11631", "61001", "61003", "61005", "61004", "WAS"])
    public static let early = league(2, "Early Birds", ["6797", "4866", "4035", "7547", "11632", "3259", "9508", "2747", "DET"])
    public static let late = league(3, "Late Window", ["61011", "4034", "61012", "9493", "61013", "3214", "61015", "61014", "LAR"])
    public static let primeTime = league(4, "Prime Time", ["61021", "8205", "61022", "11635", "61023", "1466", "61024", "3678", "KC"])
    public static let split = league(5, "Split Shift", ["6904", "9509", "4034", "6786", "9493", "3214", "9497", "11533", "PHI"])
    public static let byeWeek = league(6, "Bye Week Blues", ["4984", "61031", "61032", "61033", "61035", "61036", "61034", "61037", "BUF"])

    /// In registration order (`sideline users add demo_pat` lists them so).
    public static let leagues = [london, early, late, primeTime, split, byeWeek]

    static func league(_ number: Int, _ name: String, _ starters: [String]) -> ScriptedLeague {
        ScriptedLeague(leagueID: "11900000000000000\(String(format: "%02d", number))", name: name, starters: starters, bench: ["7526"])
    }

    /// Builds the world as it is at `now`.
    public static func snapshot(at now: Date) -> FakeWorldSnapshot {
        let users = [pat, sam, rival]
        let stats = statsByPlayer(at: now)
        let points: (String) -> Double = { FakeScoring.points(stats[$0] ?? [:], under: GameDayScript.scoringSettings) }
        let rivalLineup = GameDayScript.lineups[1]
        var snapshot = FakeWorldSnapshot(
            state: NFLState(week: GameDayScript.week, season: GameDayScript.season, seasonType: .regular, leagueSeason: GameDayScript.season),
            users: users.map { SleeperUser(userID: $0.userID, username: $0.username, displayName: $0.username) },
            leagueIDsByUser: [pat.userID: leagues.map(\.leagueID), rival.userID: leagues.map(\.leagueID), sam.userID: [early.leagueID]],
            playersJSON: playersJSON,
            games: [GameDayScript.statsWeek: GameDayScript.games(at: now)],
            stats: [GameDayScript.statsWeek: GameDayScript.statLines(stats, of: allPlayers)],
            projections: [GameDayScript.statsWeek: projectionLines]
        )
        for league in leagues {
            snapshot.leagues.append(League(leagueID: league.leagueID, name: league.name, season: GameDayScript.season, status: .inSeason,
                                           previousLeagueID: nil, isBestBall: false, scoringSettings: GameDayScript.scoringSettings))
            let coOwners = league == early ? [sam.userID] : []
            snapshot.rosters[league.leagueID] = [
                Roster(rosterID: 1, ownerID: pat.userID, coOwners: coOwners, players: league.starters + league.bench, starters: league.starters),
                Roster(rosterID: 2, ownerID: rival.userID, coOwners: [], players: rivalLineup.starters + rivalLineup.bench, starters: rivalLineup.starters),
            ]
            let members = (league == early ? [pat, sam, rival] : [pat, rival])
            snapshot.members[league.leagueID] = members.map { LeagueMember(userID: $0.userID, displayName: $0.username, teamName: $0.teamName) }
            snapshot.matchups[MatchupKey(leagueID: league.leagueID, week: GameDayScript.week)] = [
                FakeMatchup(entry: FakeScoring.entry(rosterID: 1, matchupID: 1, starters: league.starters, bench: league.bench, points: points)),
                FakeMatchup(entry: FakeScoring.entry(rosterID: 2, matchupID: 1, starters: rivalLineup.starters, bench: rivalLineup.bench, points: points)),
            ]
        }
        return snapshot
    }

    /// Installs the script as `world`'s provider, starting the simulated clock at `now`.
    public static func install(into world: FakeSleeperWorld, at now: Date) {
        world.setNow(now)
        world.setProvider { snapshot(at: $0) }
    }
}
