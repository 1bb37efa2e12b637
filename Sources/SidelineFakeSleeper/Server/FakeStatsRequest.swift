import Foundation
import SidelineCore

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
