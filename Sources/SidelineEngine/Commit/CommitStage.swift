import Foundation
import SidelineCore
import SidelineDelivery
import SidelineStore

/// The commit stage: a batch of stepped rows and their outbox events goes to the store as
/// one unit of work (``LifecycleStore/commitPass(rows:events:sinks:at:)``: both or
/// neither), then through to the cache.
struct CommitStage {
    let store: any LifecycleStore
    let settings: LifecycleSettings
    /// In a cluster (issue 32): each batch is committed fenced by the leases of the leagues
    /// and persons stepped into it; `nil` for the only poller.
    var fencing: Fencing?

    struct Fencing {
        let store: any ClusterStore
        let leases: LeaseKeeper
        let clock: LeaseClock
    }

    /// If the commit fails, the cache no longer matches the database: it is dropped, and the
    /// next pass reads everything again. A lost lease throws a ``StoreError`` whose
    /// `leaseLost` is set, having committed nothing.
    func commit(_ batch: LifecycleStepper.Batch, mode: PassMode, sinks: [PushRoute], at now: Date, cache: inout SchedulerCache) throws(StoreError) {
        guard !batch.rows.isEmpty || !batch.drafts.isEmpty || !batch.personRows.isEmpty else { return }
        do {
            if let fencing {
                try fencing.store.commitPass(rows: batch.rows, personRows: batch.personRows, events: batch.drafts, sinks: [mode: sinks], at: now,
                                             fences: fencing.leases.fences(leagues: batch.leagues, persons: batch.persons), clock: fencing.clock)
            } else {
                try store.commitPass(rows: batch.rows, personRows: batch.personRows, events: batch.drafts, sinks: [mode: sinks], at: now)
            }
        } catch {
            cache = SchedulerCache()
            throw error
        }
        cache.store(batch.rows, mode: mode, settings: settings)
        for (key, row) in batch.personRows { cache.persons[mode, default: [:]][key] = row.header }
    }
}
