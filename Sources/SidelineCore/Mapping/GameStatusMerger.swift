import Foundation

/// Folds a fresh feed answer into what Sideline already knew about the week's games.
///
/// Feeds flap (a game has been seen to go from final back to pre-game right after it ended)
/// and stall (a feed still saying "in progress" hours after the game), so statuses only move
/// forward and a few rules turn doubtful answers into decisions:
/// - a game once final stays final; one once in progress never goes back to scheduled;
/// - a game postponed or suspended after kickoff counts as done (its players are done);
/// - a game still in progress `stalledAfter` past kickoff is treated as done (and noted).
///
/// A game's quarter and clock come from the newest observation that agrees with its merged
/// status; a status the merger decides itself (done after a postponement or a stall) has
/// none, since the last reading would only say the game is not over.
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
            return game.merged(status: status, old: old)
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
                return game.withoutClock(status: .final)
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

extension NFLGame {
    /// This observation with the merged `status`, and the clock of whichever observation
    /// agrees with it.
    fileprivate func merged(status: GameStatus, old: NFLGame) -> NFLGame {
        if status == self.status {
            // A feed that lists a game in progress without its clock (or a fallback that
            // has none) does not erase the last reading.
            if status == .inProgress, quarter == nil, old.status == .inProgress { return withClock(of: old) }
            return self
        }
        // The feed flapped (final back to pre-game, live back to scheduled): the last
        // observation that said what we keep also says where the game was.
        if status == old.status { return withClock(of: old).with(status: status) }
        return withoutClock(status: status)
    }

    fileprivate func withClock(of other: NFLGame) -> NFLGame {
        NFLGame(id: id, home: home, away: away, kickoff: kickoff, status: status,
                quarter: other.quarter, secondsLeftInQuarter: other.secondsLeftInQuarter)
    }

    fileprivate func withoutClock(status: GameStatus) -> NFLGame {
        NFLGame(id: id, home: home, away: away, kickoff: kickoff, status: status)
    }
}
