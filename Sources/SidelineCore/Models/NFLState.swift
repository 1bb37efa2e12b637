import Foundation

/// Which part of the NFL year it is, as `GET /v1/state/nfl` says.
public enum SeasonType: String, Sendable, Codable, Hashable {
    case pre, regular, post, off

    /// Decodes Sleeper's value; anything unknown reads as the off-season, where nothing starts.
    public init(sleeperValue: String?) {
        self = SeasonType(rawValue: sleeperValue ?? "") ?? .off
    }

    /// Games that count for fantasy matchups are played only in these parts of the year.
    public var hasFantasyGames: Bool { self == .regular || self == .post }
}

/// The league-wide NFL calendar position. It has no per-game status: see ``NFLGame``.
public struct NFLState: Sendable, Codable, Hashable {
    public let week: Int
    public let season: String
    public let seasonType: SeasonType
    /// The season new leagues belong to (registration uses it).
    public let leagueSeason: String

    public init(week: Int, season: String, seasonType: SeasonType, leagueSeason: String) {
        self.week = week
        self.season = season
        self.seasonType = seasonType
        self.leagueSeason = leagueSeason
    }
}
