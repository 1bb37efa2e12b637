import Foundation

/// A fake game's quarter and time left: the 60 minutes of four 15-minute quarters spread
/// evenly over the game's real length (3 h 10 min in the scripts).
public struct FakeGameClock: Sendable, Hashable {
    public let quarter: Int
    public let secondsLeft: Int

    static let quarterSeconds = 15 * 60

    public init(quarter: Int, secondsLeft: Int) {
        self.quarter = quarter
        self.secondsLeft = secondsLeft
    }

    /// At `progress` of the game: 15:00 in the 1st at 0, 0:00 in the 4th at 1.
    public init(progress: Double) {
        let played = Int((min(max(progress, 0), 1) * Double(4 * Self.quarterSeconds)).rounded(.down))
        let quarter = min(4, played / Self.quarterSeconds + 1)
        self.init(quarter: quarter, secondsLeft: quarter * Self.quarterSeconds - played)
    }

    /// `"MM:SS"`, as Sleeper's `time_remaining`.
    public var remaining: String { two(secondsLeft / 60) + ":" + two(secondsLeft % 60) }

    /// `"M:SS"`, as ESPN's `displayClock`.
    public var display: String { String(secondsLeft / 60) + ":" + two(secondsLeft % 60) }

    private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
