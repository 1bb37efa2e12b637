import ArgumentParser
import Foundation
import Logging
import ServiceLifecycle
import SidelineCore
import SidelineEngine
import SidelineSleeper

/// `sideline run`: the daemon. One pass every `polling.pass_seconds`; SIGTERM/SIGINT finish
/// the pass in flight and exit.
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
        try await reportingFailures {
            let wiring = try Wiring.open(try global.loadConfiguration())
            let sinks: [any PushSink] = dryRun ? [StdoutSink(format: json ? .json : .human, timeZone: wiring.configuration.timeZone)] : wiring.liveSinks(json: json)
            let daemon = PassLoop(
                wiring: wiring, mode: dryRun ? .dryRun : .live, sinks: sinks, untilIdle: untilIdle
            )
            let group = ServiceGroup(services: [daemon], gracefulShutdownSignals: [.sigterm, .sigint], logger: wiring.logger)
            wiring.logger.info("sideline \(SidelineVersion.current) running: a pass every \(Int(wiring.configuration.passInterval)) s\(dryRun ? " (dry run)" : "")")
            try await group.run()
        }
    }
}

/// The daemon's loop as a service: pass, sleep, repeat; stops between passes on shutdown.
struct PassLoop: Service {
    let wiring: Wiring
    let mode: PassMode
    let sinks: [any PushSink]
    let untilIdle: Bool

    func run() async throws {
        let scheduler = Scheduler(environment: wiring.passEnvironment(now: { Date() }))
        let interval = wiring.configuration.passInterval
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            let now = Date()
            do {
                let lock = try wiring.lock()
                let report = try await scheduler.runPass(at: now, mode: mode, sinks: sinks)
                withExtendedLifetime(lock) {}
                if untilIdle, report.openActivities == 0, (report.nextKickoff.map { $0.timeIntervalSince(now) > 3600 } ?? true) {
                    wiring.logger.info("nothing live and no kickoff within the hour: exiting (--until-idle)")
                    return
                }
            } catch let failure as CLIFailure where failure.code == .locked {
                wiring.logger.notice("\(failure.message)")
            } catch {
                // A database error ends the daemon: running on without state would be worse.
                throw CLIFailure("\(error)", code: .database)
            }
            try? await cancelWhenGracefulShutdown {
                try await Task.sleep(for: .seconds(interval))
            }
        }
        wiring.logger.info("shutting down")
    }
}
