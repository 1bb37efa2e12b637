import Foundation
import Logging
import SidelineAPNs
import SidelineCore
import SidelineEngine

/// The APNs Live Activity sink: turns one event for one device into an APNs request and the
/// answer into what the per-device delivery loop does next (see `Scheduler+DevicePushes`).
///
/// Everything loud or timed was decided with the event (``EventEnvelope/push``); here only
/// the transport rules are applied: the start's attributes, the dismissal date, the
/// expiration, the priority header.
public final class APNsSink: DevicePushSender {
    public let name = "apns"
    let client: APNsClient
    /// How long an ended activity stays on the Lock Screen (`apns.dismissal_minutes`).
    let dismissalDelay: TimeInterval
    /// How long APNs keeps trying an end (an end must not be lost; four hours is how long
    /// iOS itself keeps an ended activity).
    static let endExpiration: TimeInterval = 4 * 3600

    public init(client: APNsClient, dismissalDelay: TimeInterval) {
        self.client = client
        self.dismissalDelay = dismissalDelay
    }

    public func push(_ push: DevicePush) async -> DevicePushOutcome {
        let request: APNsRequest
        do {
            request = try Self.request(for: push, dismissalDelay: dismissalDelay)
        } catch {
            return .rejected(reason: "\(error)")
        }
        switch await client.send(request) {
        case .delivered(let apnsID):
            return .sent(receipt: apnsID)
        case .tokenRejected(let reason, let unregisteredAt):
            return .tokenRejected(reason: reason, unregisteredAt: unregisteredAt)
        case .configurationError(let status, let reason):
            return .rejected(reason: "\(status) \(reason)")
        case .payloadTooLarge:
            return .rejected(reason: "413 PayloadTooLarge")
        case .retryLater(let status, let reason, let retryAfter):
            let outcome = APNsOutcome.retryLater(status: status, reason: reason, retryAfter: retryAfter)
            return .retry(reason: status.map { "\($0) \(reason)" } ?? reason, after: retryAfter, mayHaveArrived: !outcome.wasNotSent)
        }
    }

    /// The request for one device push. Pure: tests check it without a server.
    static func request(for push: DevicePush, dismissalDelay: TimeInterval) throws -> APNsRequest {
        let event = push.event
        let at = Date(timeIntervalSince1970: TimeInterval(push.timestamp))
        let decided = event.push ?? PushDecision(priority: 5, alert: nil, relevanceScore: 50, staleDate: at + PushPolicy.staleAfter, dismissalDate: nil)
        var dismissal: Date?
        if event.event == .end {
            // A rollover's or removal's end goes at once; a final stays as long as configured.
            dismissal = [.rollover, .removed].contains(event.reason) ? at : at + dismissalDelay
        }
        let decision = PushDecision(
            priority: decided.priority, alert: decided.alert, relevanceScore: decided.relevanceScore,
            staleDate: event.event == .end ? nil : decided.staleDate, dismissalDate: dismissal
        )
        let payload = LiveActivityPayload(kind: event.event, timestamp: at, contentState: event.contentState, decision: decision, attributes: event.attributes)
        // Updates are worthless once stale; starts and ends must get through.
        let expiration: Date? = switch event.event {
        case .update: decision.staleDate
        case .start: decision.staleDate ?? at + PushPolicy.staleAfter
        case .end: at + endExpiration
        }
        return try APNsRequest(
            deviceToken: push.token,
            environment: push.environment == .sandbox ? .sandbox : .production,
            priority: decision.priority >= 10 ? .immediate : .opportunistic,
            expiration: expiration,
            apnsID: push.id,
            payload: try payload.encoded()
        )
    }
}
