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
public struct PushDecision: Sendable, Hashable, Codable {
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

extension PushDecision {
    enum CodingKeys: String, CodingKey {
        case priority, alert
        case relevanceScore = "relevance_score"
        case staleDate = "stale_date"
        case dismissalDate = "dismissal_date"
    }

    /// Instants are Unix seconds, as APNs and webhook consumers expect (a default
    /// `JSONEncoder` would write seconds since 2001).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(priority, forKey: .priority)
        try container.encodeIfPresent(alert, forKey: .alert)
        try container.encode(relevanceScore, forKey: .relevanceScore)
        try container.encodeIfPresent(staleDate.map { Int($0.timeIntervalSince1970) }, forKey: .staleDate)
        try container.encodeIfPresent(dismissalDate.map { Int($0.timeIntervalSince1970) }, forKey: .dismissalDate)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        priority = try container.decode(Int.self, forKey: .priority)
        alert = try container.decodeIfPresent(PushAlert.self, forKey: .alert)
        relevanceScore = try container.decode(Double.self, forKey: .relevanceScore)
        staleDate = try container.decodeIfPresent(Int.self, forKey: .staleDate).map { Date(timeIntervalSince1970: TimeInterval($0)) }
        dismissalDate = try container.decodeIfPresent(Int.self, forKey: .dismissalDate).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}
