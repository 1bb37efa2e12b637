import Foundation
import SidelineCore

extension FakeSleeperJSON {
    /// Which feed a stats row belongs to: Sleeper's `category`.
    enum StatCategory: String {
        case stats, projections = "proj"
    }

    /// One row of the stats or projections feed, shaped like Sleeper's.
    static func statRow(_ line: FakeStatLine, week: GamesKey, category: StatCategory) -> Any {
        var stats: [String: Any] = line.stats
        if let ppr = line.pprPoints, ppr != 0 { stats["pts_ppr"] = ppr }
        return [
            "player_id": line.playerID, "stats": stats, "week": week.week, "season": week.season,
            "season_type": week.seasonType.rawValue, "team": line.team.map { $0 as Any } ?? NSNull(),
            "category": category.rawValue, "sport": "nfl", "company": "sportradar",
        ] as [String: Any]
    }
}

/// A stats or projections request: `/{stats|projections}/nfl/{season}/{week}` with
/// `season_type` (default `regular`) and any number of `position[]` filters.
struct FakeStatsRequest {
    let category: FakeSleeperJSON.StatCategory
    let week: GamesKey
    /// Upper-cased; empty is every position.
    let positions: Set<String>

    /// `nil` for a path that is not one of the two feeds. `query` holds a repeated name's
    /// values comma-joined (``FakeSleeperWorld/Router``).
    init?(parts: [Substring], query: [String: String]) {
        guard parts.count == 4, parts[1] == "nfl", let week = Int(parts[3]) else { return nil }
        switch parts[0] {
        case "stats": category = .stats
        case "projections": category = .projections
        default: return nil
        }
        self.week = GamesKey(seasonType: SeasonType(sleeperValue: query["season_type"] ?? "regular"), season: String(parts[2]), week: week)
        positions = Set((query["position[]"] ?? "").split(separator: ",").map { $0.uppercased() })
    }

    func wants(_ line: FakeStatLine) -> Bool {
        positions.isEmpty || positions.contains(line.position.uppercased())
    }

    /// The rows of `lines` this request asks for, as JSON.
    func body(_ lines: [FakeStatLine]) -> Data {
        FakeSleeperJSON.encode(lines.filter(wants).map { FakeSleeperJSON.statRow($0, week: week, category: category) })
    }
}
