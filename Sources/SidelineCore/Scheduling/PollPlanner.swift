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
    case schedule(WeekKey)
    case players
    case matchups(leagueID: String, week: WeekKey)

    public var description: String {
        switch self {
        case .nflState: "state/nfl"
        case .schedule(let week): "game statuses (\(week))"
        case .players: "players/nfl"
        case .matchups(let league, let week): "matchups \(league) week \(week.week)"
        }
    }

    /// Which backoff scope the call belongs to.
    public var scope: BackoffScope {
        if case .schedule = self { return .scores }
        return .sleeper
    }
}

/// Endpoints back off together per host.
public enum BackoffScope: String, Sendable, Codable, Hashable, CaseIterable {
    case sleeper, scores
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

    public init(leagueID: String, week: WeekKey, eligible: Bool, lastFetchedAt: Date?, hasOpenActivity: Bool) {
        self.leagueID = leagueID
        self.week = week
        self.eligible = eligible
        self.lastFetchedAt = lastFetchedAt
        self.hasOpenActivity = hasOpenActivity
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

    public init(now: Date, hasRegistrations: Bool, nflStateFetchedAt: Date?, schedules: [ScheduleState], leagues: [LeaguePollState], playersFetchedAt: Date?, backoffUntil: [BackoffScope: Date], settings: PollSettings) {
        self.now = now
        self.hasRegistrations = hasRegistrations
        self.nflStateFetchedAt = nflStateFetchedAt
        self.schedules = schedules
        self.leagues = leagues
        self.playersFetchedAt = playersFetchedAt
        self.backoffUntil = backoffUntil
        self.settings = settings
    }
}

/// Decides what is due, and nothing more. Pure.
///
/// - `state/nfl`: hourly; every 10 minutes when a game is in progress or kicks off within the hour.
/// - game statuses: every minute while a game is in progress or kicks off within 10 minutes;
///   otherwise 10 minutes before the next kickoff, and at most hourly.
/// - matchups: one call per league, shared by its registrations; once at least 60 s after
///   each kickoff (the lineup lock), every `matchupsInterval` while an activity is open, and
///   at once for a league never fetched this week; otherwise never.
/// - `players/nfl`: at most once a day, and only when a matchups snapshot needs mapping.
///
/// With nothing registered, nothing is ever due: an idle cron pass makes no call.
public enum PollPlanner {
    public static let stateIdleInterval: TimeInterval = 3600
    public static let stateBusyInterval: TimeInterval = 600
    public static let scheduleHotInterval: TimeInterval = 60
    public static let scheduleIdleInterval: TimeInterval = 3600
    public static let playersInterval: TimeInterval = 24 * 3600

    /// Every call the scheduler knows of, with the instant it becomes due.
    public static func dueTimes(_ input: PollPlanInput) -> [(call: PlannedCall, due: Date)] {
        guard input.hasRegistrations else { return [] }
        var result: [(PlannedCall, Date)] = [(.nflState, stateDue(input))]
        for schedule in input.schedules {
            result.append((.schedule(schedule.week), scheduleDue(schedule, input)))
        }
        for league in input.leagues {
            if let due = matchupsDue(league, input) {
                result.append((.matchups(leagueID: league.leagueID, week: league.week), due))
            }
        }
        let matchupsDueNow = result.contains { if case .matchups = $0.0 { return $0.1 <= input.now }; return false }
        if input.playersFetchedAt.map({ input.now.timeIntervalSince($0) >= playersInterval }) ?? true, matchupsDueNow {
            result.append((.players, input.now))
        }
        return result.map { call, due in
            (call, max(due, input.backoffUntil[call.scope] ?? .distantPast))
        }
    }

    /// The calls due now: feeds first (they decide the week and what is live), then the
    /// players index, then matchups with the ones waiting on a kickoff first.
    public static func due(_ input: PollPlanInput) -> [PlannedCall] {
        dueTimes(input)
            .filter { $0.due <= input.now }
            .sorted { order($0, input) < order($1, input) }
            .map(\.call)
    }

    private static func order(_ item: (call: PlannedCall, due: Date), _ input: PollPlanInput) -> (Int, Date) {
        switch item.call {
        case .nflState: (0, item.due)
        case .schedule: (1, item.due)
        case .players: (2, item.due)
        case .matchups: (3, item.due)
        }
    }

    // MARK: - Rules

    static func stateDue(_ input: PollPlanInput) -> Date {
        guard let fetched = input.nflStateFetchedAt else { return input.now }
        let busy = input.schedules.contains { state in
            state.schedule?.games.contains { game in
                game.status == .inProgress
                    || (game.status == .scheduled && game.kickoff > input.now.addingTimeInterval(-stateIdleInterval) && game.kickoff <= input.now.addingTimeInterval(stateIdleInterval))
            } ?? false
        }
        return fetched.addingTimeInterval((busy ? stateBusyInterval : stateIdleInterval) - input.settings.tolerance)
    }

    static func scheduleDue(_ state: ScheduleState, _ input: PollPlanInput) -> Date {
        guard let fetched = state.fetchedAt, let schedule = state.schedule else { return input.now }
        let now = input.now
        let hot = schedule.games.contains { game in
            switch game.status {
            case .inProgress: return true
            case .scheduled:
                // Kicking off soon, or past its kickoff and not yet reported started (a delay).
                return game.kickoff <= now.addingTimeInterval(10 * 60)
                    && game.kickoff > now.addingTimeInterval(-GameStatusMerger.stalledAfter)
            case .final, .postponed: return false
            }
        }
        let tolerance = input.settings.tolerance
        if hot { return fetched.addingTimeInterval(scheduleHotInterval - tolerance) }
        var due = fetched.addingTimeInterval(scheduleIdleInterval - tolerance)
        if let next = schedule.games.filter({ $0.status == .scheduled && $0.kickoff > now }).map(\.kickoff).min() {
            due = min(due, next.addingTimeInterval(-10 * 60))
        }
        return max(due, fetched.addingTimeInterval(scheduleHotInterval - tolerance))
    }

    static func matchupsDue(_ league: LeaguePollState, _ input: PollPlanInput) -> Date? {
        guard league.eligible else { return nil }
        guard let fetched = league.lastFetchedAt else { return input.now }
        var candidates: [Date] = []
        let schedule = input.schedules.first { $0.week == league.week }?.schedule
        // The lineup locks at each kickoff; the snapshot that proves it must come from
        // after the CDN's 60-second cache of the pre-kickoff answer.
        let kickedOff = schedule?.games
            .filter { ($0.status == .inProgress || $0.status == .final) && $0.kickoff <= input.now }
            .map(\.kickoff) ?? []
        if let lastKickoff = kickedOff.max() {
            let lockSnapshot = lastKickoff.addingTimeInterval(StartConfirmation.cdnLag)
            if fetched < lockSnapshot { candidates.append(lockSnapshot) }
        }
        if league.hasOpenActivity {
            candidates.append(fetched.addingTimeInterval(input.settings.matchupsInterval - input.settings.tolerance))
        }
        return candidates.min()
    }
}
