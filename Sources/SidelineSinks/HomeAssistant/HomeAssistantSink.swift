import Crypto
import Foundation
import Logging
import SidelineCore
import SidelineDelivery
import Synchronization

/// Where the Home Assistant sink remembers, across passes and processes, that HA refused a
/// token (the wiring keeps it in SQLite's `meta`).
public protocol HomeAssistantNotes: Sendable {
    /// The SHA-256 (hex) of the token HA last answered 401 for, if any.
    func refusedTokenHash() -> String?
    func setRefusedTokenHash(_ hash: String?)
}

/// Live Activities through Home Assistant's Companion app (ADR 023): each push is a
/// `notify.<service>` call whose body was built with the event; the delivery loop decides
/// what goes when (``DeliveryPolicy/homeAssistant(dailyPushes:)``: newest state only, no
/// keep-alives, within a daily allowance per notify service).
///
/// Answers: 200 accepted; 400 refuses the target (marked broken, shown in `status`, nothing
/// more to it until it is added again or HA lists its service); 401 refuses the token: said
/// loudly once, and nothing is sent until the configured token changes (its hash is kept);
/// 5xx, 429 and no answer are retried with backoff, the newest state only.
public final class HomeAssistantSink: DevicePushSender {
    public let name = DevicePayload.homeAssistantSink
    public let policy: DeliveryPolicy
    let client: HomeAssistantClient
    let notes: any HomeAssistantNotes
    let tokenHash: String
    let logger: Logger
    /// When HA's service list was last read to lift broken targets.
    private let lastServiceCheck = Mutex<Date?>(nil)
    static let serviceCheckInterval: TimeInterval = 10 * 60

    public init(client: HomeAssistantClient, dailyPushes: Int, token: String, notes: any HomeAssistantNotes, logger: Logger) {
        self.client = client
        policy = .homeAssistant(dailyPushes: dailyPushes)
        tokenHash = Self.hash(token)
        self.notes = notes
        self.logger = logger
    }

    public func beforeRun(store: any DeliveryStore, at now: Date) async -> String? {
        switch notes.refusedTokenHash() {
        case tokenHash?: return Messages.HomeAssistant.tokenRefused
        case let other? where !other.isEmpty: notes.setRefusedTokenHash(nil)  // the token was changed: try it
        default: break
        }
        await liftBrokenTargets(store: store, at: now)
        return nil
    }

    public func push(_ push: DevicePush) async -> DeliveryAnswer {
        guard case .homeAssistant(let body, _) = push.body else { return .refused(reason: Messages.HomeAssistant.notAHomeAssistantPush) }
        switch await client.notify(service: push.token, body: body) {
        case .accepted:
            return .accepted(receipt: nil)
        case .unauthorized:
            notes.setRefusedTokenHash(tokenHash)
            logger.error("\(Messages.HomeAssistant.tokenRefused)")
            return .refused(reason: "401 \(Messages.HomeAssistant.tokenRefused)")
        case .badRequest(let message):
            return .targetRefused(reason: "400 \(message)")
        case .failed(let status, let retryAfter):
            return .deferred(reason: "HTTP \(status)", retryAfter: retryAfter)
        case .notSent(let reason):
            return .notSent(reason: reason)
        case .unanswered(let reason):
            return .unanswered(reason: reason)
        }
    }

    /// Broken targets whose service HA lists again are lifted, at most every ten minutes.
    func liftBrokenTargets(store: any DeliveryStore, at now: Date) async {
        guard let broken = try? store.brokenTargets(), !broken.isEmpty else { return }  // unreadable: tried next run
        let due = lastServiceCheck.withLock { last in
            guard last.map({ now.timeIntervalSince($0) >= Self.serviceCheckInterval }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        do {
            let listed = try await client.notifyServices().intersection(broken)
            guard !listed.isEmpty else { return }
            try store.clearBrokenTargets(services: listed)
            logger.notice("\(Messages.HomeAssistant.targetsListedAgain(listed.sorted()))")
        } catch {
            logger.warning("\(Messages.HomeAssistant.serviceCheckFailed("\(error)"))")
        }
    }

    /// SHA-256 of the token, hex: enough to tell whether the configured token changed,
    /// without keeping the token itself beside the state.
    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
