import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineWiring

/// `sideline tick`: one scheduler pass, then exit. The cron mode, and the way to replay a day.
struct TickCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tick",
        abstract: "Run one scheduler pass and exit (run it from cron every minute).",
        discussion: """
            A pass polls only what is due (nothing at all when nothing is live or near), steps \
            every registration's lifecycle and delivers the events. It exits 0 when the pass \
            completed, even if an endpoint or a delivery failed (that is logged and retried on \
            the next pass).
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Run the pass as if it were this instant (ISO-8601, e.g. 2026-11-22T18:01:00Z). Drives scheduling, the lifecycle and the call log.", valueName: "instant"))
    var now: Instant?

    @Flag(name: .customLong("dry-run"), help: "Print lifecycle events to stdout instead of the configured sinks (state still persists, in a dry-run lifecycle of its own).")
    var dryRun = false

    @Flag(help: "Print one JSON object per event on stdout (logs go to stderr).")
    var json = false

    func run() async throws {
        MemoryTuning.limitAllocatorArenas()
        try await reportingFailures {
            let wiring = try Wiring.open(try global.loadConfiguration())
            let instant = now?.date ?? Date()
            let lock = try wiring.passLock()
            defer { withExtendedLifetime(lock) {} }
            let scheduler = wiring.scheduler(now: { instant })
            let sinks = try wiring.passSinks(dryRun: dryRun, json: json)
            // Reused for an hour unless the sink settings change (ADR 033).
            if !dryRun { await wiring.checkCredentials(of: sinks) }
            let observer = PassObserver(wiring: wiring)
            let mode: PassMode = dryRun ? .dryRun : .live
            do {
                let started = ContinuousClock.now
                let report = try await scheduler.runPass(at: instant, mode: mode, sinks: sinks)
                observer.passed(report, duration: ContinuousClock.now - started)
            } catch {
                observer.threw(error, mode: mode)
                throw CLIFailure("\(error)", code: .database)
            }
            // A poller with a random id is never seen again: its leases go back now. The
            // pass itself went well; failing to hand them back only makes them expire.
            do { try await scheduler.leaveCluster() } catch {
                wiring.logger.warning("\(Messages.Cluster.retireFailed("\(error)"))")
            }
        }
    }
}
