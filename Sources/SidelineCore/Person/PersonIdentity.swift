import Foundation

/// Who a person's activity belongs to: a Sleeper user, whatever leagues they are in.
public struct PersonIdentity: Sendable, Codable, Hashable {
    public let sleeperUserID: String
    public let username: String
    public let displayName: String

    public init(sleeperUserID: String, username: String, displayName: String) {
        self.sleeperUserID = sleeperUserID
        self.username = username
        self.displayName = displayName
    }
}

/// How a user's activities are made: one per league they are in (`league`, every user's
/// before version 3 of the activity schema) or one across all their leagues (`person`, the
/// default for users registered since). `sideline users scope` switches it (ADR 039).
public enum ActivityScope: String, Sendable, Codable, Hashable, CaseIterable {
    case person, league
}
