import Foundation

/// Where an NFL game is, as far as Sideline is concerned.
public enum GameStatus: String, Sendable, Codable, Hashable, CaseIterable {
    /// Not started. A weather delay before kickoff is still scheduled: not live.
    case scheduled
    /// Started and not over; halftime and in-game delays included.
    case inProgress = "in_progress"
    /// Over.
    case final
    /// Postponed, suspended or canceled.
    case postponed

    /// Statuses only move forward; this is the order they move in.
    var rank: Int {
        switch self {
        case .scheduled, .postponed: 0
        case .inProgress: 1
        case .final: 2
        }
    }
}

/// One NFL game of a week: both teams, the kickoff instant, and its status.
public struct NFLGame: Sendable, Codable, Hashable, Identifiable {
    public let id: String
    public let home: TeamCode
    public let away: TeamCode
    public let kickoff: Date
    public let status: GameStatus
    /// The quarter being played (1–4, 5 and up for overtime), when the feed said; for the
    /// share of the game left (``WinProbability/shareLeft(quarter:secondsLeftInQuarter:started:over:)``).
    public let quarter: Int?
    /// Seconds left on the game clock in `quarter`, when the feed said.
    public let secondsLeftInQuarter: Double?

    public init(id: String, home: TeamCode, away: TeamCode, kickoff: Date, status: GameStatus, quarter: Int? = nil, secondsLeftInQuarter: Double? = nil) {
        self.id = id
        self.home = home
        self.away = away
        self.kickoff = kickoff
        self.status = status
        self.quarter = quarter
        self.secondsLeftInQuarter = secondsLeftInQuarter
    }

    public func involves(_ team: TeamCode) -> Bool { home == team || away == team }

    public func with(status: GameStatus) -> NFLGame {
        NFLGame(id: id, home: home, away: away, kickoff: kickoff, status: status, quarter: quarter, secondsLeftInQuarter: secondsLeftInQuarter)
    }

    /// The share of this game still to play at its last observation: 1 before kickoff, 0 once over.
    public var shareLeft: Double {
        WinProbability.shareLeft(quarter: quarter, secondsLeftInQuarter: secondsLeftInQuarter,
                                 started: status == .inProgress || status == .final, over: status == .final)
    }
}

/// A game-status source's answer for one week.
public struct WeekSchedule: Sendable, Codable, Hashable {
    public let season: String
    public let seasonType: SeasonType
    public let week: Int
    public let games: [NFLGame]

    public init(season: String, seasonType: SeasonType, week: Int, games: [NFLGame]) {
        self.season = season
        self.seasonType = seasonType
        self.week = week
        self.games = games
    }

    public func game(for team: TeamCode) -> NFLGame? {
        games.first { $0.involves(team) }
    }
}
