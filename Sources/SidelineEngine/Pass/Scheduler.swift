import Foundation
import Logging
import SidelineCore
import SidelineDelivery
import SidelineSleeper
import SidelineStore

/// Runs scheduler passes. A pass is five stages, each a small type with a pure core and a
/// thin shell over the store or the network (ADR 025):
///
/// 1. **plan** (``PlanStage``): what is due at the instant, in priority order, and how many
///    league calls the rate budget has room for (``PollPlanner``, ``PassPlan``);
/// 2. **fetch** (``FetchStage``): the feeds first, then the players index, matchups and
///    league renewals, with rests and Sleeper's push-back;
/// 3. **step** (``StepStage``): what moved, then each moved registration's lifecycle
///    (``StepSelection``, ``LifecycleStepper``);
/// 4. **commit** (``CommitStage``): rows and outbox events in one transaction per batch;
/// 5. **deliver** (``DeliverStage``): the outbox and the device pushes.
///
/// The actor owns what outlives a pass: the cache (``SchedulerCache``, written through to
/// SQLite, so a pass with nothing new costs next to nothing) and the players index. One
/// instance per process (the daemon keeps it; cron makes one per pass). All time comes from
/// the `now` each pass is given.
public actor Scheduler {
    let environment: PassEnvironment
    let batching: Batching
    var cache = SchedulerCache()
    var players: LoadedPlayers?
    var playersLoaded = false
    /// When this process next applies the outbox's retention.
    var nextOutboxPrune = Date.distantPast
    /// The leases this poller holds, in a cluster (issue 32).
    var leases = LeaseKeeper()
    /// The part of the work this pass does: all of it, unless in a cluster.
    var share = WorkShare.everything
    /// Whole-cache refills in a cluster (``cacheRefills``).
    var refills = 0
    /// In a cluster: the store's fenced writes and this pass's leases (set by the lease round).
    var passFencing: CommitStage.Fencing?

    /// How long settled events stay in the outbox (for `status`, the device API and
    /// debugging): a week, far past any activity (at most 8 hours).
    public static let outboxRetention: TimeInterval = 7 * 24 * 3600

    /// Matchups calls in flight at once: 1000 calls a minute at Sleeper's ~50–100 ms round
    /// trip do not fit in a minute one after another.
    public static let fetchConcurrency = 8

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
        report.mode = mode
        loadPlayersIndex()
        try refreshCache()
        try divideWork(at: now, mode: mode)
        var due = try plan.due(cache: &cache, players: players, at: now, mode: mode)
        // The feeds first: the NFL state decides the week, the week's games what is live.
        // Re-plan only after one moved what the plan was made from: an idle pass plans once.
        for feed in [FeedKind.state, .statuses] {
            let before = report.calls.count
            for item in due.calls where feed.includes(item.call) {
                guard await fetchFeed(item.call, at: now, report: &report) else { break }
            }
            if report.calls.count != before, try plan.moved(due, cache: &cache, mode: mode) {
                due = try plan.due(cache: &cache, players: players, at: now, mode: mode)
            }
        }
        // Then the league calls: as many as the window has room for, in order.
        let passPlan = try plan.budgeted(due, at: now)
        if passPlan.postponed > 0 { report.note(Messages.Budget.postponed(passPlan.postponed), logger, level: .notice) }
        let fetched = await fetchLeagueCalls(passPlan.leagueCalls, at: now, report: &report)
        try refreshCache()

        let live = stepLivePoints(at: now, report: &report)
        let pass = StepStage.Pass(now: now, mode: mode, sinks: sinks.map(\.route), fetched: fetched, players: players, livePoints: live.step, liveMoved: live.moved)
        try stepHeld(pass, report: &report)
        finishLiveStep(live.step, at: now, report: &report)
        report.openActivities = (cache.leagueLifecycles[mode]?.values.reduce(0) { $0 + $1.openCount } ?? 0) + (cache.openPersonCount[mode] ?? 0)
        if try delivers(at: now, report: &report) {
            await DeliverStage(store: store, logger: logger).run(mode: mode, sinks: sinks, at: now, horizon: dayEnd(at: now), report: &report)
        }
        // The log only needs the last minute; a day is kept for `status` and debugging.
        if !report.calls.isEmpty { try store.pruneCallLog(before: now.addingTimeInterval(-24 * 3600)) }
        if share.leads, now >= nextOutboxPrune {
            report.recorded("the outbox's retention", logger) { try store.pruneOutbox(before: now.addingTimeInterval(-Self.outboxRetention)) }
            nextOutboxPrune = now.addingTimeInterval(3600)
        }

        let level: Logger.Level = report.calls.isEmpty && report.events.isEmpty ? .debug : .info
        logger.log(level: level, "pass \(EventEnvelope.timestamp(now)) \(mode == .dryRun ? "(dry run) " : ""): \(report.summary)")
        return report
    }

    /// One feed call; `false` stops the feeds after it.
    private func fetchFeed(_ call: PlannedCall, at now: Date, report: inout PassReport) async -> Bool {
        var previous: WeekSchedule?
        if case .schedule(let week, _) = call {
            previous = report.recorded("the stored schedule of week \(week.week)", logger) { () throws -> WeekSchedule? in try cache.schedule(week, from: store)?.schedule } ?? nil
        }
        let answer = await fetch.feed(call, previous: previous, at: now, report: &report)
        keep(answer.fetched, at: now)
        return answer.goOn
    }

    /// The players index (without it nothing maps), the stats feeds, every league's matchups
    /// at once, then renewals and scoring settings. Returns the leagues the step must look at.
    private func fetchLeagueCalls(_ calls: [PlannedCall], at now: Date, report: inout PassReport) async -> [SchedulerCache.LeagueWeek: [MatchupEntry]?] {
        if calls.contains(.players), !(await fetchFeed(.players, at: now, report: &report)) { return [:] }
        guard await fetchStatLines(calls, at: now, report: &report) else { return [:] }
        var request = cache.matchupsRequest(calls, from: store, report: &report, logger: logger)
        request.livePoints = matchupsLivePoints(calls, at: now, report: &report)
        var moved: [SchedulerCache.LeagueWeek: [MatchupEntry]?] = [:]
        if let answers = await fetch.matchups(request, at: now, report: &report) { moved = cache.keep(answers, at: now) }
        await renewLeagues(calls, at: now, report: &report)
        await refreshScoring(calls, at: now, report: &report)
        return moved
    }

    /// The planned renewal look-ups, one after another, from the registrations as they were
    /// planned; the cache is read again once after them if any registration changed.
    private func renewLeagues(_ calls: [PlannedCall], at now: Date, report: inout PassReport) async {
        let ids = calls.compactMap { if case .leagueRenewal(let id) = $0 { id } else { nil } }
        guard !ids.isEmpty, let season = cache.nflState?.state.leagueSeason else { return }
        let planned = Set(ids)
        let byID = Dictionary(cache.registrations.lazy.filter { planned.contains($0.id) }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changed = false
        for id in ids {
            guard let registration = byID[id] else { continue }
            let renewal = await fetch.renew(registration, leagueSeason: season, at: now, report: &report)
            changed = changed || renewal.changed
            cache.renewalAttempts?[id] = now
            if !renewal.goOn { break }
        }
        if changed { invalidateCaches() }
    }

    private func keep(_ fetched: Fetched?, at now: Date) {
        guard let fetched else { return }
        if case .players(let index) = fetched { players = (index, now) }
        cache.keep(fetched, at: now)
    }

    private enum FeedKind {
        case state, statuses

        func includes(_ call: PlannedCall) -> Bool {
            switch (self, call) {
            case (.state, .nflState), (.statuses, .schedule): true
            default: false
            }
        }
    }
}
