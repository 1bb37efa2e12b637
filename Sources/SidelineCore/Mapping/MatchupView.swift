import Foundation

/// Where one starter stands today.
public enum StarterState: String, Sendable, Codable, Hashable {
    case toPlay = "to_play"
    case playing
    case done
    /// Empty slot, free agent, unknown id, bye week: counts for nothing and is never an error.
    case notPlaying = "not_playing"
}

/// One starter as the registration sees him.
public struct StarterLine: Sendable, Codable, Hashable {
    public let playerID: String
    public let name: String
    public let position: String?
    public let team: TeamCode?
    public let points: Double
    public let state: StarterState
    /// His game's kickoff, when he has a game this week.
    public let kickoff: Date?

    public init(playerID: String, name: String, position: String?, team: TeamCode?, points: Double, state: StarterState, kickoff: Date?) {
        self.playerID = playerID
        self.name = name
        self.position = position
        self.team = team
        self.points = points
        self.state = state
        self.kickoff = kickoff
    }
}

/// How many starters are to play, playing and done (not-playing slots are not counted).
public struct StarterCounts: Sendable, Codable, Hashable {
    public let playing: Int
    public let toPlay: Int
    public let done: Int

    public init(playing: Int, toPlay: Int, done: Int) {
        self.playing = playing
        self.toPlay = toPlay
        self.done = done
    }

    public static let zero = StarterCounts(playing: 0, toPlay: 0, done: 0)

    enum CodingKeys: String, CodingKey {
        case playing
        case toPlay = "to_play"
        case done
    }
}

/// One side of a matchup: a roster's team name, points and starters.
public struct LineupView: Sendable, Codable, Hashable {
    public let rosterID: Int
    public let teamName: String
    public let points: Double
    public let starters: [StarterLine]

    public init(rosterID: Int, teamName: String, points: Double, starters: [StarterLine]) {
        self.rosterID = rosterID
        self.teamName = teamName
        self.points = points
        self.starters = starters
    }

    /// One pass reading each starter's state in place: three `count(where:)` passes copied
    /// every starter (and retained its strings) three times, on every event built.
    public var counts: StarterCounts {
        var playing = 0, toPlay = 0, done = 0
        for index in starters.indices {
            switch starters[index].state {
            case .playing: playing += 1
            case .toPlay: toPlay += 1
            case .done: done += 1
            case .notPlaying: break
            }
        }
        return StarterCounts(playing: playing, toPlay: toPlay, done: done)
    }

    /// The earliest kickoff among starters still to play. One pass without copies, keeping
    /// the first of equal minimums as `min()` over the filtered kickoffs did.
    public var nextKickoff: Date? {
        var earliest: Date?
        for index in starters.indices where starters[index].state == .toPlay {
            guard let kickoff = starters[index].kickoff else { continue }
            if let current = earliest, !(kickoff < current) { continue }
            earliest = kickoff
        }
        return earliest
    }
}

/// Everything a registration would see of its matchup right now: the input of the
/// lifecycle (what changed?) and of the display builder (what to show?).
public struct MatchupView: Sendable, Codable, Hashable {
    public let leagueName: String
    public let season: String
    public let week: Int
    public let me: LineupView
    /// `nil` on a bye, for an unpaired roster, or a team out of the playoffs.
    public let opponent: LineupView?
    /// `true` in a median-scoring league (each team also plays the league median).
    public let hasMedianGame: Bool
    /// The chance `me` wins the matchup, 0…1 (``WinProbability``); `nil` when it is not
    /// known (no opponent, no projections, the stats feed down).
    public let winProbability: Double?

    public init(leagueName: String, season: String, week: Int, me: LineupView, opponent: LineupView?, hasMedianGame: Bool = false, winProbability: Double? = nil) {
        self.leagueName = leagueName
        self.season = season
        self.week = week
        self.me = me
        self.opponent = opponent
        self.hasMedianGame = hasMedianGame
        self.winProbability = winProbability
    }
}

extension MatchupView {
    /// The same view with another win probability.
    public func with(winProbability: Double?) -> MatchupView {
        MatchupView(leagueName: leagueName, season: season, week: week, me: me, opponent: opponent, hasMedianGame: hasMedianGame, winProbability: winProbability)
    }

    /// Equal in everything but the win probability.
    public func sameApartFromChance(as other: MatchupView) -> Bool {
        with(winProbability: other.winProbability) == other
    }
}
