/// A win probability as the phone shows it: a whole percent, never 0 or 100. Whenever a
/// chance is shown something is still to play, and one play can still turn it: "100% to win"
/// would be a promise the game may break (the copy leaves a decided matchup to its result).
enum WinChance {
    static let lowest = 1
    static let highest = 99

    /// The percent shown for `probability` (0…1), rounded and kept within
    /// ``lowest``…``highest``; `nil` when it is unknown or not a number.
    static func percent(_ probability: Double?) -> Int? {
        guard let probability, probability.isFinite else { return nil }
        let percent = Int((min(1, max(0, probability)) * 100).rounded())
        return min(highest, max(lowest, percent))
    }
}
