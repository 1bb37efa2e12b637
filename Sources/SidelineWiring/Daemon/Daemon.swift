import Foundation
import Logging
import ServiceLifecycle
import SidelineCore
import SidelineDelivery
import SidelineEngine
import SidelineHTTP
import SidelineServer

/// The long-running commands as service groups that stop on SIGTERM/SIGINT: `sideline run`
/// (the pass loop beside the API server) and `sideline serve` (the API server alone).
public enum Daemon {
    /// Passes every `polling.pass_seconds` and the device API and status page, until a
    /// signal, or (`untilIdle`) until nothing is left to follow. Returns normally then.
    public static func run(wiring: Wiring, mode: PassMode, sinks: [any PushSink], untilIdle: Bool) async throws(WiringError) {
        let metrics = ServerMetrics()
        let loop = PassLoop(wiring: wiring, mode: mode, sinks: sinks, untilIdle: untilIdle, observer: PassObserver(wiring: wiring, metrics: metrics))
        let server = ServerService(server: APIServer(environment: try wiring.serverEnvironment(metrics: metrics)))
        // Returning (`--until-idle`) is a normal end, not a failure.
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: loop, successTerminationBehavior: .gracefullyShutdownGroup), .init(service: server)]
        // A dry run prints to stdout alone: no credentials to check.
        if mode == .live { services.append(.init(service: CredentialCheckService(wiring: wiring, sinks: sinks))) }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services,
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: wiring.logger
        ))
        let interval = Int(wiring.configuration.passInterval)
        wiring.logger.info("sideline \(SidelineVersion.current) running: a pass every \(interval) s\(mode == .dryRun ? " (dry run)" : "")")
        do {
            try await group.run()
        } catch {
            // The group wraps the service's error; report the cause in one line.
            throw loop.failure.withLock { $0 } ?? server.failure.withLock { $0 } ?? WiringError(.database, "the daemon stopped: \(error)")
        }
    }

    /// The device API and status page alone, until a signal.
    public static func serve(wiring: Wiring) async throws(WiringError) {
        let server = ServerService(server: APIServer(environment: try wiring.serverEnvironment(metrics: ServerMetrics())))
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [.init(service: server)], gracefulShutdownSignals: [.sigterm, .sigint], logger: wiring.logger
        ))
        do { try await group.run() } catch {
            throw server.failure.withLock { $0 } ?? WiringError(.database, "the server stopped: \(error)")
        }
    }
}
