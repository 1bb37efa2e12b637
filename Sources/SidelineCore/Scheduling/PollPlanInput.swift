import Foundation

/// Identifies one NFL week of one part of the season.
public struct WeekKey: Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
    public let season: String
    public let seasonType: SeasonType
    public let week: Int

    public init(season: String, seasonType: SeasonType, week: Int) {
        self.season = season
        self.seasonType = seasonType
        self.week = week
    }

    public static func < (lhs: WeekKey, rhs: WeekKey) -> Bool {
        (lhs.season, lhs.seasonType == .post ? 1 : 0, lhs.week) < (rhs.season, rhs.seasonType == .post ? 1 : 0, rhs.week)
    }

    public var description: String { "\(season) \(seasonType.rawValue) week \(week)" }
}

/// One call the scheduler may make.
public enum PlannedCall: Sendable, Hashable, CustomStringConvertible {
    case nflState
    /// A week's game statuses, from the source the planner chose (ADR 030).
    case schedule(WeekKey, from: StatusSource = .scores)
    case players
    case matchups(leagueID: String, week: WeekKey)
    /// Looking for the renewal of a registration's league once Sleeper's league season has
    /// moved on: the user's leagues of the new season, then the renewal's rosters and members.
    case leagueRenewal(registrationID: Int64)
    /// A week's stats or projections: one call for every league (ADR 029).
    case statLines(StatFeedKind, WeekKey)
    /// A league's scoring settings, read again weekly (`/league/{id}`).
    case leagueSettings(leagueID: String)

    public var description: String {
        switch self {
        case .nflState: "state/nfl"
        case .schedule(let week, .scores): "game statuses (\(week))"
        case .schedule(let week, .espn): "game statuses (\(week)) from ESPN"
        case .players: "players/nfl"
        case .matchups(let league, let week): "matchups \(league) week \(week.week)"
        case .leagueRenewal(let registration): "league renewal for registration \(registration)"
        case .statLines(let kind, let week): "\(kind.rawValue) (\(week))"
        case .leagueSettings(let league): "scoring settings of league \(league)"
        }
    }

    /// `state/nfl` and game statuses: the calls every pass makes first, each admitted by the
    /// call log on its own (they decide what is live for everyone).
    public var isFeed: Bool {
        switch self {
        case .nflState, .schedule: true
        default: false
        }
    }

    /// How many Sleeper calls the planned call makes at most (what it takes of the budget).
    public var cost: Int {
        if case .leagueRenewal = self { return 3 }
        return 1
    }

    /// Which backoff scope the call belongs to.
    public var scope: BackoffScope {
        switch self {
        case .schedule(_, let source): source.scope
        // The same host as the scores feed, but each a rest of its own: a stats feed that
        // fails must not hold back the game statuses everything else depends on (ADR 029),
        // nor the projections the win chance needs (ADR 030).
        case .statLines(.stats, _): .stats
        case .statLines(.projections, _): .projections
        default: .sleeper
        }
    }
}

/// Endpoints back off together per host; the feeds on Sleeper's scores host, and ESPN,
/// each rest on their own (ADR 029, ADR 030).
public enum BackoffScope: String, Sendable, Codable, Hashable, CaseIterable {
    case sleeper, scores, stats, projections, espn
}

/// What the planner knows about one registered league.
public struct LeaguePollState: Sendable, Hashable {
    public let leagueID: String
    public let week: WeekKey
    /// In season, and the NFL is in a fantasy part of the year.
    public let eligible: Bool
    /// When the latest matchups snapshot for `week` was fetched.
    public let lastFetchedAt: Date?
    /// A registration in this league has a live or grace activity.
    public let hasOpenActivity: Bool
    /// Teams of the registered rosters' starters in the latest snapshot (`nil`: unknown).
    /// At a kickoff, leagues with a starter in the new games get their lineup snapshot first.
    public let starterTeams: Set<TeamCode>?
    /// Teams of every player on the registered rosters, bench included: a bench player
    /// moved into the lineup just before kickoff can start an activity too.
    public let rosteredTeams: Set<TeamCode>?
    /// When the league's latest answer for `week` proved no lineup lock for some registered
    /// roster (``SnapshotUsability``: `[]`, unusable numbers, a roster missing); `nil` once a
    /// usable answer came. Such a league still needs its kickoff snapshot.
    public let unusableAnswerAt: Date?

    public init(leagueID: String, week: WeekKey, eligible: Bool, lastFetchedAt: Date?, hasOpenActivity: Bool, starterTeams: Set<TeamCode>? = nil, rosteredTeams: Set<TeamCode>? = nil, unusableAnswerAt: Date? = nil) {
        self.leagueID = leagueID
        self.week = week
        self.eligible = eligible
        self.lastFetchedAt = lastFetchedAt
        self.hasOpenActivity = hasOpenActivity
        self.starterTeams = starterTeams
        self.rosteredTeams = rosteredTeams
        self.unusableAnswerAt = unusableAnswerAt
    }
}

/// A registration whose league Sleeper's new league season may have renewed (its season is
/// behind `league_season`), and when its renewal was last looked for.
public struct RenewalPollState: Sendable, Hashable {
    public let registrationID: Int64
    public let lastAttemptAt: Date?

    public init(registrationID: Int64, lastAttemptAt: Date?) {
        self.registrationID = registrationID
        self.lastAttemptAt = lastAttemptAt
    }
}

/// A week's schedule as stored, and when it was fetched.
public struct ScheduleState: Sendable, Hashable {
    public let week: WeekKey
    public let schedule: WeekSchedule?
    public let fetchedAt: Date?

    public init(week: WeekKey, schedule: WeekSchedule?, fetchedAt: Date?) {
        self.week = week
        self.schedule = schedule
        self.fetchedAt = fetchedAt
    }
}

public struct PollSettings: Sendable, Hashable {
    public var matchupsInterval: TimeInterval
    /// Passes run on a timer (cron, daemon) and never land exactly on the second.
    public var tolerance: TimeInterval

    public init(matchupsSeconds: Double = 60, tolerance: TimeInterval = 5) {
        matchupsInterval = max(matchupsSeconds, 60)
        self.tolerance = tolerance
    }
}

/// Everything the planner reads. Built by the engine from the store at the pass's instant.
public struct PollPlanInput: Sendable, Hashable {
    public let now: Date
    public let hasRegistrations: Bool
    public let nflStateFetchedAt: Date?
    public let schedules: [ScheduleState]
    public let leagues: [LeaguePollState]
    public let playersFetchedAt: Date?
    public let backoffUntil: [BackoffScope: Date]
    public let settings: PollSettings
    /// Registrations whose league may have been renewed for Sleeper's new league season.
    public let renewals: [RenewalPollState]
    /// The current week's stats and projections: when each was last answered (`nil`: never).
    public let statFeeds: [StatFeedPollState]
    /// Registered leagues in season, and when their scoring settings were last read.
    public let scoring: [ScoringPollState]
    /// The scheduler's share of the budget per minute (`nil`: unknown, plenty).
    public let schedulerCallsPerMinute: Int?

    public init(now: Date, hasRegistrations: Bool, nflStateFetchedAt: Date?, schedules: [ScheduleState], leagues: [LeaguePollState], playersFetchedAt: Date?, backoffUntil: [BackoffScope: Date], settings: PollSettings, renewals: [RenewalPollState] = [], statFeeds: [StatFeedPollState] = [], scoring: [ScoringPollState] = [], schedulerCallsPerMinute: Int? = nil) {
        self.now = now
        self.hasRegistrations = hasRegistrations
        self.nflStateFetchedAt = nflStateFetchedAt
        self.schedules = schedules
        self.leagues = leagues
        self.playersFetchedAt = playersFetchedAt
        self.backoffUntil = backoffUntil
        self.settings = settings
        self.renewals = renewals
        self.statFeeds = statFeeds
        self.scoring = scoring
        self.schedulerCallsPerMinute = schedulerCallsPerMinute
    }
}

/// One of the current week's player feeds, and when it last answered.
public struct StatFeedPollState: Sendable, Hashable {
    public let kind: StatFeedKind
    public let week: WeekKey
    public let fetchedAt: Date?

    public init(kind: StatFeedKind, week: WeekKey, fetchedAt: Date?) {
        self.kind = kind
        self.week = week
        self.fetchedAt = fetchedAt
    }
}

/// A registered league in season, and when its scoring settings were last read.
public struct ScoringPollState: Sendable, Hashable {
    public let leagueID: String
    public let refreshedAt: Date?

    public init(leagueID: String, refreshedAt: Date?) {
        self.leagueID = leagueID
        self.refreshedAt = refreshedAt
    }
}
