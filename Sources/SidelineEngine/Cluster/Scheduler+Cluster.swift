import Foundation
import Logging
import SidelineCore
import SidelineStore

/// A pass in a cluster of pollers (issue 32, ADR 040). Without a ``ClusterSeat`` every
/// function here is one `guard` and the pass is the single poller's, unchanged.
///
/// - Before planning, the lease round (``LeaseKeeper``) gives the pass its ``WorkShare``:
///   the plan makes only the calls of held leagues, and the shared feeds only on the leader;
/// - the step stage steps only league-scope registrations of held leagues and persons whose
///   lease is held, from whatever snapshots the store has (another poller's fetches too);
/// - every commit is fenced by the leases of what it commits: a poller that lost one
///   (paused, partitioned) commits nothing for it;
/// - the leader alone delivers the outbox (one sender per event: the outbox delivers at
///   least once, and two pollers sending side by side would double every event).
extension Scheduler {
    /// The cache brought up to date with the store: refilled when another connection
    /// committed, or in a cluster, while the structure is unchanged, with the other pollers'
    /// pass work folded in (``SchedulerCache/foldInOthersPasses(token:from:)``).
    func refreshCache() throws(StoreError) {
        guard let seat = environment.cluster else { return try cache.refresh(from: store) }
        // The structure first: a change landing between the two reads moves the change token
        // too, and the next pass sees it.
        let structure = try seat.store.structureChangeToken()
        let token = try store.externalChangeToken()
        guard cache.token != token else { return }
        if cache.token != nil, cache.structureToken == structure {
            try cache.foldInOthersPasses(token: token, from: store)
        } else {
            try cache.refresh(from: store)
            cache.structureToken = structure
            refills += 1
        }
    }

    /// The lease round at the start of a pass; sets ``share``. Work newly claimed (a joining
    /// share, or a dead poller's leagues taken over) was stepped elsewhere until now: the
    /// cache is refilled so that all of it is stepped, as after a restart.
    func divideWork(at now: Date, mode: PassMode) throws(StoreError) {
        guard let seat = environment.cluster else { return }
        try cache.loadLifecycles(mode: mode, week: cache.currentWeek, from: store, settings: configuration.lifecycle)
        let leagues = Set(cache.registrationsByLeague.keys)
        var persons = Set(cache.registrations.map(\.sleeperUserID))
        // A person whose last registration went still has an activity to end.
        for (key, header) in cache.persons[mode] ?? [:] where header.isOpen { persons.insert(key.sleeperUserID) }
        let before = share
        share = try leases.round(seat, leagues: leagues, persons: persons, at: now)
        passFencing = CommitStage.Fencing(store: seat.store, leases: leases, clock: seat.settings.leaseClock.clock(at: now))
        if Self.gained(share, over: before) {
            invalidateCaches()
            try refreshCache()
        }
        if share != before {
            logger.info("\(Messages.Cluster.share(poller: seat.poller.pollerID, leagues: share.leagues?.count ?? 0, of: leagues.count, persons: share.persons?.count ?? 0, leads: share.leads))")
        }
    }

    /// Whether `share` holds work `before` did not (everything counts as held).
    static func gained(_ share: WorkShare, over before: WorkShare) -> Bool {
        guard let leagues = share.leagues, let persons = share.persons else { return false }
        guard let held = before.leagues, let heldPersons = before.persons else { return false }
        return !leagues.isSubset(of: held) || !persons.isSubset(of: heldPersons)
    }

    /// The step stage over the held work, its commits fenced in a cluster. A lost lease ends
    /// the step (the batch it failed is not committed, the cache is dropped) without failing
    /// the pass: the work is another poller's now, and the next round says what is still ours.
    func stepHeld(_ pass: StepStage.Pass, report: inout PassReport) throws(StoreError) {
        do {
            try step.run(pass, cache: &cache, report: &report)
        } catch {
            guard error.leaseLost else { throw error }
            report.note(error.message, logger, level: .warning)
        }
    }

    /// Whether this pass delivers the outbox: always for the only poller; in a cluster, the
    /// leader, if it still holds the lease now (a leader paused past its lease must not send
    /// beside the new one).
    func delivers(at now: Date, report: inout PassReport) throws(StoreError) -> Bool {
        guard let seat = environment.cluster else { return true }
        guard let leader = leases.leader else { return false }
        if try seat.store.holds([leader.fence], clock: seat.settings.leaseClock.clock(at: now)) { return true }
        report.note(Messages.Cluster.leadLost(poller: seat.poller.pollerID), logger, level: .warning)
        return false
    }

    /// Leaves the cluster (a clean stop): the poller's row goes and its leases are freed at
    /// once, so the others need not wait for them to expire. A poller with a fixed id
    /// (``ClusterSeat/retiresOnExit``) keeps them for its next process unless `always`.
    public func leaveCluster(always: Bool = false) throws(StoreError) {
        guard let seat = environment.cluster, always || seat.retiresOnExit else { return }
        try seat.store.retirePoller(seat.poller.pollerID)
        leases.forget()
        share = .everything
        passFencing = nil
    }

    /// The work this poller holds now (for tests and the benchmark).
    public var workShare: WorkShare { share }

    /// How many times this poller refilled its whole cache (for tests and the benchmark:
    /// in a settled cluster, other pollers' passes are folded in, not refilled).
    public var cacheRefills: Int { refills }
}
