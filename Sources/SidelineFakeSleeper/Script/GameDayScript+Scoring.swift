import Foundation
import SidelineCore

extension GameDayScript {
    /// How often a player's points move during his game.
    public static let scoringStep: TimeInterval = 5 * 60

    /// A player's points at `now`: 0 before his kickoff (and all day on a bye), growing by a
    /// deterministic amount every ``scoringStep`` of his game, flat after it ends.
    public static func points(for playerID: String, at now: Date) -> Double {
        guard playerID != MatchupEntry.emptySlot, let player = player(playerID),
              let team = TeamCode(normalizing: player.team), let game = game(for: team), now >= game.kickoff
        else { return 0 }
        let elapsed = min(now, game.end).timeIntervalSince(game.kickoff)
        let steps = Int(elapsed / scoringStep)
        var generator = SplitMix64(seed: stableHash(playerID))
        var total = 0.0
        for _ in 0..<steps {
            let roll = generator.next()
            // Mostly small gains (yards), now and then a touchdown-sized jump: about 13 points
            // per player per game, 100–140 per lineup, like a real week.
            total += roll % 29 == 0 ? 6.0 : Double(roll % 4) / 10
        }
        return (total * 100).rounded() / 100
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
