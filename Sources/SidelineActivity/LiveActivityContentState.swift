import Foundation

/// What changes on the Lock Screen during the day. Every string is final copy built by the
/// server; the phone renders it as-is. (Issue "display states" fleshes this out.)
public struct LiveActivityContentState: Codable, Hashable, Sendable {
    public let scoreLine: String
    public let playersLine: String

    public init(scoreLine: String, playersLine: String) {
        self.scoreLine = scoreLine
        self.playersLine = playersLine
    }
}

/// What is set once when an activity starts.
public struct LiveActivityAttributes: Codable, Hashable, Sendable {
    public let registration: String
    public let activity: String
    public let leagueName: String

    public init(registration: String, activity: String, leagueName: String) {
        self.registration = registration
        self.activity = activity
        self.leagueName = leagueName
    }
}
