import Foundation
import Observation

/// What the app runs for its lifetime: the token reporter, pairing and "my activities",
/// built once, and the one loop that forwards ActivityKit's events to the reporter.
///
/// SwiftUI may run the root view's `.task` again (a scene reconnected, a second window on
/// iPad): a second ``run(onChange:)`` while one is forwarding returns at once. Two runs
/// would mean two reporters over one storage file, each saving its own view of what was
/// sent, and every token reported twice.
@MainActor @Observable
public final class DeviceSession {
    /// Everything the session is built from, behind its protocol: the real ones on a phone,
    /// fakes in previews and tests.
    public struct Services: Sendable {
        public let api: any DeviceAPI
        public let secrets: any SecretStore
        public let reportingStorage: any ValueStore<TokenReportingMachine>
        public let activitiesCache: any ValueStore<MyActivities>
        public let activityEvents: any ActivityEventSource
        public let environment: APNsEnvironment

        public init(api: any DeviceAPI, secrets: any SecretStore, reportingStorage: any ValueStore<TokenReportingMachine>,
                    activitiesCache: any ValueStore<MyActivities>, activityEvents: any ActivityEventSource, environment: APNsEnvironment) {
            self.api = api
            self.secrets = secrets
            self.reportingStorage = reportingStorage
            self.activitiesCache = activitiesCache
            self.activityEvents = activityEvents
            self.environment = environment
        }
    }

    @ObservationIgnored public let services: Services
    public private(set) var reporter: TokenReporter?
    public private(set) var pairing: DevicePairing?
    public private(set) var activities: MyActivitiesDataSource?
    /// Whether a run is forwarding events now.
    public private(set) var isRunning = false
    /// Called when the server no longer knows this device. Set before the first run.
    @ObservationIgnored public var onPairingLost: @Sendable () async -> Void = {}
    /// The one build of the parts, shared by every caller of ``prepare()``.
    @ObservationIgnored private var preparing: Task<TokenReporter, Never>?

    public init(services: Services) {
        self.services = services
    }

    /// Builds the parts the first time (restoring what an earlier launch left unreported)
    /// and returns the reporter; later and concurrent calls get the same one.
    @discardableResult
    public func prepare() async -> TokenReporter {
        if let preparing { return await preparing.value }
        let services = services
        let onPairingLost = onPairingLost
        let task = Task { @MainActor in
            let reporter = await TokenReporter(api: services.api, secrets: services.secrets, storage: services.reportingStorage,
                                               onPairingLost: onPairingLost)
            self.reporter = reporter
            self.pairing = DevicePairing(api: services.api, secrets: services.secrets, reporter: reporter, environment: services.environment)
            let secrets = services.secrets
            self.activities = MyActivitiesDataSource(api: services.api, credentials: { try await secrets.load() }, cache: services.activitiesCache)
            return reporter
        }
        preparing = task
        return await task.value
    }

    /// Runs for the app's lifetime: prepares, sends what waits, then forwards ActivityKit's
    /// events until the calling task ends. `onChange` hears whether something is still
    /// unreported after each event. Returns `false` at once when another run is forwarding.
    @discardableResult
    public func run(onChange: @MainActor (_ hasUnreported: Bool) -> Void = { _ in }) async -> Bool {
        guard !isRunning else { return false }
        isRunning = true
        defer { isRunning = false }
        let reporter = await prepare()
        await reporter.handle(.woke)
        onChange(await reporter.hasUnreported)
        for await event in services.activityEvents.events() {
            await reporter.handle(event)
            onChange(await reporter.hasUnreported)
        }
        return true
    }

    /// The app came to the foreground: what waits goes again. Returns whether something is
    /// still unreported (`false` before the session was prepared).
    public func woke() async -> Bool {
        guard let reporter else { return false }
        await reporter.handle(.woke)
        return await reporter.hasUnreported
    }
}
