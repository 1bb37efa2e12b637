/// Performs what the ``TokenReportingMachine`` decides: feeds it events, makes the calls it
/// asks for through the ``DeviceAPI``, feeds back their outcomes, and saves its persisted
/// part after every change. It decides nothing itself.
public actor TokenReporter {
    private let api: any DeviceAPI
    private let secrets: any SecretStore
    private let storage: any ValueStore<TokenReportingMachine>
    private var machine: TokenReportingMachine
    private let onPairingLost: @Sendable () async -> Void

    /// The last error saving the machine's state, if the last save failed: reports still go
    /// out, but a relaunch may send some twice (the server takes a repeat as a no-op).
    public private(set) var lastStorageError: String?

    /// Restores what an earlier process left unreported. Call ``handle(_:)`` with
    /// ``TokenReportingEvent/woke`` once the app is up to send it.
    public init(api: any DeviceAPI, secrets: any SecretStore, storage: any ValueStore<TokenReportingMachine>,
                onPairingLost: @escaping @Sendable () async -> Void = {}) async {
        self.api = api
        self.secrets = secrets
        self.storage = storage
        self.onPairingLost = onPairingLost
        do {
            machine = try await storage.load() ?? TokenReportingMachine()
        } catch {
            // A file this build cannot read is replaced: ActivityKit hands over every
            // current token again after a launch, so nothing is lost for good.
            machine = TokenReportingMachine()
            lastStorageError = "\(error)"
        }
    }

    /// The push-to-start token to send with the pairing call.
    public var pushToStartTokenForPairing: String? { machine.pushToStartTokenForPairing }

    /// Whether something waits for the server (shown in settings).
    public var hasUnreported: Bool { machine.hasUnreported }

    /// The machine as it stands (for tests and diagnostics).
    public var state: TokenReportingMachine { machine }

    /// Feeds one event and performs every call it leads to, including the follow-ups of
    /// their outcomes (a token rotated while the previous one was on its way).
    public func handle(_ event: TokenReportingEvent) async {
        var actions = await apply(event)
        while !actions.isEmpty {
            let action = actions.removeFirst()
            switch action {
            case .pairAgain:
                await onPairingLost()
            case .send(let report):
                actions += await apply(await perform(report))
            }
        }
    }

    private func apply(_ event: TokenReportingEvent) async -> [TokenReportingAction] {
        let actions = machine.handle(event)
        do {
            try await storage.save(machine)
            lastStorageError = nil
        } catch {
            lastStorageError = "\(error)"
        }
        return actions
    }

    private func perform(_ report: TokenReport) async -> TokenReportingEvent {
        let credentials: DeviceCredentials
        do {
            guard let stored = try await secrets.load() else { return .reportFailed(report, .unauthorized) }
            credentials = stored
        } catch {
            // A Keychain that cannot be read now (locked before the first unlock) may be
            // readable on the next wake.
            return .reportFailed(report, .transient)
        }
        do {
            switch report {
            case .pushToStartToken(let token):
                try await api.rotatePushToStartToken(token, as: credentials)
            case .activityToken(let activity, let token):
                try await api.reportActivityToken(token, activity: activity, as: credentials)
            case .dismissal(let activity):
                try await api.reportDismissal(activity: activity, as: credentials)
            }
            return .reportSucceeded(report)
        } catch {
            return .reportFailed(report, ReportFailure(error))
        }
    }
}
