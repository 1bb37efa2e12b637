import Foundation
import SidelineEngine
import SidelineServer
import SidelineStore

/// After each pass: its metrics, and the instant `/readyz` reads.
public struct PassObserver: Sendable {
    let store: SQLiteStore
    let metrics: ServerMetrics?
    /// The wiring's clock, not the pass's: a `tick --now` replay still shows the scheduler
    /// is alive.
    let now: @Sendable () -> Date

    public init(store: SQLiteStore, metrics: ServerMetrics?, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.metrics = metrics
        self.now = now
    }

    /// Observes the passes of `wiring`, recording into `metrics` when given.
    public init(wiring: Wiring, metrics: ServerMetrics? = nil) {
        self.init(store: wiring.store, metrics: metrics, now: wiring.now)
    }

    public func passed(_ report: PassReport, duration: Duration) {
        metrics?.record(report, duration: duration)
        // Not kept: `/readyz` reports the previous pass's instant until the next one is
        // recorded. The pass itself is committed; nothing else reads this.
        try? store.recordPass(at: now())
    }
}
