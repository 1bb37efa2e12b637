import Foundation
import SidelineDelivery
import SidelineEngine
import SidelineServer

extension Wiring {
    /// What the device API and status page run on: this process's store, registration with
    /// its own Sleeper client, `status` as the CLI reports it, and the configured live sinks
    /// for the end events of a removed registration.
    public func serverEnvironment(metrics: ServerMetrics) throws(WiringError) -> ServerEnvironment {
        serverEnvironment(metrics: metrics, liveSinks: try liveSinks(json: false), scheduler: scheduler())
    }

    /// The same with the live sinks and the scheduler given: a harness hands in a recording
    /// sink, and the scheduler it runs its passes on so `status` sees them.
    public func serverEnvironment(metrics: ServerMetrics, liveSinks sinks: [any PushSink], scheduler: Scheduler) -> ServerEnvironment {
        ServerEnvironment(
            configuration: configuration, store: store,
            registrations: registrationService(),
            status: { now in try await scheduler.status(at: now) },
            liveSinkRoutes: sinks.map(\.route),
            deliverLive: { now in _ = await scheduler.deliver(mode: .live, sinks: sinks, at: now) },
            now: now, logger: logger, metrics: metrics
        )
    }
}
