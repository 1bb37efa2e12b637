import Foundation
import SidelineCore

extension GameDayScript {
    /// A scripted player. Defenses use their team code as id, as Sleeper does.
    public struct ScriptedPlayer: Sendable, Hashable {
        public let id: String
        public let firstName: String
        public let lastName: String
        public let position: String
        public let team: String

        public var fullName: String { "\(firstName) \(lastName)" }
        public var isDefense: Bool { position == "DEF" }
    }

    static func p(_ id: String, _ first: String, _ last: String, _ position: String, _ team: String) -> ScriptedPlayer {
        ScriptedPlayer(id: id, firstName: first, lastName: last, position: position, team: team)
    }

    static func defense(_ team: String, _ city: String, _ name: String) -> ScriptedPlayer {
        ScriptedPlayer(id: team, firstName: city, lastName: name, position: "DEF", team: team)
    }

    /// Every player the script uses.
    public static let players: [ScriptedPlayer] = [
        // Roster 1 (alex): London, 1:00, 4:05, 4:25, Sunday night.
        p("11566", "Jayden", "Daniels", "QB", "WAS"),
        p("7543", "Travis", "Etienne", "RB", "JAX"),
        p("9221", "Jahmyr", "Gibbs", "RB", "DET"),
        p("9493", "Puka", "Nacua", "WR", "LAR"),
        p("7526", "Jaylen", "Waddle", "WR", "MIA"),
        p("3214", "George", "Kittle", "TE", "SF"),
        p("8205", "Isiah", "Pacheco", "RB", "KC"),
        p("3678", "Harrison", "Butker", "K", "KC"),
        defense("PHI", "Philadelphia", "Eagles"),
        p("9488", "Chase", "Brown", "RB", "CIN"),
        p("11617", "Marvin", "Harrison", "WR", "ARI"),
        // Roster 2 (casey): 1:00, 4:05, London, Sunday and Monday night; one empty slot.
        p("6904", "Jalen", "Hurts", "QB", "PHI"),
        p("8151", "Kenneth", "Walker", "RB", "SEA"),
        p("9509", "Bijan", "Robinson", "RB", "ATL"),
        p("6786", "CeeDee", "Lamb", "WR", "DAL"),
        p("7564", "Ja'Marr", "Chase", "WR", "CIN"),
        p("11631", "Brian", "Thomas", "WR", "JAX"),
        p("11533", "Brandon", "Aubrey", "K", "DAL"),
        defense("KC", "Kansas City", "Chiefs"),
        p("3321", "Tyreek", "Hill", "WR", "MIA"),
        // Roster 3 (blake): 1:00 only, plus a Monday-night defense.
        p("6797", "Jared", "Goff", "QB", "DET"),
        p("4866", "Saquon", "Barkley", "RB", "PHI"),
        p("4035", "Alvin", "Kamara", "RB", "NO"),
        p("7547", "Amon-Ra", "St. Brown", "WR", "DET"),
        p("11632", "Malik", "Nabers", "WR", "NYG"),
        p("3259", "Hunter", "Henry", "TE", "NE"),
        p("9508", "De'Von", "Achane", "RB", "MIA"),
        p("2747", "Jake", "Elliott", "K", "PHI"),
        defense("PIT", "Pittsburgh", "Steelers"),
        p("9490", "Jaxon", "Smith-Njigba", "WR", "SEA"),
        // Roster 4 (drew): a bye (BUF), 4:05, 4:25, 1:00, Sunday and Monday night.
        p("4984", "Josh", "Allen", "QB", "BUF"),
        p("4034", "Christian", "McCaffrey", "RB", "SF"),
        p("5284", "James", "Conner", "RB", "ARI"),
        p("9497", "Drake", "London", "WR", "ATL"),
        p("6801", "Tee", "Higgins", "WR", "CIN"),
        p("8130", "Trey", "McBride", "TE", "ARI"),
        p("11635", "Ladd", "McConkey", "WR", "LAC"),
        p("8259", "Cameron", "Dicker", "K", "LAC"),
        defense("DET", "Detroit", "Lions"),
        p("1466", "Travis", "Kelce", "TE", "KC"),
    ]

    /// The `players/nfl` body for the script's players, shaped like Sleeper's.
    public static let playersJSON = playersJSON(players)

    /// A `players/nfl` body for `players`, shaped like Sleeper's.
    static func playersJSON(_ players: [ScriptedPlayer]) -> Data {
        var map: [String: Any] = [:]
        for player in players {
            var object: [String: Any] = [
                "player_id": player.id, "first_name": player.firstName, "last_name": player.lastName,
                "position": player.position, "team": player.team, "fantasy_positions": [player.position],
                "active": true, "sport": "nfl",
            ]
            if !player.isDefense {
                // Only real players carry these; defenses have a handful of keys.
                object["full_name"] = player.fullName
                object["status"] = "Active"
                object["injury_status"] = NSNull()
                object["years_exp"] = 3
                object["search_full_name"] = player.fullName.lowercased().filter(\.isLetter)
            }
            map[player.id] = object
        }
        return (try? JSONSerialization.data(withJSONObject: map, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// The scripted player with this id.
    public static func player(_ id: String) -> ScriptedPlayer? {
        playersByID[id]
    }

    /// A lookup, not a search: the fake builds a snapshot for most requests it answers.
    static let playersByID: [String: ScriptedPlayer] = Dictionary(players.map { ($0.id, $0) }) { first, _ in first }
}
