import Foundation
import SidelineCore

/// The fantasy-relevant player pool of ``SyntheticSunday`` (17 a team: 2 QB, 4 RB, 6 WR,
/// 3 TE, a kicker and the defense), their scoring, and a full-size `players/nfl` body.
public enum SyntheticPlayers {
    public struct Player: Sendable, Hashable {
        public let id: String
        public let firstName: String
        public let lastName: String
        public let position: String
        public let team: TeamCode
    }

    static let depth: [(String, Int)] = [("QB", 2), ("RB", 4), ("WR", 6), ("TE", 3), ("K", 1)]
    static let firstNames = ["Aaron", "Bryce", "Caleb", "Dante", "Elijah", "Folarin", "Garrett", "Hassan", "Isaiah", "Jalen", "Kyren", "Lamar", "Marquise", "Nico", "Omarion", "Puka", "Quentin", "Rashee", "Saquon", "Tyjae", "Uchenna", "Vontae", "Wan'Dale", "Xavier", "Yasir", "Zay"]
    static let lastNames = ["Achane", "Brooks", "Chase", "Dobbins", "Etienne", "Flowers", "Gibbs", "Hall", "Irving", "Jefferson", "Kincaid", "LaPorta", "McBride", "Nabers", "Olave", "Pickens", "Quinn", "Rice", "St. Brown", "Tucker", "Usher", "Vele", "Warren", "Xiong", "Young", "Zeller"]

    /// The pool, grouped by team then position, ids from 20000.
    public static let pool: [Player] = {
        var players: [Player] = []
        var next = 20000
        for team in SyntheticSunday.teams {
            for (position, count) in depth {
                for _ in 0..<count {
                    let first = firstNames[next % firstNames.count]
                    let last = lastNames[(next / firstNames.count) % lastNames.count]
                    players.append(Player(id: String(next), firstName: first, lastName: last, position: position, team: team))
                    next += 1
                }
            }
            players.append(Player(id: team.rawValue, firstName: team.rawValue, lastName: "Defense", position: "DEF", team: team))
        }
        return players
    }()

    public static let byID: [String: Player] = Dictionary(uniqueKeysWithValues: pool.map { ($0.id, $0) })

    /// Each pool player's stats after 0…n scoring steps of his game.
    static let steps = Int((SyntheticSunday.gameLength / SyntheticSunday.scoringStep).rounded(.up))
    static let statsTable: [String: [[String: Double]]] = {
        var table: [String: [[String: Double]]] = [:]
        for player in pool {
            var generator = SplitMix64(seed: GameDayScript.stableHash("synthetic-\(player.id)"))
            var tally = FakeTally()
            var row = [tally.stats(position: player.position)]
            for _ in 0..<steps {
                tally.add(roll: generator.next())
                row.append(tally.stats(position: player.position))
            }
            table[player.id] = row
        }
        return table
    }()

    /// The same steps in points, under ``SyntheticLeagues/scoringSettings`` (every
    /// synthetic league's): scored once here, since a matchups answer reads hundreds.
    static let pointsTable: [String: [Double]] = statsTable.mapValues { row in
        row.map { FakeScoring.points($0, under: SyntheticLeagues.scoringSettings) }
    }

    /// How many scoring steps of `id`'s game have passed at `now`; `nil` before his kickoff
    /// and on a bye.
    static func step(_ id: String, at now: Date) -> Int? {
        guard let player = byID[id], let game = SyntheticSunday.game(for: player.team), now >= game.kickoff else { return nil }
        let elapsed = min(now, game.end).timeIntervalSince(game.kickoff)
        return min(Int(elapsed / SyntheticSunday.scoringStep), steps)
    }

    /// A player's points at `now`: 0 before his kickoff and on a bye, flat after his game.
    public static func points(_ id: String, at now: Date) -> Double {
        guard let step = step(id, at: now), let row = pointsTable[id] else { return 0 }
        return row[step]
    }

    /// A player's stats at `now`: `nil` before his kickoff and on a bye.
    public static func stats(_ id: String, at now: Date) -> [String: Double]? {
        guard let step = step(id, at: now) else { return nil }
        return statsTable[id]?[step]
    }

    /// A player's projected stats for his whole game; `nil` on a bye. Fixed all week.
    public static func projection(_ id: String) -> [String: Double]? {
        guard let player = byID[id], SyntheticSunday.game(for: player.team) != nil else { return nil }
        return FakeTally.projection(position: player.position, seed: GameDayScript.stableHash("synthetic-projection-\(id)"))
    }

    /// A `players/nfl` body of Sleeper's shape and size: the pool plus free agents, retired
    /// and practice-squad players up to `count`, each with the ~45 keys Sleeper sends
    /// (about 14 MB for 12,000 players). Defenses carry only a handful of keys, as on Sleeper.
    public static func playersJSON(count: Int = 12_000) -> Data {
        var out = "{"
        out.reserveCapacity(count * 1_250)
        var first = true
        func add(_ id: String, _ body: String) {
            if !first { out += "," }
            first = false
            out += "\"\(id)\":\(body)"
        }
        for player in pool {
            if player.position == "DEF" {
                add(player.id, "{\"player_id\":\"\(player.id)\",\"first_name\":\"\(player.team.rawValue)\",\"last_name\":\"Defense\",\"position\":\"DEF\",\"fantasy_positions\":[\"DEF\"],\"team\":\"\(player.team.rawValue)\",\"active\":true,\"sport\":\"nfl\"}")
            } else {
                add(player.id, full(id: player.id, first: player.firstName, last: player.lastName, position: player.position, team: player.team.rawValue))
            }
        }
        let positions = ["QB", "RB", "WR", "TE", "K", "LB", "DB", "DL", "OL", "LS", "P"]
        var index = 0
        while out.utf8.count < 0 || index + pool.count < count {
            let id = String(40000 + index)
            let team: String? = index % 3 == 0 ? SyntheticSunday.teams[index % SyntheticSunday.teams.count].rawValue : nil
            add(id, full(id: id, first: firstNames[index % firstNames.count], last: lastNames[(index / 7) % lastNames.count],
                         position: positions[index % positions.count], team: team))
            index += 1
        }
        out += "}"
        return Data(out.utf8)
    }

    static func full(id: String, first: String, last: String, position: String, team: String?) -> String {
        let number = Int(GameDayScript.stableHash(id) % 99) + 1
        let full = "\(first) \(last)"
        let search = full.lowercased().filter(\.isLetter)
        let teamValue = team.map { "\"\($0)\"" } ?? "null"
        return """
        {"player_id":"\(id)","first_name":"\(first)","last_name":"\(last)","full_name":"\(full)","search_full_name":"\(search)",\
        "search_first_name":"\(first.lowercased())","search_last_name":"\(last.lowercased().filter(\.isLetter))","search_rank":\(number * 97),\
        "position":"\(position)","fantasy_positions":["\(position)"],"team":\(teamValue),"team_abbr":null,"team_changed_at":null,\
        "status":"\(team == nil ? "Inactive" : "Active")","injury_status":null,"injury_body_part":null,"injury_start_date":null,\
        "injury_notes":null,"practice_participation":null,"practice_description":null,"number":\(number),\
        "depth_chart_position":"\(position)","depth_chart_order":\(number % 4 + 1),"age":\(21 + number % 15),\
        "birth_date":"199\(number % 10)-0\(number % 9 + 1)-1\(number % 9)","birth_city":null,"birth_state":null,"birth_country":null,\
        "height":"\(70 + number % 9)","weight":"\(180 + number)","college":"State University","high_school":"Central High School (TX)",\
        "years_exp":\(number % 14),"active":\(team != nil),"sport":"nfl","hashtag":"#\(search)-nfl-\(position.lowercased())-\(number)",\
        "news_updated":\(1_763_000_000_000 + Int(number) * 1_000),"espn_id":\(4_000_000 + number),"yahoo_id":\(30_000 + number),\
        "rotowire_id":\(10_000 + number),"rotoworld_id":null,"fantasy_data_id":\(20_000 + number),"sportradar_id":"\(UUIDish(id))",\
        "stats_id":\(800_000 + number),"gsis_id":"00-00\(30_000 + number)","swish_id":\(1_000_000 + number),"pandascore_id":null,\
        "oddsjam_id":null,"opta_id":null,"kalshi_id":null,"competitions":[],\
        "metadata":{"channel_id":"\(1_100_000_000_000_000_000 + number)","rookie_year":"20\(10 + number % 16)","injury_override_regular_2026_11":null}}
        """
    }

    static func UUIDish(_ id: String) -> String {
        let h = String(GameDayScript.stableHash(id), radix: 16)
        let padded = String(repeating: "0", count: max(0, 16 - h.count)) + h
        let chars = Array(padded + padded)
        return "\(String(chars[0..<8]))-\(String(chars[8..<12]))-\(String(chars[12..<16]))-\(String(chars[16..<20]))-\(String(chars[20..<32]))"
    }
}
