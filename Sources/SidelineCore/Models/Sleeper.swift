import Foundation

/// A Sleeper account. Usernames change; `userID` is the identity Sideline stores.
public struct SleeperUser: Sendable, Codable, Hashable {
    public let userID: String
    public let username: String
    public let displayName: String

    public init(userID: String, username: String, displayName: String) {
        self.userID = userID
        self.username = username
        self.displayName = displayName
    }
}

/// A league's life cycle as Sleeper reports it. Only `inSeason` leagues start activities.
public enum LeagueStatus: Sendable, Codable, Hashable {
    case preDraft, drafting, inSeason, complete
    case other(String)

    public init(sleeperValue: String?) {
        switch sleeperValue {
        case "pre_draft": self = .preDraft
        case "drafting": self = .drafting
        case "in_season": self = .inSeason
        case "complete": self = .complete
        default: self = .other(sleeperValue ?? "")
        }
    }

    public var sleeperValue: String {
        switch self {
        case .preDraft: "pre_draft"
        case .drafting: "drafting"
        case .inSeason: "in_season"
        case .complete: "complete"
        case .other(let raw): raw
        }
    }
}

/// A fantasy league. A league is renewed each season under a new id (`previousLeagueID`).
public struct League: Sendable, Codable, Hashable {
    public let leagueID: String
    public let name: String
    public let season: String
    public let status: LeagueStatus
    public let previousLeagueID: String?
    /// Best-ball leagues score the best rostered players; there is no lineup to set.
    public let isBestBall: Bool
    /// `settings.league_average_match`: each team also plays the league median. Optional so
    /// leagues stored before the field existed still decode.
    public let medianGame: Bool?
    /// `scoring_settings`: the league's points per stat, for live points from the stats feed.
    /// `nil` for a league stored before they were read (the weekly refresh fills them).
    public let scoringSettings: ScoringSettings?

    public init(leagueID: String, name: String, season: String, status: LeagueStatus, previousLeagueID: String?, isBestBall: Bool, medianGame: Bool = false, scoringSettings: ScoringSettings? = nil) {
        self.leagueID = leagueID
        self.name = name
        self.season = season
        self.status = status
        self.previousLeagueID = previousLeagueID
        self.isBestBall = isBestBall
        self.medianGame = medianGame
        self.scoringSettings = scoringSettings
    }

    public var hasMedianGame: Bool { medianGame ?? false }

    /// The scoring settings live points can score with: none when the league has none or an
    /// empty set (a league read without them keeps an empty set so its weekly refresh is not
    /// asked for again every pass; scoring with it would show every starter at zero).
    public var liveScoring: ScoringSettings? {
        guard let scoringSettings, !scoringSettings.pointsPerStat.isEmpty else { return nil }
        return scoringSettings
    }

    /// The same league with other scoring settings.
    public func with(scoringSettings: ScoringSettings?) -> League {
        League(leagueID: leagueID, name: name, season: season, status: status, previousLeagueID: previousLeagueID,
               isBestBall: isBestBall, medianGame: hasMedianGame, scoringSettings: scoringSettings)
    }
}

/// One team in a league. A user owns it as `ownerID` or as one of `coOwners`.
public struct Roster: Sendable, Codable, Hashable {
    public let rosterID: Int
    public let ownerID: String?
    public let coOwners: [String]
    public let players: [String]
    public let starters: [String]

    public init(rosterID: Int, ownerID: String?, coOwners: [String], players: [String], starters: [String]) {
        self.rosterID = rosterID
        self.ownerID = ownerID
        self.coOwners = coOwners
        self.players = players
        self.starters = starters
    }

    public func isOwned(by userID: String) -> Bool {
        ownerID == userID || coOwners.contains(userID)
    }
}

/// A league member, for team names (`metadata.team_name`, falling back to the display name).
public struct LeagueMember: Sendable, Codable, Hashable {
    public let userID: String
    public let displayName: String
    public let teamName: String?

    public init(userID: String, displayName: String, teamName: String?) {
        self.userID = userID
        self.displayName = displayName
        self.teamName = teamName
    }

    /// What the Lock Screen calls this member's team.
    public var shownTeamName: String {
        if let teamName, !teamName.trimmingCharacters(in: .whitespaces).isEmpty { return teamName }
        return displayName
    }
}

/// One roster's line in `GET /v1/league/{id}/matchups/{week}`.
public struct MatchupEntry: Sendable, Codable, Hashable {
    /// The empty-slot marker Sleeper puts in `starters`.
    public static let emptySlot = "0"

    public let rosterID: Int
    /// The two rosters sharing a matchup id play each other; `nil` is a bye or an unpaired roster.
    public let matchupID: Int?
    /// Points that count: `custom_points` when the commissioner set it, else `points`.
    public let points: Double
    public let starters: [String]
    /// Same order as `starters`; `nil` when Sleeper omitted it (older responses).
    public let startersPoints: [Double]?
    public let players: [String]
    public let playersPoints: [String: Double]?

    public init(rosterID: Int, matchupID: Int?, points: Double, starters: [String], startersPoints: [Double]?, players: [String], playersPoints: [String: Double]?) {
        self.rosterID = rosterID
        self.matchupID = matchupID
        self.points = points
        self.starters = starters
        self.startersPoints = startersPoints
        self.players = players
        self.playersPoints = playersPoints
    }

    /// A player's points this week, from whichever per-player figure Sleeper sent.
    public func points(for playerID: String) -> Double {
        if let index = starters.firstIndex(of: playerID), let startersPoints, index < startersPoints.count {
            return startersPoints[index]
        }
        return playersPoints?[playerID] ?? 0
    }
}

/// What Sideline needs of a player: the compact index kept in `cache/`.
public struct PlayerInfo: Sendable, Codable, Hashable {
    public let id: String
    public let name: String
    public let position: String?
    /// `nil` for a free agent.
    public let team: TeamCode?

    public init(id: String, name: String, position: String?, team: TeamCode?) {
        self.id = id
        self.name = name
        self.position = position
        self.team = team
    }
}

/// Player id → player. Team defenses are keyed by their team code (`"BUF"`).
public struct PlayersIndex: Sendable, Codable, Hashable {
    public let players: [String: PlayerInfo]

    public init(players: [String: PlayerInfo]) { self.players = players }

    public subscript(id: String) -> PlayerInfo? {
        if let player = players[id] { return player }
        // A defense missing from the index still plays for the team its id names.
        if let team = TeamCode(normalizing: id), id.allSatisfy({ $0.isLetter }) {
            return PlayerInfo(id: id, name: "\(team.rawValue) D/ST", position: "DEF", team: team)
        }
        return nil
    }

    public var count: Int { players.count }
}
