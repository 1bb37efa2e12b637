import Foundation
import Logging
import SidelineCore
import SidelineDelivery
import SidelineEngine
import SidelineStore

/// What the API server and the status page ask of the store: devices and pairing for the
/// device API, registrations for the admin API, the status reads, and the pass lock a
/// registration's removal takes.
public typealias ServerStore = DeviceStore & PairingStore & RegistrationStore & RegistrationAdminStore & StatusReadStore & PassHistoryStore & PassLocking

/// Everything the server talks to, built once by the CLI (or a test).
public struct ServerEnvironment: Sendable {
    public let configuration: SidelineConfiguration
    public let store: any ServerStore
    /// Registration for `POST /v1/registrations` (its Sleeper client counts as registration
    /// traffic in the call budget).
    public let registrations: RegistrationService
    /// What `sideline status` reports, for the status page.
    public let status: @Sendable (Date) async throws -> StatusReport
    /// The sinks a registration's final events go to when it is removed, and how to deliver
    /// them (as `sideline users remove` does).
    public let liveSinkRoutes: [PushRoute]
    public let deliverLive: @Sendable (Date) async -> Void
    public let now: @Sendable () -> Date
    public let logger: Logger
    public let metrics: ServerMetrics

    public init(configuration: SidelineConfiguration, store: any ServerStore, registrations: RegistrationService, status: @escaping @Sendable (Date) async throws -> StatusReport, liveSinkRoutes: [PushRoute], deliverLive: @escaping @Sendable (Date) async -> Void, now: @escaping @Sendable () -> Date = { Date() }, logger: Logger, metrics: ServerMetrics) {
        self.configuration = configuration
        self.store = store
        self.registrations = registrations
        self.status = status
        self.liveSinkRoutes = liveSinkRoutes
        self.deliverLive = deliverLive
        self.now = now
        self.logger = logger
        self.metrics = metrics
    }

    var settings: ServerSettings { configuration.server }
    var devices: DeviceService { DeviceService(store: store) }

    var displayContext: DisplayContext {
        DisplayContext(now: now(), timeZone: configuration.timeZone, localeIdentifier: configuration.localeIdentifier)
    }
}
