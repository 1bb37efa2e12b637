import ArgumentParser
import Foundation
import SidelineCore
import SidelineHTTP

/// `sideline healthcheck`: asks the running server's `/healthz`, for a container's
/// `HEALTHCHECK` (the runtime image has no curl) or a monitoring script. Exit 0 healthy, 1 not.
struct HealthcheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Ask the running server's /healthz (server.address and server.port): exit 0 when it answers 200, 1 otherwise.",
        discussion: "A wildcard server.address (0.0.0.0, ::) is asked over loopback. Made for a container's HEALTHCHECK: it opens no database."
    )

    @OptionGroup var global: GlobalOptions

    /// Short: a health check that hangs is worse than one that says no.
    static let timeout: TimeInterval = 5

    func run() async throws {
        let configuration = try global.loadConfigurationReporting()
        guard let url = configuration.server.localURL(path: "healthz") else {
            printError(Messages.Healthcheck.anyPort)
            throw ExitCode(CLIFailure.Code.refused.rawValue)
        }
        let response: HTTPTransportResponse
        do {
            response = try await CurlTransport(timeout: Self.timeout).get(url, headers: [:])
        } catch {
            printError(Messages.Healthcheck.unreachable(error.description))
            throw ExitCode(CLIFailure.Code.refused.rawValue)
        }
        guard response.status == 200 else {
            printError(Messages.Healthcheck.unhealthy(url.absoluteString, status: response.status))
            throw ExitCode(CLIFailure.Code.refused.rawValue)
        }
        print(Messages.Healthcheck.healthy(url.absoluteString))
    }
}
