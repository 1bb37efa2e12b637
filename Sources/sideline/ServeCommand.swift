import ArgumentParser
import SidelineWiring

/// `sideline serve`: the device API and status page alone (passes come from cron or another
/// `sideline run`).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the device API and status page only (no scheduler passes) until SIGTERM/SIGINT.",
        discussion: "Listens on server.address:server.port (default 127.0.0.1:8787); put TLS in a reverse proxy in front. `sideline run` serves the same API next to its passes."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await reportingFailures {
            try await Daemon.serve(wiring: try Wiring.open(try global.loadConfiguration()))
        }
    }
}
