import Foundation
import SidelineCore

/// Everything the fake Sleeper knows at one instant. Plain values: a script builds one per
/// simulated instant, a test edits one through ``FakeSleeperWorld``'s setters.
public struct FakeWorldSnapshot: Sendable {
    public var state: NFLState
    public var users: [SleeperUser]
    public var leagues: [League]
    /// User id → ids of the leagues `GET /user/{id}/leagues/nfl/{season}` lists.
    public var leagueIDsByUser: [String: [String]]
    public var rosters: [String: [Roster]]
    public var members: [String: [LeagueMember]]
    public var matchups: [MatchupKey: [FakeMatchup]]
    /// The `players/nfl` body, served as is.
    public var playersJSON: Data
    public var games: [GamesKey: [FakeGame]]
    /// The stats feed's rows by week (`/stats/nfl/{season}/{week}?season_type=…`).
    public var stats: [GamesKey: [FakeStatLine]]
    /// The projections feed's rows by week.
    public var projections: [GamesKey: [FakeStatLine]]

    public init(
        state: NFLState = NFLState(week: 1, season: "2026", seasonType: .regular, leagueSeason: "2026"),
        users: [SleeperUser] = [], leagues: [League] = [], leagueIDsByUser: [String: [String]] = [:],
        rosters: [String: [Roster]] = [:], members: [String: [LeagueMember]] = [:],
        matchups: [MatchupKey: [FakeMatchup]] = [:], playersJSON: Data = Data("{}".utf8),
        games: [GamesKey: [FakeGame]] = [:], stats: [GamesKey: [FakeStatLine]] = [:],
        projections: [GamesKey: [FakeStatLine]] = [:]
    ) {
        self.state = state
        self.users = users
        self.leagues = leagues
        self.leagueIDsByUser = leagueIDsByUser
        self.rosters = rosters
        self.members = members
        self.matchups = matchups
        self.playersJSON = playersJSON
        self.games = games
        self.stats = stats
        self.projections = projections
    }

    /// Finds a user by id or by username (case-insensitive, as Sleeper does).
    public func user(_ usernameOrID: String) -> SleeperUser? {
        users.first { $0.userID == usernameOrID || $0.username.lowercased() == usernameOrID.lowercased() }
    }
}

/// A league and week, the key of matchups.
public struct MatchupKey: Sendable, Hashable {
    public let leagueID: String
    public let week: Int
    public init(leagueID: String, week: Int) {
        self.leagueID = leagueID
        self.week = week
    }
}

/// A season type, season and week, the key of the scores, stats and projections feeds.
public struct GamesKey: Sendable, Hashable {
    public let seasonType: SeasonType
    public let season: String
    public let week: Int
    public init(seasonType: SeasonType, season: String, week: Int) {
        self.seasonType = seasonType
        self.season = season
        self.week = week
    }
}

/// One roster's matchup line as the fake serves it. `customPoints` lets a test play the
/// commissioner; `omitsPlayerPoints` imitates older responses without the per-player arrays.
public struct FakeMatchup: Sendable, Hashable {
    public var entry: MatchupEntry
    public var customPoints: Double?
    public var omitsPlayerPoints: Bool

    public init(entry: MatchupEntry, customPoints: Double? = nil, omitsPlayerPoints: Bool = false) {
        self.entry = entry
        self.customPoints = customPoints
        self.omitsPlayerPoints = omitsPlayerPoints
    }
}

/// One game in the scores feed (and, derived from it, the ESPN scoreboard).
public struct FakeGame: Sendable, Hashable {
    /// Sleeper's status strings.
    public enum Status: String, Sendable, Hashable {
        case preGame = "pre_game", inGame = "in_game", complete, postponed
    }

    public var gameID: String
    public var home: TeamCode
    public var away: TeamCode
    public var kickoff: Date
    public var status: Status
    public var homeScore: Int
    public var awayScore: Int
    /// Quarter and time left, served as `quarter_num`/`time_remaining` and ESPN's
    /// `period`/`clock`; `nil` serves none (a game not started).
    public var clock: FakeGameClock?

    public init(gameID: String, home: TeamCode, away: TeamCode, kickoff: Date, status: Status, homeScore: Int = 0, awayScore: Int = 0,
                clock: FakeGameClock? = nil) {
        self.gameID = gameID
        self.home = home
        self.away = away
        self.kickoff = kickoff
        self.status = status
        self.homeScore = homeScore
        self.awayScore = awayScore
        self.clock = clock
    }
}
