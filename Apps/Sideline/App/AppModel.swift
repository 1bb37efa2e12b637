import Foundation
import Observation
import SidelineDeviceClient

/// Whether the phone is paired, and the objects that exist once the app has started. It
/// forwards ActivityKit's events to the token reporter and decides nothing about them.
@MainActor @Observable
final class AppModel {
    enum Phase: Equatable {
        case starting
        case onboarding
        case paired(DeviceCredentials)
    }

    private(set) var phase: Phase = .starting
    /// The last pairing or unpairing failure, ready to show.
    private(set) var problem: String?
    /// A link opened from the Camera app before onboarding was on screen.
    private(set) var openedInvitation: PairingInvitation?
    private(set) var activities: MyActivitiesDataSource?
    private(set) var hasUnreportedTokens = false

    @ObservationIgnored let services: AppServices
    @ObservationIgnored private var reporter: TokenReporter?
    @ObservationIgnored private var pairing: DevicePairing?

    init(services: AppServices) {
        self.services = services
    }

    /// Runs for the app's lifetime (the root view's `.task`): restores, then forwards
    /// ActivityKit's events until the task ends.
    func start() async {
        let reporter = await TokenReporter(api: services.api, secrets: services.secrets, storage: services.reportingStorage,
                                           onPairingLost: { [weak self] in await self?.pairingLost() })
        self.reporter = reporter
        pairing = DevicePairing(api: services.api, secrets: services.secrets, reporter: reporter, environment: services.environment)
        let secrets = services.secrets
        activities = MyActivitiesDataSource(api: services.api, credentials: { try await secrets.load() }, cache: services.activitiesCache)
        await refreshPhase()
        await woke()
        for await event in services.activityEvents.events() {
            await reporter.handle(event)
            hasUnreportedTokens = await reporter.hasUnreported
        }
    }

    func woke() async {
        guard let reporter else { return }
        await reporter.handle(.woke)
        hasUnreportedTokens = await reporter.hasUnreported
    }

    func pair(_ invitation: PairingInvitation, deviceName: String) async {
        guard let pairing else { return }
        do {
            try await pairing.pair(invitation, deviceName: deviceName)
            problem = nil
            openedInvitation = nil
        } catch {
            problem = error.localizedDescription
        }
        await refreshPhase()
    }

    func unpair() async {
        do {
            try await pairing?.unpair()
            problem = nil
        } catch {
            problem = error.localizedDescription
        }
        await refreshPhase()
    }

    /// Forgets the server without telling it (it could not be reached to unpair).
    func forget() async {
        do { try await pairing?.forget() } catch { problem = error.localizedDescription }
        await refreshPhase()
    }

    /// `sideline://pair?…` from the Camera app, or `sideline://activities/…` from the widget.
    func open(_ url: URL) async {
        guard url.host == "pair" else { return }
        do {
            let invitation = try PairingInvitation(link: url, fallbackServer: currentServer?.absoluteString)
            openedInvitation = invitation
        } catch {
            problem = error.localizedDescription
        }
    }

    var currentServer: URL? {
        if case .paired(let credentials) = phase { return credentials.server }
        return nil
    }

    private func pairingLost() async {
        problem = DeviceAPIError.unauthorized.localizedDescription
        try? await pairing?.forget()
        await refreshPhase()
    }

    private func refreshPhase() async {
        do {
            phase = try await services.secrets.load().map(Phase.paired) ?? .onboarding
        } catch {
            problem = error.localizedDescription
            phase = .onboarding
        }
    }
}
