import Foundation

/// One row of the fake's stats or projections feed.
public struct FakeStatLine: Sendable, Hashable {
    public var playerID: String
    /// For the feeds' `position[]` filter.
    public var position: String
    public var team: String?
    /// Stat key → value; a zero value is left out, as Sleeper does.
    public var stats: [String: Double]
    /// The PPR total some of Sleeper's rows carry inside `stats` (clients must ignore it).
    public var pprPoints: Double?

    public init(playerID: String, position: String, team: String?, stats: [String: Double], pprPoints: Double? = nil) {
        self.playerID = playerID
        self.position = position
        self.team = team
        self.stats = stats.filter { $0.value != 0 }
        self.pprPoints = pprPoints
    }

    /// This line with `change` added to `stat` (a zero result leaves the key out).
    func correcting(_ stat: String, by change: Double) -> FakeStatLine {
        var stats = self.stats
        stats[stat, default: 0] += change
        return FakeStatLine(playerID: playerID, position: position, team: team, stats: stats, pprPoints: nil)
    }
}
