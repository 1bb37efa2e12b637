import Foundation

/// What the fake's scoring steps add up to for one player: yards and touchdowns.
///
/// Each step of a player's game is one roll of his seeded generator: 1 in 29 a touchdown,
/// otherwise 0–3 yards. Under ``FakeScoring/halfPPR`` that is 6 points or 0.0–0.3, the
/// increments the fake has always scored (so every trajectory stays what it was).
public struct FakeTally: Sendable, Hashable {
    public private(set) var yards = 0
    public private(set) var touchdowns = 0

    public init() {}

    mutating func add(roll: UInt64) {
        if roll % 29 == 0 { touchdowns += 1 } else { yards += Int(roll % 4) }
    }

    /// The tally as a stat line: receiving keys for receivers and tight ends, rushing keys
    /// for everyone else (the fake is about points, not football: its kickers and defenses
    /// run the ball too).
    public func stats(position: String) -> [String: Double] {
        Self.keyed(yards: Double(yards), touchdowns: Double(touchdowns), position: position).filter { $0.value != 0 }
    }

    /// The tally after `steps` rolls of the generator seeded with `seed`.
    static func after(steps: Int, seed: UInt64) -> FakeTally {
        var generator = SplitMix64(seed: seed)
        var tally = FakeTally()
        for _ in 0..<max(0, steps) { tally.add(roll: generator.next()) }
        return tally
    }

    /// A whole game's projection for a player of `position`: about the average game the
    /// rolls produce (~13 points half-PPR), varied per player by `seed`, fixed all week.
    static func projection(position: String, seed: UInt64) -> [String: Double] {
        var generator = SplitMix64(seed: seed)
        let yards = 45 + Double(generator.next() % 21)            // 4.5–6.5 points
        let touchdowns = 1 + Double(generator.next() % 7) / 10   // 6.0–9.6 points
        var stats = FakeTally.keyed(yards: yards, touchdowns: touchdowns, position: position)
        if receives(position) {
            // A receiver's catches: half a point each, paid for with fewer projected yards.
            let catches = 3 + Double(generator.next() % 4)
            stats["rec"] = catches
            stats["rec_yd", default: 0] -= catches * 5
        }
        return stats
    }

    static func keyed(yards: Double, touchdowns: Double, position: String) -> [String: Double] {
        receives(position) ? ["rec_yd": yards, "rec_td": touchdowns] : ["rush_yd": yards, "rush_td": touchdowns]
    }

    static func receives(_ position: String) -> Bool { position == "WR" || position == "TE" }
}
