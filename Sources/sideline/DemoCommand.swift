import ArgumentParser
import SidelineDemo

/// `sideline demo`: the bundled game day, replayed offline in seconds (``Demo``).
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Replay a bundled NFL Sunday (and Monday night) in dry-run, offline, in seconds.",
        discussion: """
            Starts a fake Sleeper on 127.0.0.1, registers two demo users in one league (so they \
            share the league's matchups call), and runs a scheduler pass every simulated minute \
            from 9:00 AM ET Sunday to 12:30 AM ET Tuesday. Nothing touches the network or your \
            own database: state goes to a temporary directory unless --database is given.
            """
    )

    @Flag(help: "Print one JSON object per event instead of the readable timeline.")
    var json = false

    @Flag(help: "Print only lifecycle starts and ends and the summary, not every update.")
    var quiet = false

    @Option(help: ArgumentHelp("Keep the demo's SQLite database at this path (default: a temporary file).", valueName: "path"))
    var database: String?

    func run() async throws {
        try await reportingFailures {
            try await Demo.run(Demo.Options(json: json, quiet: quiet, database: database))
        }
    }
}
