import Foundation
import SidelineCore

/// A full NFL Sunday for load tests: 32 teams, a 9:30 ET London game, eight 1:00 games,
/// 4:05 and 4:25 windows, Sunday night, Monday night, and two teams on a bye. Same week
/// and season as ``GameDayScript`` (2026 week 12), every instant UTC.
public enum SyntheticSunday {
    public static let season = GameDayScript.season
    public static let week = GameDayScript.week
    public static let gameLength = GameDayScript.gameLength
    /// Points move every five minutes of a player's game.
    public static let scoringStep: TimeInterval = 5 * 60

    public struct Game: Sendable, Hashable {
        public let id: String
        public let home: TeamCode
        public let away: TeamCode
        public let kickoff: Date
        public var end: Date { kickoff.addingTimeInterval(SyntheticSunday.gameLength) }
    }

    public static let games: [Game] = {
        let windows: [(Date, [(String, String)])] = [
            (GameDayScript.londonKickoff, [("JAX", "WAS")]),
            (GameDayScript.earlyKickoff, [("DET", "NYG"), ("PHI", "DAL"), ("MIA", "NE"), ("ATL", "NO"), ("BAL", "CLE"), ("CHI", "MIN"), ("HOU", "TEN"), ("IND", "NYJ")]),
            (GameDayScript.lateEarlyKickoff, [("ARI", "SEA"), ("DEN", "LV")]),
            (GameDayScript.lateKickoff, [("LAR", "SF"), ("GB", "CAR")]),
            (GameDayScript.sundayNightKickoff, [("KC", "LAC")]),
            (GameDayScript.mondayNightKickoff, [("PIT", "BUF")]),
        ]
        var result: [Game] = []
        for (kickoff, pairs) in windows {
            for (home, away) in pairs {
                result.append(Game(id: "5017\(70001 + result.count)", home: team(home), away: team(away), kickoff: kickoff))
            }
        }
        return result
    }()

    /// Teams with no game this week.
    public static let byeTeams: [TeamCode] = [team("TB"), team("CIN")]
    public static let teams: [TeamCode] = (games.flatMap { [$0.home, $0.away] } + byeTeams).sorted()

    static let gameByTeam: [TeamCode: Game] = {
        var map: [TeamCode: Game] = [:]
        for game in games { map[game.home] = game; map[game.away] = game }
        return map
    }()

    public static func game(for team: TeamCode) -> Game? { gameByTeam[team] }

    /// The scores feed at `now`.
    public static func feed(at now: Date) -> [FakeGame] {
        games.map { game in
            let status: FakeGame.Status = now < game.kickoff ? .preGame : (now < game.end ? .inGame : .complete)
            let progress = min(max(now.timeIntervalSince(game.kickoff) / gameLength, 0), 1)
            return FakeGame(gameID: game.id, home: game.home, away: game.away, kickoff: game.kickoff, status: status,
                            homeScore: Int(progress * 24), awayScore: Int(progress * 17),
                            clock: status == .preGame ? nil : FakeGameClock(progress: progress))
        }
    }

    static func team(_ code: String) -> TeamCode {
        guard let team = TeamCode(normalizing: code) else { preconditionFailure("bad team code: \(code)") }
        return team
    }
}
