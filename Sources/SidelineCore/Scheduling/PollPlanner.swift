import Foundation

/// Decides what is due, and in which order. Pure.
///
/// - `state/nfl`: hourly; every 10 minutes when a game is in progress or kicks off within the hour.
/// - game statuses: every minute while a game is in progress or kicks off within 10 minutes;
///   otherwise 10 minutes before the next kickoff, and at most hourly; from ESPN directly
///   while Sleeper's scores feed rests (``statusesCall(_:_:)``, ADR 030).
/// - matchups: one call per league, shared by its registrations; once at least 60 s after
///   each kickoff (the lineup lock), every `matchupsInterval` while an activity is open, and
///   at once for a league never fetched this week; after an answer that proved no lock
///   (``LeaguePollState/unusableAnswerAt``), every `matchupsInterval` while a game is in
///   progress, until a usable one comes; otherwise never.
/// - `players/nfl`: at most once a day, and only when a matchups snapshot needs mapping.
/// - a league renewal look-up (three calls): once a day per registration whose season is
///   behind Sleeper's `league_season`, in the background.
/// - the stats feed every ``statsInterval`` and projections every ``projectionsInterval``
///   while a game of the current week is in progress (one call each, for every league), and
///   each league's scoring settings weekly (``livePointsCalls(_:)``).
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
    /// A registration whose league has not (yet) been renewed looks again a day later.
    public static let renewalInterval: TimeInterval = 24 * 3600

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
            result.append(statusesCall(schedule, input))
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
        result.append(contentsOf: livePointsCalls(input))
        for renewal in input.renewals {
            let due = renewal.lastAttemptAt.map { $0.addingTimeInterval(renewalInterval) } ?? input.now
            result.append(PrioritizedCall(call: .leagueRenewal(registrationID: renewal.registrationID), priority: .background, due: due))
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
