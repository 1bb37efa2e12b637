import Foundation
import SidelineCore

extension PersonSundayScript {
    typealias ScriptedPlayer = GameDayScript.ScriptedPlayer

    /// Players the demo league does not need: enough London, 4:25 and Sunday-night starters
    /// for a whole lineup each, and starters on teams with no game this week.
    static let extraPlayers: [ScriptedPlayer] = [
        // London (WAS, JAX).
        GameDayScript.p("61001", "Terry", "McLaurin", "WR", "WAS"),
        GameDayScript.p("61002", "Brian", "Robinson", "RB", "WAS"),
        GameDayScript.p("61003", "Evan", "Engram", "TE", "JAX"),
        GameDayScript.p("61004", "Cam", "Little", "K", "JAX"),
        GameDayScript.p("61005", "Zach", "Ertz", "TE", "WAS"),
        GameDayScript.defense("WAS", "Washington", "Commanders"),
        // 4:25 (LAR, SF).
        GameDayScript.p("61011", "Matthew", "Stafford", "QB", "LAR"),
        GameDayScript.p("61012", "Kyren", "Williams", "RB", "LAR"),
        GameDayScript.p("61013", "Brandon", "Aiyuk", "WR", "SF"),
        GameDayScript.p("61014", "Jake", "Moody", "K", "SF"),
        GameDayScript.p("61015", "Cooper", "Kupp", "WR", "LAR"),
        GameDayScript.defense("LAR", "Los Angeles", "Rams"),
        // Sunday night (KC, LAC).
        GameDayScript.p("61021", "Patrick", "Mahomes", "QB", "KC"),
        GameDayScript.p("61022", "J.K.", "Dobbins", "RB", "LAC"),
        GameDayScript.p("61023", "Xavier", "Worthy", "WR", "KC"),
        GameDayScript.p("61024", "Quentin", "Johnston", "WR", "LAC"),
        // On a bye (BUF, CHI, GB, TB have no game in the script).
        GameDayScript.p("61031", "James", "Cook", "RB", "BUF"),
        GameDayScript.p("61032", "D'Andre", "Swift", "RB", "CHI"),
        GameDayScript.p("61033", "DJ", "Moore", "WR", "CHI"),
        GameDayScript.p("61034", "Jayden", "Reed", "WR", "GB"),
        GameDayScript.p("61035", "Mike", "Evans", "WR", "TB"),
        GameDayScript.p("61036", "Cole", "Kmet", "TE", "CHI"),
        GameDayScript.p("61037", "Tyler", "Bass", "K", "BUF"),
        GameDayScript.defense("BUF", "Buffalo", "Bills"),
    ]

    static let allPlayers = GameDayScript.players + extraPlayers

    public static let playersJSON = GameDayScript.playersJSON(allPlayers)

    /// Every player's stats at `now` (none before his kickoff and on a bye).
    static func statsByPlayer(at now: Date) -> [String: [String: Double]] {
        allPlayers.reduce(into: [:]) { all, player in all[player.id] = GameDayScript.stats(of: player, at: now) }
    }

    static let projectionLines = GameDayScript.projectionLines(of: allPlayers)
}
