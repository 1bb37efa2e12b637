import Foundation
import Logging
import SidelineCore
import SidelineEngine
import SidelineServer
import SidelineStore

/// After each pass: its metrics, and its summary for `status`, the status page and
/// `/readyz` (ADR 035), whether it finished or threw.
public struct PassObserver: Sendable {
    let store: any PassHistoryStore
    let metrics: ServerMetrics?
    let logger: Logger
    /// The wiring's clock, not the pass's: a `tick --now` replay still shows the scheduler
    /// is alive.
    let now: @Sendable () -> Date

    public init(store: any PassHistoryStore, metrics: ServerMetrics?, logger: Logger = Logger(label: "sideline"), now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.metrics = metrics
        self.logger = logger
        self.now = now
    }

    /// Observes the passes of `wiring`, recording into `metrics` when given.
    public init(wiring: Wiring, metrics: ServerMetrics? = nil) {
        self.init(store: wiring.store, metrics: metrics, logger: wiring.logger, now: wiring.now)
    }

    public func passed(_ report: PassReport, duration: Duration) {
        metrics?.record(report, duration: duration)
        record(report.summary(finishedAt: now()))
    }

    /// A pass that threw `error` (the database): kept so `status` and `/readyz` say so,
    /// if the database takes the write.
    public func threw(_ error: any Error, mode: PassMode) {
        record(.threw("\(error)", at: now(), dryRun: mode == .dryRun))
    }

    private func record(_ summary: PassSummary) {
        do { try store.recordPass(summary) } catch {
            // The pass itself is committed; `/readyz` goes on reporting the previous pass
            // until the next one is recorded, and turns 503 once that is too old.
            logger.warning("\(Messages.Working.notRecorded("\(error)"))")
        }
    }
}
