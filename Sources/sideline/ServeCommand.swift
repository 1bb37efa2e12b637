import ArgumentParser
import Foundation
import ServiceLifecycle
import SidelineCore
import SidelineServer

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
            let wiring = try Wiring.open(try global.loadConfiguration())
            let server = ServerService(server: APIServer(environment: try wiring.serverEnvironment(metrics: ServerMetrics())))
            let group = ServiceGroup(configuration: ServiceGroupConfiguration(
                services: [.init(service: server)], gracefulShutdownSignals: [.sigterm, .sigint], logger: wiring.logger
            ))
            do { try await group.run() } catch {
                throw server.failure.withLock { $0 } ?? CLIFailure("the server stopped: \(error)", code: .database)
            }
        }
    }
}
