import Foundation
import SidelineCore
import SidelineDelivery
import SidelineFakeSleeper
import SidelineWiring

/// `sideline demo`: replays the bundled game day through the real pipeline (real HTTP client
/// against an in-process fake Sleeper on loopback, SQLite, lifecycle, stdout sink) on a
/// simulated clock, in seconds, and prints the timeline.
///
/// A target of its own (ADR 026): it needs the fake Sleeper, which the wiring must never
/// link.
public enum Demo {
    public struct Options: Sendable {
        /// One JSON object per event instead of the readable timeline (no header, no summary).
        public var json: Bool
        /// Lifecycle starts and ends and the summary, not every update.
        public var quiet: Bool
        /// Keep the demo's database at this path (its directory must exist).
        public var database: String?

        public init(json: Bool = false, quiet: Bool = false, database: String? = nil) {
            self.json = json
            self.quiet = quiet
            self.database = database
        }
    }

    /// Runs the whole replay, writing to `output`. Failures are typed for the CLI's exit
    /// codes: the fake Sleeper or a registration refused (`.refused`), a bad configuration,
    /// a database error.
    public static func run(_ options: Options, output: any TextOutput = StandardOutput()) async throws(WiringError) {
        try await GameDayReplay.withReplay(database: options.database) { replay throws(WiringError) in
            try await run(replay, options, output: output)
        }
    }

    static func run(_ replay: GameDayReplay, _ options: Options, output: any TextOutput) async throws(WiringError) {
        let stdout = StdoutSink(format: options.json ? .json : .human, timeZone: replay.wiring.configuration.timeZone, output: output)
        let sink: any PushSink = options.quiet ? FilteringSink(inner: stdout) { $0.event != .update } : stdout
        if !options.json { output.write(Messages.Demo.header(league: GameDayScript.leagueName)) }
        let registered = try await replay.register(GameDayScript.alex.username, GameDayScript.blake.username)
        if !options.json { registered.forEach(output.write) }
        let summary = try await replay.run(sink: sink)
        if !options.json {
            output.write(Messages.Demo.summary(passes: summary.passes, calls: summary.calls, busiestMinute: summary.busiestMinute,
                                               events: summary.events, seconds: summary.seconds))
            output.write(Messages.LivePoints.accuracy(reconciliations: summary.reconciliationGaps))
        }
    }
}
