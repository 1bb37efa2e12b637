import Foundation
import SidelineCore

/// Reads the stats and projections feeds (`/stats/nfl/…`, `/projections/nfl/…`): an array of
/// `{player_id, stats: {stat_key: number}, …}`. Undocumented, so read defensively: a row
/// without a player id is skipped, a stat that is not a finite number is left out (a missing
/// key counts as zero anyway), the rest of the row (`player`, `team`, pre-computed totals)
/// is ignored. Only a body that is not an array at all is an error.
public enum StatLinesDecoding {
    /// Totals some rows carry under a fixed scoring: not stats (the league's own rules
    /// score). `pts_allow*` are stats (a defense's points allowed) and stay.
    static let precomputedTotals: Set<String> = ["pts_std", "pts_half_ppr", "pts_ppr"]

    public static func lines(from body: Data) throws -> [StatLine] {
        let rows = try JSONDecoder().decode([Skippable<WireStatLine>].self, from: body)
        return rows.compactMap { $0.value?.line }
    }
}

struct WireStatLine: Decodable {
    let line: StatLine?

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientString(AnyKey("player_id")), !id.isEmpty else {
            line = nil
            return
        }
        var stats: [String: Double] = [:]
        // `try?`: a row whose `stats` is not an object has no stats (zero), not a refused body.
        if let nested = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("stats")) {
            for key in nested.allKeys {
                guard !StatLinesDecoding.precomputedTotals.contains(key.stringValue), let value = nested.lenientDouble(key), value.isFinite else { continue }
                stats[key.stringValue] = value
            }
        }
        line = StatLine(playerID: id, stats: stats)
    }
}
