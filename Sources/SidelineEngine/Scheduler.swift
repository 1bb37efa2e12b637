import Foundation
import Logging
import SidelineCore
import SidelineDelivery
import SidelineSleeper
import SidelineStore

/// Runs scheduler passes: plan what is due, fetch it, map starters to games, step every
/// registration's lifecycle, commit states and events together, then deliver.
///
/// One instance per process (the daemon keeps it across passes; cron makes one per pass).
/// All time comes from the `now` each pass is given. Between passes it keeps a write-through
/// cache of what it read (see ``SchedulerCache``), so a pass with nothing to fetch costs
/// next to nothing, and it steps only the registrations whose data or timers moved.
public actor Scheduler {
    let environment: PassEnvironment
    var players: (index: PlayersIndex, fetchedAt: Date)?
    var playersLoaded = false
    var cache = SchedulerCache()

    /// Matchups calls in flight at once: 1000 calls a minute at Sleeper's ~50–100 ms round
    /// trip do not fit in a minute one after another.
    public static let fetchConcurrency = 8

    var store: SQLiteStore { environment.store }
    var logger: Logger { environment.logger }
    var configuration: SidelineConfiguration { environment.configuration }

    /// How many lifecycle rows a pass reads at a time while stepping, and after how many
    /// events it commits what it has stepped (see ``stepLifecycles(at:mode:fetched:sinks:report:)``).
    public struct Batching: Sendable {
        public var rows: Int
        public var events: Int

        public init(rows: Int = 1_000, events: Int = 500) {
            self.rows = max(1, rows)
            self.events = max(1, events)
        }
    }

    let batching: Batching

    public init(environment: PassEnvironment, batching: Batching = Batching()) {
        self.environment = environment
        self.batching = batching
    }

    /// Drops everything cached (the next pass re-reads the database).
    public func invalidateCaches() { cache = SchedulerCache() }

    /// One pass at `now`. Endpoint and delivery failures are logged and retried later;
    /// only database errors escape.
    public func runPass(at now: Date, mode: PassMode, sinks: [any PushSink]) async throws(StoreError) -> PassReport {
        var report = PassReport(at: now)
        loadPlayersIndex()
        try refreshCache()
        let registrations = cache.registrations

        // Feeds first: the NFL state decides the week, the week's games decide what is live.
        // Re-plan only after a stage fetched something: an idle pass plans once.
        var input = try planInput(at: now, mode: mode)
        var plan = PollPlanner.prioritized(input)
        var fetched: [SchedulerCache.LeagueWeek: [MatchupEntry]?] = [:]
        for stage in [FetchStage.state, .schedules, .matchups] {
            let fetchedBefore = report.calls.count
            if stage == .matchups {
                let due = plan.filter { stage.includes($0.call) }
                if !due.isEmpty {
                    // Only as many as the window has room for; the rest waits, in order.
                    // Game statuses come first: a full window must still let the next status
                    // call through, so a large budget keeps a few slots back for the feeds.
                    let room = try store.schedulerCapacity(at: now, budget: configuration.rateBudget)
                    let capacity = max(0, room.capacity - min(input.schedules.count + 1, room.cap / 10))
                    let taken = due.prefix(capacity).map(\.call)
                    if taken.count < due.count {
                        report.problems.append(Messages.Budget.postponed(due.count - taken.count))
                        logger.notice("\(Messages.Budget.postponed(due.count - taken.count))")
                    }
                    fetched = await fetchMatchupsStage(taken, at: now, report: &report)
                }
            } else {
                for item in plan where stage.includes(item.call) {
                    guard await fetch(item.call, at: now, report: &report) else { break }
                }
            }
            if report.calls.count != fetchedBefore, stage != .matchups, try planMoved(input, mode: mode) {
                input = try planInput(at: now, mode: mode)
                plan = PollPlanner.prioritized(input)
            }
        }
        if !registrations.isEmpty { await followRenewedLeagues(registrations, at: now, report: &report) }
        try refreshCache()

        try stepLifecycles(at: now, mode: mode, fetched: fetched, sinks: sinks.map(\.name), report: &report)
        report.openActivities = cache.leagueLifecycles[mode]?.values.reduce(0) { $0 + $1.openCount } ?? 0
        await deliver(mode: mode, sinks: sinks, at: now, report: &report)
        // The log only needs the last minute; a day is kept for `status` and debugging.
        if !report.calls.isEmpty { try store.pruneCallLog(before: now.addingTimeInterval(-24 * 3600)) }

        let level: Logger.Level = report.calls.isEmpty && report.events.isEmpty ? .debug : .info
        logger.log(level: level, "pass \(EventEnvelope.timestamp(now)) \(mode == .dryRun ? "(dry run) " : ""): \(report.summary)")
        return report
    }

    /// Delivers what the outbox owes `mode`'s sinks, then the device pushes. Device pushes
    /// are real pushes: dry runs never make them.
    func deliver(mode: PassMode, sinks: [any PushSink], at now: Date, report: inout PassReport) async {
        report.absorb(await OutboxDelivery(store: store, logger: logger).deliverPending(mode: mode, sinks: sinks, at: now))
        guard mode == .live else { return }
        for case let sender as any DevicePushSender in sinks {
            report.absorb(await DeviceDelivery(store: store, logger: logger).deliver(with: sender, at: now, horizon: dayEnd(at: now)))
        }
    }

    /// When today's games end, for pacing a daily allowance (``PushAllowance/dayEnd(kickoffs:now:)``).
    func dayEnd(at now: Date) -> Date {
        // `currentWeek()` reads the cache only; without a week the whole UTC day is the horizon.
        guard let week = try? currentWeek(), let schedule = cache.schedules[week]?.schedule else { return PushAllowance.nextMidnight(after: now) }
        return PushAllowance.dayEnd(kickoffs: schedule.games.map(\.kickoff), now: now)
    }

    enum FetchStage {
        case state, schedules, matchups

        func includes(_ call: PlannedCall) -> Bool {
            switch (self, call) {
            case (.state, .nflState), (.schedules, .schedule), (.matchups, .players), (.matchups, .matchups): true
            default: false
            }
        }
    }

    // MARK: - Cache

    /// Refills the cache when another connection has committed since it was filled.
    func refreshCache() throws(StoreError) {
        let token = try store.externalChangeToken()
        guard cache.token != token else { return }
        let registrations = try store.activeRegistrations()
        cache.fill(
            token: token, registrations: registrations,
            leagues: try store.leagues(ids: Set(registrations.map(\.leagueID))),
            nflState: try store.nflState()
        )
    }

    func cachedSchedule(_ week: WeekKey) throws(StoreError) -> (schedule: WeekSchedule, fetchedAt: Date)? {
        if !cache.schedulesLoaded.contains(week) {
            cache.schedules[week] = try store.schedule(week)
            cache.schedulesLoaded.insert(week)
        }
        return cache.schedules[week]
    }

    func cachedSnapshotTimes(_ week: WeekKey) throws(StoreError) -> [String: Date] {
        if let times = cache.snapshotTimes[week] { return times }
        let times = try store.snapshotTimes(week: week)
        cache.snapshotTimes[week] = times
        return times
    }

    func cachedUnusableAnswers(_ week: WeekKey) throws(StoreError) -> [String: Date] {
        if let marks = cache.unusableAnswers[week] { return marks }
        let marks = try store.unusableAnswers(week: week)
        cache.unusableAnswers[week] = marks
        return marks
    }

    func cachedSnapshotETags(_ week: WeekKey) throws(StoreError) -> [String: String] {
        if let etags = cache.snapshotETags[week] { return etags }
        let etags = try store.snapshotETags(week: week)
        cache.snapshotETags[week] = etags
        return etags
    }

    /// Makes sure the cache holds the row headers of `mode`: every open one and every one of `week`.
    func loadLifecycles(mode: PassMode, week: WeekKey?) throws(StoreError) {
        // A week that matches no row loads the open ones only.
        let wanted = week ?? WeekKey(season: "", seasonType: .off, week: 0)
        if cache.lifecycleWeek[mode] != wanted || cache.lifecycles[mode] == nil {
            cache.setLifecycles(try store.lifecycleHeaders(mode: mode, week: wanted), mode: mode, week: wanted, settings: configuration.lifecycle)
        }
    }

    // MARK: - Planning

    /// The current fantasy week, if the NFL is in a part of the year that has one.
    func currentWeek() throws(StoreError) -> WeekKey? {
        guard let state = cache.nflState?.state, state.seasonType.hasFantasyGames else { return nil }
        return WeekKey(season: state.season, seasonType: state.seasonType, week: state.week)
    }

    func planInput(at now: Date, mode: PassMode) throws(StoreError) -> PollPlanInput {
        let current = try currentWeek()
        try loadLifecycles(mode: mode, week: current)
        var openLeagues: Set<SchedulerCache.LeagueWeek> = []
        for (league, summary) in cache.leagueLifecycles[mode] ?? [:] {
            for week in summary.openWeeks { openLeagues.insert(.init(leagueID: league, week: week)) }
        }
        let weeks = planWeeks(current: current, mode: mode)

        var schedules: [ScheduleState] = []
        for week in weeks {
            let stored = try cachedSchedule(week)
            schedules.append(ScheduleState(week: week, schedule: stored?.schedule, fetchedAt: stored?.fetchedAt))
        }

        // Read out of the cache once: this loop runs for every league on every plan.
        let registrations = cache.registrations
        let byLeague = cache.registrationsByLeague
        let stored = cache.leagues
        let leagueTeams = cache.leagueTeams
        var leagues: [LeaguePollState] = []
        leagues.reserveCapacity(byLeague.count * weeks.count)
        for week in weeks {
            let fetched = try cachedSnapshotTimes(week)
            let unusable = try cachedUnusableAnswers(week)
            for (leagueID, members) in byLeague {
                let key = SchedulerCache.LeagueWeek(leagueID: leagueID, week: week)
                let hasOpen = openLeagues.contains(key)
                let eligible = week == current
                    ? stored[leagueID]?.league.status == .inSeason && members.contains { registrations[$0].season == week.season }
                    : hasOpen
                let teams = leagueTeams[key]
                leagues.append(LeaguePollState(leagueID: leagueID, week: week, eligible: eligible, lastFetchedAt: fetched[leagueID],
                                               hasOpenActivity: hasOpen, starterTeams: teams?.starters, rosteredTeams: teams?.rostered,
                                               // Nearly always empty: no lookup (and no hashing of the id) then.
                                               unusableAnswerAt: unusable.isEmpty ? nil : unusable[leagueID]))
            }
        }

        return PollPlanInput(
            now: now,
            hasRegistrations: !cache.registrations.isEmpty,
            nflStateFetchedAt: cache.nflState?.fetchedAt,
            schedules: schedules,
            leagues: leagues,
            playersFetchedAt: players?.fetchedAt,
            backoffUntil: try store.backoffs().mapValues(\.until),
            settings: configuration.poll
        )
    }

    /// The weeks a plan covers: the current one and every one with an open activity.
    func planWeeks(current: WeekKey?, mode: PassMode) -> [WeekKey] {
        let open = (cache.leagueLifecycles[mode] ?? [:]).values.reduce(into: Set<WeekKey>()) { $0.formUnion($1.openWeeks) }
        return open.union([current].compactMap { $0 }).sorted()
    }

    /// Whether a feed stage moved what `input` was made from, so the stages still to come
    /// need a new plan: the week, a game's status or kickoff, a push-back from Sleeper.
    /// Most status calls change nothing, and at 5,000 leagues a plan costs ~10 ms of CPU:
    /// re-planning after each one was a tenth of a busy pass. (The feeds' own fetch times
    /// moved too, but their stages are over.)
    func planMoved(_ input: PollPlanInput, mode: PassMode) throws(StoreError) -> Bool {
        guard planWeeks(current: try currentWeek(), mode: mode) == input.schedules.map(\.week) else { return true }
        for planned in input.schedules where try cachedSchedule(planned.week)?.schedule != planned.schedule { return true }
        return try store.backoffs().mapValues(\.until) != input.backoffUntil
    }

    // MARK: - Players index

    func loadPlayersIndex() {
        guard !playersLoaded else { return }
        playersLoaded = true
        players = environment.playersStore.load()
        if let players {
            logger.debug("players index: \(players.index.count) players from \(EventEnvelope.timestamp(players.fetchedAt))")
        }
    }
}
