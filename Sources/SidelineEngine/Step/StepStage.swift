import Foundation
import Logging
import SidelineCore
import SidelineDelivery
import SidelineStore

/// The step stage's shell: works out what to step (``StepScope``, ``StepSelection``), reads
/// the rows and snapshots it needs a slice at a time, steps them (``LifecycleStepper``) and
/// hands each batch to the commit stage.
///
/// A row is decoded only when it is stepped. What a step changes (rows and events together)
/// is committed in batches of about ``Scheduler/Batching/events`` events, each in one
/// transaction, so a kickoff pass at 50,000 registrations never holds all its payloads at
/// once. Each registration's row and its events are in the same batch; a crash between
/// batches leaves the later registrations unstepped, and the next pass steps them from the
/// same inputs.
struct StepStage {
    let store: any LifecycleStore & SnapshotStore & FeedStore & LivePointsStore & PersonStore
    let commit: CommitStage
    let configuration: SidelineConfiguration
    let batching: Scheduler.Batching
    let logger: Logger
    /// The work this poller steps (issue 32): league-scope registrations of held leagues,
    /// persons whose lease it holds.
    var share = WorkShare.everything

    /// What the pass brought for the step: its instant and mode, the sinks its events are
    /// owed to, the leagues the fetch stage moved, and the players index.
    struct Pass {
        let now: Date
        let mode: PassMode
        let sinks: [PushRoute]
        let fetched: [SchedulerCache.LeagueWeek: [MatchupEntry]?]
        let players: LoadedPlayers?
        /// The live points to make views with (ADR 029).
        var livePoints: LivePointsStep?
        /// Teams whose players' live points moved since the last step (empty: every team).
        var liveMoved: Set<TeamCode>?
    }

    func run(_ pass: Pass, cache: inout SchedulerCache, report: inout PassReport) throws(StoreError) {
        guard let current = cache.currentWeek else { return }
        try cache.loadLifecycles(mode: pass.mode, week: current, from: store, settings: configuration.lifecycle)
        let older = StepScope.olderWeeks(cache, current: current, mode: pass.mode)
        let weeks = Set(older.values.flatMap { $0 }).union([current])
        var stored: [WeekKey: WeekSchedule?] = [:]
        var times: [WeekKey: [String: Date]] = [:]
        for week in weeks {
            stored[week] = .some(try cache.schedule(week, from: store)?.schedule)
            times[week] = try cache.snapshotTimes(week, from: store)
        }
        // Snapshots: fetched ones are in hand; the others (leagues that moved without a new
        // body: a 304, a status change) are read from the store slice by slice while stepping
        // and dropped after their league's last registration (a kickoff moves every league,
        // and 5,000 decoded snapshots at once were ~65 MB).
        var snapshots: [SchedulerCache.LeagueWeek: StoredSnapshot] = [:]
        for case (let key, .some(let entries)) in pass.fetched where weeks.contains(key.week) {
            guard let at = times[key.week]?[key.leagueID] else { continue }
            let snapshot = StoredSnapshot(entries: entries, fetchedAt: at)
            snapshots[key] = snapshot
            cache.noteTeams(key, snapshot: snapshot, players: pass.players)
        }
        // Another poller's fetches count as this pass's (in a cluster; empty otherwise).
        var scope = StepScope(cache: cache, current: current, olderWeeks: older, stored: stored, fetched: Set(pass.fetched.keys).union(cache.externallyMoved),
                              playersFetchedAt: pass.players?.fetchedAt, liveMoved: pass.liveMoved, now: pass.now)
        let personUsers = cache.personScopeUsers(mode: pass.mode)
        let selection = StepSelection(cache: cache, scope: &scope, mode: pass.mode, snapshotTimes: times, inHand: Set(snapshots.keys),
                                      settings: configuration.lifecycle, personUsers: personUsers, share: share, now: pass.now)
        report.stepped += selection.work.count
        try learnTeams(selection.teamsUnknown, times: times, cache: &cache, players: pass.players)
        try step(selection, scope: scope, times: times, snapshots: snapshots, pass: pass, cache: &cache, report: &report)
        try stepPersons(personUsers, scope: &scope, times: times, inHand: snapshots, pass: pass, cache: &cache, report: &report)

        report.nextKickoff = cache.nextKickoff(scope.schedules[current] ?? nil, week: current, after: pass.now)
        for (week, schedule) in scope.schedules { cache.steppedSchedules[week] = .some(schedule) }
        cache.steppedPlayersAt = pass.players?.fetchedAt
        cache.stepAll = false
        cache.externallyMoved = []
    }

    /// Steps the selected work a slice of rows at a time, committing every full batch.
    private func step(_ selection: StepSelection, scope: StepScope, times: [WeekKey: [String: Date]], snapshots inHand: [SchedulerCache.LeagueWeek: StoredSnapshot],
                      pass: Pass, cache: inout SchedulerCache, report: inout PassReport) throws(StoreError) {
        let work = selection.work
        let registrations = cache.registrations
        var snapshots = inHand
        var loaded: Set<SchedulerCache.LeagueWeek> = []
        var stepper = LifecycleStepper(now: pass.now, mode: pass.mode, configuration: configuration,
                                       deviceSinks: DeviceSinks(mode: pass.mode, sinks: pass.sinks),
                                       players: pass.players?.index, livePoints: pass.livePoints)
        var batch = LifecycleStepper.Batch()
        var next = 0
        while next < work.count {
            let slice = work[next..<min(next + batching.rows, work.count)]
            next = slice.endIndex
            let keys = slice.map { LifecycleKey(registrationID: registrations[$0.registrationIndex].id, week: $0.week, mode: pass.mode) }
            let rows = try store.lifecycleRows(keys.filter { cache.header($0) != nil })
            for (key, snapshot) in try missingSnapshots(slice, registrations: registrations, have: snapshots, times: times) {
                snapshots[key] = snapshot
                loaded.insert(key)
                cache.noteTeams(key, snapshot: snapshot, players: pass.players)
            }
            for (item, key) in zip(slice, keys) {
                let registration = registrations[item.registrationIndex]
                guard let league = cache.leagues[registration.leagueID] else { continue }
                let leagueKey = SchedulerCache.LeagueWeek(leagueID: registration.leagueID, week: key.week)
                stepper.step(.init(registration: registration, league: league, week: key.week, state: try rows[key]?.state() ?? .idle,
                                   leagueMoved: item.leagueMoved, snapshot: snapshots[leagueKey], fetchedAt: times[key.week]?[registration.leagueID],
                                   schedule: scope.schedules[key.week] ?? nil, mayStart: StepSelection.mayStart(key.week, league.league, current: scope.current)),
                             into: &batch)
                batch.leagues.insert(registration.leagueID)
            }
            if batch.drafts.count >= batching.events || next == work.count {
                try flush(&batch, pass: pass, cache: &cache, report: &report)
            }
            // The keys to drop are listed first: removing while iterating the collection
            // itself made Swift copy it whole on every removal.
            for key in loaded.filter({ (selection.lastUse[$0] ?? 0) < next }) {
                snapshots[key] = nil
                loaded.remove(key)
            }
            for key in stepper.lineups.keys.filter({ (selection.lastUse[$0] ?? 0) < next }) { stepper.lineups[key] = nil }
        }
    }

    func flush(_ batch: inout LifecycleStepper.Batch, pass: Pass, cache: inout SchedulerCache, report: inout PassReport) throws(StoreError) {
        batch.problems.forEach { logger.error("\($0)") }
        report.problems += batch.problems
        report.events += batch.events
        // Before the rows: a crash between the two only means the stats catch up again.
        try store.saveStatsBaselines(batch.baselines.map { (leagueID: $0.key.leagueID, week: $0.key.week, fetchedAt: $0.value.fetchedAt, baseline: $0.value.baseline) })
        try commit.commit(batch, mode: pass.mode, sinks: pass.sinks, at: pass.now, cache: &cache)
        batch = LifecycleStepper.Batch()
    }

    /// The stored snapshots of the slice's moved leagues not in hand yet.
    private func missingSnapshots(_ slice: ArraySlice<StepSelection.WorkItem>, registrations: [Registration], have: [SchedulerCache.LeagueWeek: StoredSnapshot],
                                  times: [WeekKey: [String: Date]]) throws(StoreError) -> [SchedulerCache.LeagueWeek: StoredSnapshot] {
        var toLoad: [WeekKey: Set<String>] = [:]
        for item in slice where item.leagueMoved {
            let leagueID = registrations[item.registrationIndex].leagueID
            let key = SchedulerCache.LeagueWeek(leagueID: leagueID, week: item.week)
            if have[key] == nil, times[item.week]?[leagueID] != nil { toLoad[item.week, default: []].insert(leagueID) }
        }
        var found: [SchedulerCache.LeagueWeek: StoredSnapshot] = [:]
        for (week, ids) in toLoad {
            for (leagueID, snapshot) in try store.snapshots(week: week, leagueIDs: ids) { found[.init(leagueID: leagueID, week: week)] = snapshot }
        }
        return found
    }

    /// Notes the teams of leagues none of whose registrations a pass steps, from their stored
    /// snapshots, a slice at a time: stepping them would have (in a process's first pass,
    /// every league's), and the planner polls a league whose teams it does not know as if
    /// its starters played in every game.
    private func learnTeams(_ leagues: Set<SchedulerCache.LeagueWeek>, times: [WeekKey: [String: Date]], cache: inout SchedulerCache, players: LoadedPlayers?) throws(StoreError) {
        for (week, keys) in Dictionary(grouping: leagues, by: \.week) {
            let ids = keys.map(\.leagueID).filter { times[week]?[$0] != nil }.sorted()
            var next = 0
            while next < ids.count {
                let slice = ids[next..<min(next + batching.rows, ids.count)]
                next = slice.endIndex
                for (leagueID, snapshot) in try store.snapshots(week: week, leagueIDs: Set(slice)) {
                    cache.noteTeams(.init(leagueID: leagueID, week: week), snapshot: snapshot, players: players)
                }
            }
        }
    }
}
