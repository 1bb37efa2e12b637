import Foundation

/// Folds a fresh feed answer into what Sideline already knew about the week's games.
///
/// Feeds flap (a game has been seen to go from final back to pre-game right after it ended)
/// and stall (a feed still saying "in progress" hours after the game), so statuses only move
/// forward and a few rules turn doubtful answers into decisions:
/// - a game once final stays final; one once in progress never goes back to scheduled;
/// - a game postponed or suspended after kickoff counts as done (its players are done);
/// - a game still in progress `stalledAfter` past kickoff is treated as done (and noted).
public enum GameStatusMerger {
    public static let stalledAfter: TimeInterval = 6 * 3600

    public struct Result: Sendable, Hashable {
        public let schedule: WeekSchedule
        /// Human-readable notes for the log (stalled games, ignored flaps).
        public let notes: [String]
    }

    public static func merge(previous: WeekSchedule?, observed: WeekSchedule, now: Date) -> Result {
        var notes: [String] = []
        let known = Dictionary((previous?.games ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var merged: [NFLGame] = observed.games.map { game in
            guard let old = known[game.id] else { return game }
            let status = forward(from: old.status, to: game.status)
            if status != game.status {
                notes.append("game \(game.id) \(game.away)@\(game.home): feed says \(game.status.rawValue) after \(old.status.rawValue); keeping \(status.rawValue)")
            }
            return game.with(status: status)
        }
        // A game the feed stopped listing keeps what we knew of it.
        let seen = Set(observed.games.map(\.id))
        merged += (previous?.games ?? []).filter { !seen.contains($0.id) }
        let aged = age(WeekSchedule(season: observed.season, seasonType: observed.seasonType, week: observed.week, games: merged), now: now)
        return Result(schedule: aged.schedule, notes: notes + aged.notes)
    }

    /// Applies the time-based rules to a stored schedule when no new answer came in.
    public static func age(_ schedule: WeekSchedule, now: Date) -> Result {
        var notes: [String] = []
        let games = schedule.games.map { game -> NFLGame in
            if game.status == .inProgress, now.timeIntervalSince(game.kickoff) >= stalledAfter {
                notes.append("game \(game.id) \(game.away)@\(game.home) still in progress 6 h after kickoff: treating it as done")
                return game.with(status: .final)
            }
            return game
        }
        return Result(schedule: WeekSchedule(season: schedule.season, seasonType: schedule.seasonType, week: schedule.week, games: games), notes: notes)
    }

    static func forward(from old: GameStatus, to new: GameStatus) -> GameStatus {
        switch (old, new) {
        case (.final, _): return .final
        // Postponed or suspended after kickoff: the players' day is over.
        case (.inProgress, .postponed): return .final
        case (.inProgress, .scheduled): return .inProgress
        default: return new
        }
    }
}
