import Foundation
import SidelineCore

extension SyntheticSunday {
    /// The rows a stats or projections request gets at `now`: stats for every pool player
    /// whose game has kicked off, projections for every one with a game. Another week or
    /// season type has none.
    static func statLines(_ request: FakeStatsRequest, at now: Date) -> [FakeStatLine] {
        guard request.week == GamesKey(seasonType: .regular, season: season, week: week) else { return [] }
        return SyntheticPlayers.pool.compactMap { player in
            let stats = switch request.category {
            case .stats: SyntheticPlayers.stats(player.id, at: now)
            case .projections: SyntheticPlayers.projection(player.id)
            }
            return stats.map { line(player, $0) }
        }
    }

    /// Every other row carries Sleeper's pre-computed PPR total, which clients must ignore.
    static func line(_ player: SyntheticPlayers.Player, _ stats: [String: Double]) -> FakeStatLine {
        let ppr = GameDayScript.stableHash(player.id) % 2 == 0 ? FakeScoring.points(stats, under: FakeScoring.ppr) : nil
        return FakeStatLine(playerID: player.id, position: player.position, team: player.team.rawValue, stats: stats, pprPoints: ppr)
    }
}
