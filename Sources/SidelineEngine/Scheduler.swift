import Foundation
import Logging
import SidelineCore
import SidelineSleeper
import SidelineStore

/// Runs scheduler passes: plan what is due, fetch it, map starters to games, step every
/// registration's lifecycle, commit states and events together, then deliver.
///
/// One instance per process (the daemon keeps it across passes; cron makes one per pass).
/// All time comes from the `now` each pass is given.
public actor Scheduler {
    let environment: PassEnvironment
    var players: (index: PlayersIndex, fetchedAt: Date)?
    var playersLoaded = false

    var store: SQLiteStore { environment.store }
    var logger: Logger { environment.logger }
    var configuration: SidelineConfiguration { environment.configuration }

    public init(environment: PassEnvironment) {
        self.environment = environment
    }

    /// One pass at `now`. Endpoint and delivery failures are logged and retried later;
    /// only database errors escape.
    public func runPass(at now: Date, mode: PassMode, sinks: [any PushSink]) async throws(StoreError) -> PassReport {
        var report = PassReport(at: now)
        loadPlayersIndex()
        let registrations = try store.activeRegistrations()

        // Feeds first: the NFL state decides the week, the week's games decide what is live.
        // Re-plan only after a stage fetched something: an idle pass plans once.
        var input = try planInput(at: now, registrations: registrations, mode: mode)
        for stage in [FetchStage.state, .schedules, .matchups] {
            let fetchedBefore = report.calls.count
            for call in PollPlanner.due(input) where stage.includes(call) {
                guard await fetch(call, at: now, report: &report) else { break }
            }
            if report.calls.count != fetchedBefore {
                input = try planInput(at: now, registrations: registrations, mode: mode)
            }
        }
        if !registrations.isEmpty { await followRenewedLeagues(registrations, at: now, report: &report) }

        let (states, drafts) = try stepLifecycles(registrations, at: now, mode: mode, report: &report)
        if !states.isEmpty || !drafts.isEmpty {
            try store.commitPass(states: states, events: drafts, sinks: [mode: sinks.map(\.name)], at: now)
        }
        await deliverPending(mode: mode, sinks: sinks, at: now, report: &report)
        await deliverToDevices(mode: mode, sinks: sinks, at: now, report: &report)
        // The log only needs the last minute; a day is kept for `status` and debugging.
        if !report.calls.isEmpty { try store.pruneCallLog(before: now.addingTimeInterval(-24 * 3600)) }

        let level: Logger.Level = report.calls.isEmpty && report.events.isEmpty ? .debug : .info
        logger.log(level: level, "pass \(EventEnvelope.timestamp(now)) \(mode == .dryRun ? "(dry run) " : ""): \(report.summary)")
        return report
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

    // MARK: - Planning

    /// The current fantasy week, if the NFL is in a part of the year that has one.
    func currentWeek() throws(StoreError) -> WeekKey? {
        guard let state = try store.nflState()?.state, state.seasonType.hasFantasyGames else { return nil }
        return WeekKey(season: state.season, seasonType: state.seasonType, week: state.week)
    }

    func planInput(at now: Date, registrations: [Registration], mode: PassMode) throws(StoreError) -> PollPlanInput {
        let current = try currentWeek()
        let open = try store.openLifecycleKeys(mode: mode)
        let openWeeks = Set(open.map(\.week))
        let weeks = Set([current].compactMap { $0 }).union(openWeeks).sorted()

        var schedules: [ScheduleState] = []
        for week in weeks {
            let stored = try store.schedule(week)
            schedules.append(ScheduleState(week: week, schedule: stored?.schedule, fetchedAt: stored?.fetchedAt))
        }

        var leagues: [LeaguePollState] = []
        for week in weeks {
            let fetched = try store.snapshotTimes(week: week)
            let byLeague = Dictionary(grouping: registrations, by: \.leagueID)
            for (leagueID, members) in byLeague.sorted(by: { $0.key < $1.key }) {
                let hasOpen = members.contains { open.contains(LifecycleKey(registrationID: $0.id, week: week, mode: mode)) }
                let inSeason = try store.league(id: leagueID)?.league.status == .inSeason
                let eligible = week == current
                    ? inSeason && members.contains { $0.season == week.season }
                    : hasOpen
                leagues.append(LeaguePollState(leagueID: leagueID, week: week, eligible: eligible, lastFetchedAt: fetched[leagueID], hasOpenActivity: hasOpen))
            }
        }

        return PollPlanInput(
            now: now,
            hasRegistrations: !registrations.isEmpty,
            nflStateFetchedAt: try store.nflState()?.fetchedAt,
            schedules: schedules,
            leagues: leagues,
            playersFetchedAt: players?.fetchedAt,
            backoffUntil: try store.backoffs().mapValues(\.until),
            settings: configuration.poll
        )
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
