import Foundation

/// Which side the win probability favours, as a running activity remembers it between
/// passes: the side of the last swing that went out as a moment that matters, and when.
/// The push policy's hysteresis reads it (``PushPolicy/winSwing(after:showing:at:)``).
public struct WinSwing: Sendable, Codable, Hashable {
    public enum Side: String, Sendable, Codable, Hashable {
        case me, them
    }

    public let side: Side
    /// When the swing to `side` went out as a moment; `nil` for the side the activity first
    /// saw favoured, which was never news and starts no spacing.
    public let at: Date?

    public init(side: Side, at: Date?) {
        self.side = side
        self.at = at
    }
}
