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

/// Decides what is due, and in which order. Pure.
///
/// - `state/nfl`: hourly; every 10 minutes when a game is in progress or kicks off within the hour.
/// - game statuses: every minute while a game is in progress or kicks off within 10 minutes;
///   otherwise 10 minutes before the next kickoff, and at most hourly.
/// - matchups: one call per league, shared by its registrations; once at least 60 s after
///   each kickoff (the lineup lock), every `matchupsInterval` while an activity is open, and
///   at once for a league never fetched this week; after an answer that proved no lock
///   (``LeaguePollState/unusableAnswerAt``), every `matchupsInterval` while a game is in
///   progress, until a usable one comes; otherwise never.
/// - `players/nfl`: at most once a day, and only when a matchups snapshot needs mapping.
///
/// When more is due than the budget covers, ``prioritized(_:)`` orders it (see
/// ``CallPriority``): feeds, then post-kickoff lineup snapshots of leagues with a starter in
/// the new games, then live leagues stalest first, then the rest. Taking the first *n* of
/// that order every pass refreshes *L* live leagues on a budget of *B* a minute about every
/// *L/B* minutes, evenly, instead of starving some of them.
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
        ranked(input).map { ($0.call, $0.due) }
    }

    /// The calls due now, in the order they should be made.
    public static func due(_ input: PollPlanInput) -> [PlannedCall] {
        prioritized(input).map(\.call)
    }

    /// The calls due now with their rank, first to last.
    public static func prioritized(_ input: PollPlanInput) -> [PrioritizedCall] {
        // Sorts positions, not the calls themselves: moving 5,000 calls (each holding
        // strings) through a sort was most of an idle pass's planning cost.
        let all = ranked(input)
        var order = all.indices.filter { all[$0].due <= input.now }
        // The numeric part of the order first, read once per call; only calls equal on all
        // of it (a kickoff makes thousands due at one instant) compare their ids.
        let keys = all.map { SortKey(priority: $0.priority.rawValue, kind: $0.call.kindRank, due: $0.due.timeIntervalSinceReferenceDate) }
        order.sort { a, b in
            let x = keys[a], y = keys[b]
            if x != y { return x < y }
            return PrioritizedCall.precedes(all[a], all[b])
        }
        return order.map { all[$0] }
    }

    /// What a pass with room for `capacity` calls makes: the first `capacity` of
    /// ``prioritized(_:)``. The rest waits for a later pass.
    public static func plan(_ input: PollPlanInput, capacity: Int) -> (calls: [PlannedCall], waiting: Int) {
        let all = prioritized(input)
        let taken = all.prefix(max(0, capacity)).map(\.call)
        return (taken, all.count - taken.count)
    }

    /// The refresh interval the budget allows for `liveLeagues` leagues at `callsPerMinute`:
    /// never below the configured interval (itself never below 60 s, Sleeper's CDN cache),
    /// and stretched evenly, with no upper cap, when the leagues outnumber the budget.
    public static func refreshInterval(liveLeagues: Int, callsPerMinute: Int, settings: PollSettings) -> TimeInterval {
        guard liveLeagues > 0 else { return settings.matchupsInterval }
        let stretched = 60 * Double(liveLeagues) / Double(max(callsPerMinute, 1))
        return max(settings.matchupsInterval, stretched)
    }

    /// ``PrioritizedCall/precedes(_:_:)`` up to the tie-break, as numbers.
    private struct SortKey: Equatable, Comparable {
        let priority: Int
        let kind: Int
        let due: Double

        static func < (a: SortKey, b: SortKey) -> Bool {
            (a.priority, a.kind, a.due) < (b.priority, b.kind, b.due)
        }
    }

    static func ranked(_ input: PollPlanInput) -> [PrioritizedCall] {
        guard input.hasRegistrations else { return [] }
        var result: [PrioritizedCall] = [PrioritizedCall(call: .nflState, priority: .feeds, due: stateDue(input))]
        for schedule in input.schedules {
            result.append(PrioritizedCall(call: .schedule(schedule.week), priority: .feeds, due: scheduleDue(schedule, input)))
        }
        var matchupsDueNow = false
        // Each week's started games, found once rather than once per league.
        let started = Dictionary(input.schedules.map { ($0.week, startedGames($0.schedule, now: input.now)) }, uniquingKeysWith: { first, _ in first })
        result.reserveCapacity(result.count + input.leagues.count + 1)
        for league in input.leagues {
            if let (due, priority) = matchupsDue(league, started: started[league.week] ?? [], input) {
                result.append(PrioritizedCall(call: .matchups(leagueID: league.leagueID, week: league.week), priority: priority, due: due))
                if due <= input.now { matchupsDueNow = true }
            }
        }
        if input.playersFetchedAt.map({ input.now.timeIntervalSince($0) >= playersInterval }) ?? true, matchupsDueNow {
            // Without an index nothing can be mapped: it goes before any snapshot.
            result.append(PrioritizedCall(call: .players, priority: input.playersFetchedAt == nil ? .essential : .background, due: input.now))
        }
        guard !input.backoffUntil.isEmpty else { return result }
        return result.map { item in
            let rest = input.backoffUntil[item.call.scope] ?? .distantPast
            return rest > item.due ? PrioritizedCall(call: item.call, priority: item.priority, due: rest) : item
        }
    }

    /// The games of a week that have kicked off by `now` (in progress or over).
    static func startedGames(_ schedule: WeekSchedule?, now: Date) -> [NFLGame] {
        schedule?.games.filter { ($0.status == .inProgress || $0.status == .final) && $0.kickoff <= now } ?? []
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

    /// When a league's matchups are due and how urgent they are; `nil` when never.
    /// `started` is the week's ``startedGames(_:now:)``. Runs for every league on every
    /// plan (5,000 at a time), so it allocates nothing.
    static func matchupsDue(_ league: LeaguePollState, started: [NFLGame], _ input: PollPlanInput) -> (Date, CallPriority)? {
        guard league.eligible else { return nil }
        // Never fetched this week: nothing is known about it yet, so it has waited longest of
        // all; with a game on, one of its lineups may be playing: as urgent as a kickoff.
        guard let fetched = league.lastFetchedAt else {
            // Its first answer of the week was unusable and not kept: asked again as above.
            if let unusable = league.unusableAnswerAt {
                return retryAfterUnusable(league, at: unusable, fetched: unusable, kickoffProof: nil, started: started, input)
            }
            let gameOn = started.contains { $0.status == .inProgress }
            return (.distantPast, gameOn ? .kickoff : (league.hasOpenActivity ? .live : .background))
        }
        // The lineup locks at each kickoff; the snapshot that proves it must come from
        // after the CDN's 60-second cache of the pre-kickoff answer. Unknown teams (`nil`)
        // count as playing.
        var lastKickoff: Date?
        var starterPlays = false
        var rosteredPlays = false
        for game in started where fetched < game.kickoff.addingTimeInterval(StartConfirmation.cdnLag) {
            lastKickoff = max(lastKickoff ?? game.kickoff, game.kickoff)
            starterPlays = starterPlays || league.starterTeams.map { $0.contains(game.home) || $0.contains(game.away) } ?? true
            rosteredPlays = rosteredPlays || league.rosteredTeams.map { $0.contains(game.home) || $0.contains(game.away) } ?? true
        }
        var proof: (Date, CallPriority)? = lastKickoff.map { kickoff in
            let priority: CallPriority = starterPlays ? .kickoff : (league.hasOpenActivity || rosteredPlays ? .live : .background)
            return (kickoff.addingTimeInterval(StartConfirmation.cdnLag), priority)
        }
        if let unusable = league.unusableAnswerAt {
            proof = retryAfterUnusable(league, at: unusable, fetched: fetched, kickoffProof: proof, started: started, input)
        }
        let refresh: (Date, CallPriority)? = league.hasOpenActivity
            ? (fetched.addingTimeInterval(input.settings.matchupsInterval - input.settings.tolerance), .live) : nil
        guard let proof else { return refresh }
        guard let refresh else { return proof }
        // Of the reasons already due, the most urgent wins; if none is due yet, the earliest.
        switch (proof.0 <= input.now, refresh.0 <= input.now) {
        case (true, true): return (proof.1, proof.0) <= (refresh.1, refresh.0) ? proof : refresh
        case (true, false): return proof
        case (false, true): return refresh
        case (false, false): return proof.0 <= refresh.0 ? proof : refresh
        }
    }

    /// The kickoff snapshot of a league whose latest answer proved no lineup lock: asked
    /// again a `matchupsInterval` after that answer (or after a later 304), as a live league
    /// is refreshed, never sooner than the CDN lag after the newest kickoff it must prove;
    /// and only while a game is in progress: once the last is over, no start can come of it.
    /// Ranked as that kickoff's snapshot is: first when a registered starter is playing.
    static func retryAfterUnusable(_ league: LeaguePollState, at unusable: Date, fetched: Date, kickoffProof: (Date, CallPriority)?, started: [NFLGame], _ input: PollPlanInput) -> (Date, CallPriority)? {
        var gameOn = false
        var starterPlays = false
        var rosteredPlays = false
        for game in started where game.status == .inProgress {
            gameOn = true
            starterPlays = starterPlays || league.starterTeams.map { $0.contains(game.home) || $0.contains(game.away) } ?? true
            rosteredPlays = rosteredPlays || league.rosteredTeams.map { $0.contains(game.home) || $0.contains(game.away) } ?? true
        }
        guard gameOn else { return nil }
        var due = max(unusable, fetched).addingTimeInterval(input.settings.matchupsInterval - input.settings.tolerance)
        if let kickoffProof { due = max(due, kickoffProof.0) }
        let priority: CallPriority = starterPlays ? .kickoff : (league.hasOpenActivity || rosteredPlays ? .live : .background)
        return (due, priority)
    }
}
