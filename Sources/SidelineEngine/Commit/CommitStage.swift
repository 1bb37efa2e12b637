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

    /// If the commit fails, the cache no longer matches the database: it is dropped, and the
    /// next pass reads everything again.
    func commit(_ batch: LifecycleStepper.Batch, mode: PassMode, sinks: [PushRoute], at now: Date, cache: inout SchedulerCache) throws(StoreError) {
        guard !batch.rows.isEmpty || !batch.drafts.isEmpty || !batch.personRows.isEmpty else { return }
        do {
            try store.commitPass(rows: batch.rows, personRows: batch.personRows, events: batch.drafts, sinks: [mode: sinks], at: now)
        } catch {
            cache = SchedulerCache()
            throw error
        }
        cache.store(batch.rows, mode: mode, settings: settings)
        for (key, row) in batch.personRows { cache.persons[mode, default: [:]][key] = row.header }
    }
}
