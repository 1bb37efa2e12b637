import Foundation
import Logging
import ServiceLifecycle
import SidelineCore
import SidelineEngine
import SidelineServer
import SidelineStore
import Synchronization

extension Wiring {
    /// What the device API and status page run on: this process's store, registration with
    /// its own Sleeper client, `status` as the CLI reports it, and the live sinks for the
    /// end events of a removed registration.
    func serverEnvironment(metrics: ServerMetrics) throws -> ServerEnvironment {
        let sinks = try liveSinks(json: false)
        let scheduler = Scheduler(environment: passEnvironment(now: { Date() }))
        let registrationSleeper = passEnvironment(now: { Date() }, forRegistration: true).sleeper
        return ServerEnvironment(
            configuration: configuration, store: store,
            registrations: RegistrationService(store: store, sleeper: registrationSleeper),
            status: { now in try await scheduler.status(at: now) },
            liveSinkNames: sinks.map(\.name),
            deliverLive: { now in _ = await scheduler.deliver(mode: .live, sinks: sinks, at: now) },
            logger: logger, metrics: metrics
        )
    }
}

/// The API server as a service of the daemon's group; a failure to bind is reported as a
/// configuration error naming `server.address`/`server.port`.
final class ServerService: Service, Sendable {
    let server: APIServer
    let failure = Mutex<CLIFailure?>(nil)

    init(server: APIServer) { self.server = server }

    func run() async throws {
        let settings = server.environment.configuration.server
        do {
            try await server.application().run()
        } catch {
            let failure = CLIFailure(Messages.Server.cannotListen(settings.address, settings.port, "\(error)"), code: .configuration)
            self.failure.withLock { $0 = failure }
            throw failure
        }
    }
}

/// After each pass: its metrics, and the instant `/readyz` reads.
struct PassObserver: Sendable {
    let store: SQLiteStore
    let metrics: ServerMetrics?

    func passed(_ report: PassReport, duration: Duration) {
        metrics?.record(report, duration: duration)
        // Wall time, not the pass's (a `tick --now` replay still shows the scheduler is alive).
        try? store.recordPass(at: Date())
    }
}
