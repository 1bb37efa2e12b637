import Foundation

/// One player's stats for a week, as the stats and projections feeds publish them: stat
/// key → value, with zero values usually left out. Defenses are keyed by team code.
public struct StatLine: Sendable, Hashable, Codable {
    public let playerID: String
    public let stats: [String: Double]

    public init(playerID: String, stats: [String: Double]) {
        self.playerID = playerID
        self.stats = stats
    }
}
