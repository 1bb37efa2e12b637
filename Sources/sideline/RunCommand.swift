import ArgumentParser
import Foundation
import Logging
import ServiceLifecycle
import SidelineCore
import SidelineEngine
import SidelineServer
import SidelineSleeper
import Synchronization
import SidelineDelivery
import SidelineHTTP

/// `sideline run`: the daemon. One pass every `polling.pass_seconds`, and the device API and
/// status page; SIGTERM/SIGINT finish the pass in flight, stop serving and exit.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run as a daemon: a scheduler pass every polling.pass_seconds until SIGTERM/SIGINT.",
        discussion: "Each pass takes the same lock as `sideline tick`, so a cron job and the daemon never run a pass at once."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .customLong("dry-run"), help: "Print lifecycle events to stdout instead of the configured sinks.")
    var dryRun = false

    @Flag(help: "Print one JSON object per event on stdout (logs go to stderr).")
    var json = false

    @Flag(name: .customLong("until-idle"), help: "Exit once nothing is live or in grace and no starter kicks off within the hour.")
    var untilIdle = false

    func run() async throws {
        MemoryTuning.limitAllocatorArenas()
        try await reportingFailures {
            let wiring = try Wiring.open(try global.loadConfiguration())
            let sinks: [any PushSink] = dryRun ? [StdoutSink(format: json ? .json : .human, timeZone: wiring.configuration.timeZone)] : try wiring.liveSinks(json: json)
            let metrics = ServerMetrics()
            let daemon = PassLoop(
                wiring: wiring, mode: dryRun ? .dryRun : .live, sinks: sinks, untilIdle: untilIdle,
                observer: PassObserver(store: wiring.store, metrics: metrics)
            )
            // The device API and status page, next to the passes.
            let server = ServerService(server: APIServer(environment: try wiring.serverEnvironment(metrics: metrics)))
            let group = ServiceGroup(configuration: ServiceGroupConfiguration(
                // Returning (`--until-idle`) is a normal end, not a failure.
                services: [.init(service: daemon, successTerminationBehavior: .gracefullyShutdownGroup), .init(service: server)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: wiring.logger
            ))
            wiring.logger.info("sideline \(SidelineVersion.current) running: a pass every \(Int(wiring.configuration.passInterval)) s\(dryRun ? " (dry run)" : "")")
            do {
                try await group.run()
            } catch {
                // The group wraps the service's error; report the cause in one line.
                throw daemon.failure.withLock { $0 } ?? server.failure.withLock { $0 } ?? CLIFailure("the daemon stopped: \(error)", code: .database)
            }
        }
    }
}

/// The daemon's loop as a service: pass, sleep, repeat; stops between passes on shutdown.
final class PassLoop: Service, Sendable {
    let wiring: Wiring
    let mode: PassMode
    let sinks: [any PushSink]
    let untilIdle: Bool
    let observer: PassObserver?
    /// Why the loop stopped, if it failed (read after the group ends).
    let failure = Mutex<CLIFailure?>(nil)

    init(wiring: Wiring, mode: PassMode, sinks: [any PushSink], untilIdle: Bool, observer: PassObserver? = nil) {
        self.wiring = wiring
        self.mode = mode
        self.sinks = sinks
        self.untilIdle = untilIdle
        self.observer = observer
    }

    func run() async throws {
        let scheduler = Scheduler(environment: wiring.passEnvironment(now: { Date() }))
        let interval = wiring.configuration.passInterval
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            let now = Date()
            do {
                let lock = try wiring.lock()
                let started = ContinuousClock.now
                let report = try await scheduler.runPass(at: now, mode: mode, sinks: sinks)
                withExtendedLifetime(lock) {}
                observer?.passed(report, duration: ContinuousClock.now - started)
                if !report.calls.isEmpty || !report.events.isEmpty { MemoryTuning.releaseFreedMemory() }
                if untilIdle, report.openActivities == 0, (report.nextKickoff.map { $0.timeIntervalSince(now) > 3600 } ?? true) {
                    wiring.logger.info("nothing live and no kickoff within the hour: exiting (--until-idle)")
                    return
                }
            } catch let failure as CLIFailure where failure.code == .locked {
                wiring.logger.notice("\(failure.message)")
            } catch {
                // A database error ends the daemon: running on without state would be worse.
                let failure = CLIFailure("\(error)", code: .database)
                self.failure.withLock { $0 = failure }
                throw failure
            }
            try? await cancelWhenGracefulShutdown {
                try await Task.sleep(for: .seconds(interval))
            }
        }
        wiring.logger.info("shutting down")
    }
}
