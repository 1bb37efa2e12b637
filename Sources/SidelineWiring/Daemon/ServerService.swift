import Foundation
import ServiceLifecycle
import SidelineCore
import SidelineServer
import Synchronization

/// The API server as a service of the daemon's group; a failure to bind is reported as a
/// configuration error naming `server.address`/`server.port`.
public final class ServerService: Service, Sendable {
    let server: APIServer
    /// Why the server stopped, if it failed (read after the group ends: the group wraps it).
    public let failure = Mutex<WiringError?>(nil)

    public init(server: APIServer) { self.server = server }

    public func run() async throws {
        let settings = server.environment.configuration.server
        do {
            try await server.application().run()
        } catch {
            let failure = WiringError(.configuration, ListenFailure.message(for: error, address: settings.address, port: settings.port))
            self.failure.withLock { $0 = failure }
            throw failure
        }
    }
}
