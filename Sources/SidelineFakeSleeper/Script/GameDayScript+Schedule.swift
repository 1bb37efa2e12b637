import Foundation
import SidelineCore

extension GameDayScript {
    /// One scripted game: teams and kickoff. Status follows from the instant asked about.
    public struct ScriptedGame: Sendable, Hashable {
        public let gameID: String
        public let home: TeamCode
        public let away: TeamCode
        public let kickoff: Date
        /// When it turns `complete`: kickoff + ``GameDayScript/gameLength``.
        public var end: Date { kickoff.addingTimeInterval(GameDayScript.gameLength) }

        public func involves(_ team: TeamCode) -> Bool { home == team || away == team }
    }

    // Kickoffs, UTC.
    /// Sun 22 Nov, 9:30 ET: London.
    public static let londonKickoff = utc(2026, 11, 22, 14, 30)
    /// Sun 22 Nov, 1:00 ET.
    public static let earlyKickoff = utc(2026, 11, 22, 18, 0)
    /// Sun 22 Nov, 4:05 ET.
    public static let lateEarlyKickoff = utc(2026, 11, 22, 21, 5)
    /// Sun 22 Nov, 4:25 ET.
    public static let lateKickoff = utc(2026, 11, 22, 21, 25)
    /// Sunday night, 8:20 ET = Mon 23 Nov 01:20Z.
    public static let sundayNightKickoff = utc(2026, 11, 23, 1, 20)
    /// Monday night, 8:15 ET = Tue 24 Nov 01:15Z.
    public static let mondayNightKickoff = utc(2026, 11, 24, 1, 15)

    /// The week's games. BUF (and every team not listed) is on a bye.
    public static let schedule: [ScriptedGame] = [
        game("401772001", home: "JAX", away: "WAS", londonKickoff),
        game("401772002", home: "DET", away: "NYG", earlyKickoff),
        game("401772003", home: "PHI", away: "DAL", earlyKickoff),
        game("401772004", home: "MIA", away: "NE", earlyKickoff),
        game("401772005", home: "ATL", away: "NO", earlyKickoff),
        game("401772006", home: "ARI", away: "SEA", lateEarlyKickoff),
        game("401772007", home: "LAR", away: "SF", lateKickoff),
        game("401772008", home: "KC", away: "LAC", sundayNightKickoff),
        game("401772009", home: "CIN", away: "PIT", mondayNightKickoff),
    ]

    /// The team on a bye whose player sits in a lineup.
    public static let byeTeam = TeamCode(normalizing: "BUF")

    /// The scores feed at `now`.
    public static func games(at now: Date) -> [FakeGame] {
        schedule.map { game in
            let status: FakeGame.Status = now < game.kickoff ? .preGame : (now < game.end ? .inGame : .complete)
            let progress = min(max(now.timeIntervalSince(game.kickoff) / gameLength, 0), 1)
            return FakeGame(gameID: game.gameID, home: game.home, away: game.away, kickoff: game.kickoff, status: status,
                            homeScore: Int(progress * 27), awayScore: Int(progress * 20),
                            clock: status == .preGame ? nil : FakeGameClock(progress: progress))
        }
    }

    /// The scripted game `team` plays, if any.
    public static func game(for team: TeamCode) -> ScriptedGame? {
        schedule.first { $0.involves(team) }
    }

    static func game(_ id: String, home: String, away: String, _ kickoff: Date) -> ScriptedGame {
        ScriptedGame(gameID: id, home: team(home), away: team(away), kickoff: kickoff)
    }

    static func team(_ code: String) -> TeamCode {
        // Script codes are literals in Sleeper spelling; a bad one is a bug in this file.
        guard let team = TeamCode(normalizing: code) else { preconditionFailure("bad team code in the script: \(code)") }
        return team
    }

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        var components = DateComponents()
        (components.year, components.month, components.day, components.hour, components.minute) = (year, month, day, hour, minute)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }
}
