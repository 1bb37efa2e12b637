import ArgumentParser
import SidelineEngine
import SidelineWiring

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
            let sinks = try wiring.passSinks(dryRun: dryRun, json: json)
            try await Daemon.run(wiring: wiring, mode: dryRun ? .dryRun : .live, sinks: sinks, untilIdle: untilIdle)
        }
    }
}
