import Crypto
import Foundation
import Logging
import SidelineCore
import SidelineDelivery

/// Where the Home Assistant sink remembers, across passes and processes (a `sideline tick`
/// from cron is a process per pass), what HA said (the wiring keeps it in SQLite's `meta`).
public protocol HomeAssistantNotes: Sendable {
    /// The SHA-256 (hex) of the token HA last answered 401 for, if any.
    func refusedTokenHash() -> String?
    func setRefusedTokenHash(_ hash: String?)
    /// The redirect HA's address answered: the configured base URL that answered it, and what
    /// to configure instead (the sink's message), if any.
    func redirect() -> (baseURL: String, message: String)?
    func setRedirect(_ redirect: (baseURL: String, message: String)?)
    /// When HA's service list was last read to lift broken targets.
    func lastServiceCheck() -> Date?
    func setLastServiceCheck(_ at: Date)
}

/// Live Activities through Home Assistant's Companion app (ADR 023): each push is a
/// `notify.<service>` call whose body was built with the event; the delivery loop decides
/// what goes when (``DeliveryPolicy/homeAssistant(dailyPushes:)``: newest state only, no
/// keep-alives, within a daily allowance per notify service).
///
/// Answers: 200 accepted; 400 refuses the target (marked broken, shown in `status`, nothing
/// more to it until it is added again or HA lists its service); 401 refuses the token: said
/// loudly once, and nothing is sent until the configured token changes (its hash is kept);
/// a 3xx (HA behind a redirect) likewise until `homeassistant.url` changes, with the address
/// to configure; 5xx, 429 and no answer are retried with backoff, the newest state only.
public final class HomeAssistantSink: DevicePushSender {
    /// The name its pushes are stored under and `sinks.enabled` lists.
    public static let sinkName = "homeassistant"
    public let name = HomeAssistantSink.sinkName
    public let policy: DeliveryPolicy
    public let coding: any DevicePushCoding
    let client: HomeAssistantClient
    let notes: any HomeAssistantNotes
    let tokenHash: String
    let logger: Logger
    static let serviceCheckInterval: TimeInterval = 10 * 60

    public init(client: HomeAssistantClient, dailyPushes: Int, dismissalDelay: TimeInterval, token: String, notes: any HomeAssistantNotes, logger: Logger) {
        self.client = client
        coding = HomeAssistantPushCoding(dismissalDelay: dismissalDelay)
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
        if let redirect = notes.redirect() {
            if redirect.baseURL == client.baseURL.absoluteString { return redirect.message }
            notes.setRedirect(nil)  // homeassistant.url was changed: try it
        }
        await liftBrokenTargets(store: store, at: now)
        return nil
    }

    public func push(_ push: DevicePush) async -> DeliveryAnswer {
        // A push that is not one of ours, or unreadable, is refused with the reason (never sent as something else).
        guard push.body.sink == name, let body = try? HomeAssistantPushCoding(dismissalDelay: 0).notifyBody(push.body) else {
            return .refused(reason: Messages.HomeAssistant.notAHomeAssistantPush)
        }
        switch await client.notify(service: push.token, body: body) {
        case .accepted:
            return .accepted(receipt: nil)
        case .unauthorized:
            notes.setRefusedTokenHash(tokenHash)
            logger.error("\(Messages.HomeAssistant.tokenRefused)")
            return .held(reason: "401 \(Messages.HomeAssistant.tokenRefused)")
        case .badRequest(let reason):
            return .targetRefused(reason: reason)
        case .redirected(let status, let location):
            // Held like a refused token: every push would be answered the same, so none is
            // failed and none retried; they go once the address is fixed.
            let message = Messages.HomeAssistant.redirected(status: status, location: location)
            if notes.redirect()?.message != message {
                notes.setRedirect((baseURL: client.baseURL.absoluteString, message: message))
                logger.error("\(message)")
            }
            return .held(reason: message)
        case .failed(let status, let retryAfter):
            return .deferred(reason: "HTTP \(status)", retryAfter: retryAfter)
        case .notSent(let reason):
            return .notSent(reason: reason)
        case .unanswered(let reason):
            return .unanswered(reason: reason)
        }
    }

    /// Broken targets whose service HA lists again are lifted, at most every ten minutes,
    /// counted across passes and processes (the instant is kept in the notes).
    func liftBrokenTargets(store: any DeliveryStore, at now: Date) async {
        guard let broken = try? store.brokenTargets(), !broken.isEmpty else { return }  // unreadable: tried next run
        if let last = notes.lastServiceCheck(), now.timeIntervalSince(last) < Self.serviceCheckInterval, last <= now { return }
        notes.setLastServiceCheck(now)
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
