import Foundation

/// The chance a registration's side wins its matchup right now (ADR 028): each side's
/// points so far, plus each starter still to count projected over the share of his game
/// left (his game's quarter and clock). Pure.
public enum MatchupChance {
    /// `nil` without an opponent (a bye, a median-only week) or without projections.
    /// `projection` is a player's whole-game projection under the league's rules.
    public static func of(_ view: MatchupView, schedule: WeekSchedule?, projection: (String) -> Double?) -> Double? {
        guard let opponent = view.opponent else { return nil }
        let chance = WinProbability.chance(side(view.me, schedule: schedule, projection: projection),
                                           against: side(opponent, schedule: schedule, projection: projection))
        return chance.isFinite ? chance : nil
    }

    static func side(_ lineup: LineupView, schedule: WeekSchedule?, projection: (String) -> Double?) -> WinProbability.Side {
        var remaining: [WinProbability.Remaining] = []
        for starter in lineup.starters where starter.state == .playing || starter.state == .toPlay {
            let game = starter.team.flatMap { schedule?.game(for: $0) }
            let shareLeft = game?.shareLeft ?? (starter.state == .toPlay ? 1 : 0.5)
            remaining.append(WinProbability.Remaining(projection: projection(starter.playerID) ?? 0, shareLeft: shareLeft, position: starter.position))
        }
        return WinProbability.Side(points: lineup.points, remaining: remaining)
    }
}
