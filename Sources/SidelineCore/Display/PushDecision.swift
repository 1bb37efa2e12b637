import Foundation

/// The alert a push carries: the Watch shows title and body; on iPhone it lights the screen.
public struct PushAlert: Sendable, Hashable, Codable {
    /// Always set: ActivityKit's own alert configuration has a title and a body, and a
    /// push-to-start without one is not worth the risk of a silent drop.
    public let title: String
    public let body: String
    /// `nil` for a silent alert; `"default"` for the system sound.
    public let sound: String?

    public init(title: String, body: String, sound: String?) {
        self.title = title
        self.body = body
        self.sound = sound
    }
}

/// How loud one push is and how long what it shows stays fresh.
public struct PushDecision: Sendable, Hashable {
    /// `apns-priority`: 5 (opportunistic) or 10 (now).
    public let priority: Int
    /// `aps.alert`; always set on a start (Apple requires it), rare otherwise.
    public let alert: PushAlert?
    /// `aps.relevance-score`, 0–100: closer and more-live matchups higher.
    public let relevanceScore: Double
    /// `aps.stale-date`; `nil` on an end.
    public let staleDate: Date?
    /// `aps.dismissal-date`, on an end only.
    public let dismissalDate: Date?

    public init(priority: Int, alert: PushAlert?, relevanceScore: Double, staleDate: Date?, dismissalDate: Date?) {
        self.priority = priority
        self.alert = alert
        self.relevanceScore = relevanceScore
        self.staleDate = staleDate
        self.dismissalDate = dismissalDate
    }
}
