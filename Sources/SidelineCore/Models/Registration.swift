import Foundation

/// One Sleeper user in one league: the unit that gets a Live Activity.
public struct Registration: Sendable, Codable, Hashable, Identifiable {
    public let id: Int64
    public let sleeperUserID: String
    public let username: String
    public let displayName: String
    public let leagueID: String
    public let leagueName: String
    public let rosterID: Int
    public let season: String
    public let createdAt: Date
    /// Set when the league could not be followed into a new season.
    public let followNote: String?
    /// The person's time zone and locale for times on the Lock Screen (`nil`: the config's).
    public let timeZone: String?
    public let locale: String?

    public init(id: Int64, sleeperUserID: String, username: String, displayName: String, leagueID: String, leagueName: String, rosterID: Int, season: String, createdAt: Date, followNote: String? = nil, timeZone: String? = nil, locale: String? = nil) {
        self.id = id
        self.sleeperUserID = sleeperUserID
        self.username = username
        self.displayName = displayName
        self.leagueID = leagueID
        self.leagueName = leagueName
        self.rosterID = rosterID
        self.season = season
        self.createdAt = createdAt
        self.followNote = followNote
        self.timeZone = timeZone
        self.locale = locale
    }

    /// The display context for this registration's events at `now`.
    public func displayContext(at now: Date, defaultTimeZone: TimeZone, defaultLocale: String) -> DisplayContext {
        DisplayContext(
            now: now,
            timeZone: timeZone.flatMap(TimeZone.init(identifier:)) ?? defaultTimeZone,
            localeIdentifier: locale ?? defaultLocale
        )
    }

    /// The registration id as users type it and JSON carries it.
    public var handle: String { String(id) }
}

/// Dry-run passes keep their own lifecycle, so switching to real runs never sends updates
/// for activities that only existed in a dry run (and a dry run never ends a real one).
public enum PassMode: String, Sendable, Codable, Hashable {
    case live
    case dryRun = "dry_run"
}
