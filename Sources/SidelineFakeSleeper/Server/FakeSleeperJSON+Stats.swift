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
