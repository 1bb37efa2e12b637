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
        // At start whatever is stored, before anything else: even a daemon that stops at once
        // (`--until-idle` on a Tuesday) has checked.
        await wiring.checkCredentials(of: sinks, force: true)
        while true {
            // Woken early by shutdown or cancellation: then it ends.
            try? await cancelWhenGracefulShutdown { try await self.sleep(.seconds(CredentialChecks.lifetime)) }
            if Task.isShuttingDownGracefully || Task.isCancelled { return }
            // As `tick` does: a cron pass's fresh check within the hour counts.
            await wiring.checkCredentials(of: sinks)
        }
    }
}
