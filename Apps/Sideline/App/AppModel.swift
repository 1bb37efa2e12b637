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
    var activities: MyActivitiesDataSource? { session.activities }
    private(set) var hasUnreportedTokens = false

    /// The reporter, pairing and activities, built once, and the one event loop: a second
    /// `start()` (SwiftUI running the root task again) is a no-op there (tested on Linux).
    @ObservationIgnored let session: DeviceSession

    init(services: AppServices) {
        session = DeviceSession(services: services)
        session.onPairingLost = { [weak self] in await self?.pairingLost() }
    }

    /// Runs for the app's lifetime (the root view's `.task`): restores, then forwards
    /// ActivityKit's events until the task ends.
    func start() async {
        await session.prepare()
        await refreshPhase()
        await session.run { [weak self] hasUnreported in self?.hasUnreportedTokens = hasUnreported }
    }

    func woke() async {
        hasUnreportedTokens = await session.woke()
    }

    func pair(_ invitation: PairingInvitation, deviceName: String) async {
        guard let pairing = session.pairing else { return }
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
            try await session.pairing?.unpair()
            problem = nil
        } catch {
            problem = error.localizedDescription
        }
        await refreshPhase()
    }

    /// Forgets the server without telling it (it could not be reached to unpair).
    func forget() async {
        do { try await session.pairing?.forget() } catch { problem = error.localizedDescription }
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
        try? await session.pairing?.forget()
        await refreshPhase()
    }

    private func refreshPhase() async {
        do {
            phase = try await session.services.secrets.load().map(Phase.paired) ?? .onboarding
        } catch {
            problem = error.localizedDescription
            phase = .onboarding
        }
    }
}
