import Foundation
import ServiceLifecycle
import SidelineCore
import SidelineDelivery

/// The daemon's credentials check as a service: the sinks' credentials when `run` starts,
/// then hourly (ADR 033), so a wrong token or key is in the log and `status` before the
/// first game-day push, not at it.
public final class CredentialCheckService: Service, Sendable {
    /// Waits out the hour between two checks; cancelled on graceful shutdown.
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    let wiring: Wiring
    let sinks: [any PushSink]
    let sleep: Sleep

    public init(wiring: Wiring, sinks: [any PushSink], sleep: @escaping Sleep = { try await Task.sleep(for: $0) }) {
        self.wiring = wiring
        self.sinks = sinks
        self.sleep = sleep
    }

    public func run() async throws {
        var first = true
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            // At start whatever is stored; then as `tick` does, so a cron pass's fresh check counts.
            await wiring.checkCredentials(of: sinks, force: first)
            first = false
            // Woken early by shutdown or cancellation: the loop's condition ends it.
            try? await cancelWhenGracefulShutdown { try await self.sleep(.seconds(CredentialChecks.lifetime)) }
        }
    }
}
