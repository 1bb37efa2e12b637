import Foundation
import SidelineCore

extension GameDayScript {
    /// How often a player's stats move during his game.
    public static let scoringStep: TimeInterval = 5 * 60

    /// The demo league's `scoring_settings`: half-PPR.
    public static let scoringSettings = FakeScoring.halfPPR

    /// The week the stats and projections feeds serve: 2026 regular season, week 12.
    public static let statsWeek = GamesKey(seasonType: .regular, season: season, week: week)

    /// A player's stats at `now`: `nil` before his kickoff (and all day on a bye), growing
    /// deterministically every ``scoringStep`` of his game, flat after it ends.
    public static func stats(for playerID: String, at now: Date) -> [String: Double]? {
        player(playerID).flatMap { stats(of: $0, at: now) }
    }

    /// ``stats(for:at:)`` of any scripted player, the script's own or another script's
    /// (``PersonSundayScript`` adds players on the same games).
    static func stats(of player: ScriptedPlayer, at now: Date) -> [String: Double]? {
        guard let game = game(of: player), now >= game.kickoff else { return nil }
        let elapsed = min(now, game.end).timeIntervalSince(game.kickoff)
        let tally = FakeTally.after(steps: Int(elapsed / scoringStep), seed: stableHash(player.id))
        return tally.stats(position: player.position)
    }

    /// A player's points at `now`: his stats under the demo league's settings, to the
    /// hundredth (about 13 a player a game, 100–140 a lineup, like a real week).
    public static func points(for playerID: String, at now: Date) -> Double {
        FakeScoring.points(stats(for: playerID, at: now) ?? [:], under: scoringSettings)
    }

    /// A player's projected stats for his whole game; `nil` on a bye. Fixed all week.
    public static func projection(for playerID: String) -> [String: Double]? {
        player(playerID).flatMap(projection(of:))
    }

    static func projection(of player: ScriptedPlayer) -> [String: Double]? {
        guard game(of: player) != nil else { return nil }
        return FakeTally.projection(position: player.position, seed: stableHash("projection-\(player.id)"))
    }

    /// The stats feed at `now`: a row for every player whose game has kicked off.
    public static func statLines(at now: Date) -> [FakeStatLine] {
        statLines(statsByPlayer(at: now))
    }

    static func statLines(_ stats: [String: [String: Double]], of players: [ScriptedPlayer] = players) -> [FakeStatLine] {
        players.compactMap { player in stats[player.id].map { line(player, $0) } }
    }

    /// The projections feed: a row for every player with a game this week.
    public static let projectionLines = projectionLines(of: players)

    static func projectionLines(of players: [ScriptedPlayer]) -> [FakeStatLine] {
        players.compactMap { player in projection(of: player).map { line(player, $0) } }
    }

    /// Every other row carries Sleeper's pre-computed PPR total, which clients must ignore.
    static func line(_ player: ScriptedPlayer, _ stats: [String: Double]) -> FakeStatLine {
        let ppr = stableHash(player.id) % 2 == 0 ? FakeScoring.points(stats, under: FakeScoring.ppr) : nil
        return FakeStatLine(playerID: player.id, position: player.position, team: player.team, stats: stats, pprPoints: ppr)
    }

    static func game(of player: ScriptedPlayer) -> ScriptedGame? {
        gamesByPlayer[player.id] ?? TeamCode(normalizing: player.team).flatMap(game(for:))
    }

    static let gamesByPlayer: [String: ScriptedGame] = players.reduce(into: [:]) { games, player in
        games[player.id] = TeamCode(normalizing: player.team).flatMap(game(for:))
    }

    /// Every player's stats at `now` (none before his kickoff and on a bye): worked out once
    /// per snapshot, for both the stats feed and the matchups.
    static func statsByPlayer(at now: Date) -> [String: [String: Double]] {
        players.reduce(into: [:]) { all, player in all[player.id] = stats(for: player.id, at: now) }
    }

    /// FNV-1a: stable across runs and platforms, unlike `Hasher`.
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
