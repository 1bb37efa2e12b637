import Foundation
import Logging
import SidelineAPNs
import SidelineCore
import SidelineDelivery

/// The APNs Live Activity sink: turns one event for one device into an APNs request and the
/// answer into what the per-device delivery loop does next (``DeviceDelivery``).
///
/// Everything loud or timed was decided with the event (``EventEnvelope/push``); here only
/// the transport rules are applied: the start's attributes, the dismissal date, the
/// expiration, the priority header.
public final class APNsSink: DevicePushSender {
    /// The name its pushes are stored under and `sinks.enabled` lists.
    public static let sinkName = "apns"
    public let name = APNsSink.sinkName
    public let coding: any DevicePushCoding = APNsPushCoding()
    let client: APNsClient
    /// How long an ended activity stays on the Lock Screen (`display.dismissal_minutes`).
    let dismissalDelay: TimeInterval
    /// How long APNs keeps trying an end (an end must not be lost; four hours is how long
    /// iOS itself keeps an ended activity).
    static let endExpiration: TimeInterval = 4 * 3600
    /// Credentials APNs refused, kept across passes (``APNsNotes``); `nil`: none kept.
    let notes: (any APNsNotes)?
    let credentialsDigest: String
    let logger: Logger?

    public init(client: APNsClient, dismissalDelay: TimeInterval, notes: (any APNsNotes)? = nil, logger: Logger? = nil) {
        self.client = client
        self.dismissalDelay = dismissalDelay
        self.notes = notes
        credentialsDigest = Self.digest(of: client.configuration)
        self.logger = logger
    }

    /// Starts at most once on the wire, answers per Apple's table.
    public var policy: DeliveryPolicy { .apns }
    public var label: String { Messages.Pushes.apnsLabel }
    /// One push per device of the app (a device without a notify service).
    public var addressing: PushAddressing { .perDevice(.apns) }

    public func push(_ push: DevicePush) async -> DeliveryAnswer {
        let request: APNsRequest
        do {
            request = try Self.request(for: push, dismissalDelay: dismissalDelay)
        } catch {
            return .refused(reason: "\(error)")
        }
        let outcome = await client.send(request)
        return held(Self.answer(outcome), outcome: outcome)
    }

    /// APNs' outcome in delivery's terms. Any HTTP answer but 200 means APNs did not take
    /// the push, so nothing reached the phone; only a request that went out and was never
    /// answered may have arrived (docs/apns-live-activity.md, "Responses").
    static func answer(_ outcome: APNsOutcome) -> DeliveryAnswer {
        switch outcome {
        case .delivered(let apnsID):
            .accepted(receipt: apnsID)
        case .tokenRejected(let reason, let unregisteredAt):
            .tokenRejected(reason: reason, unregisteredAt: unregisteredAt)
        case .configurationError(let status, let reason):
            .refused(reason: "\(status) \(reason)")
        case .payloadTooLarge:
            .refused(reason: "413 PayloadTooLarge")
        case .retryLater(let status?, let reason, let retryAfter):
            .deferred(reason: "\(status) \(reason)", retryAfter: retryAfter)
        case .retryLater(nil, let reason, _):
            outcome.wasNotSent ? .notSent(reason: reason) : .unanswered(reason: reason)
        }
    }

    /// The request for one device push: the parts encoded at commit, with this device's
    /// timestamp and dismissal date spliced in. Pure: tests check it without a server.
    static func request(for push: DevicePush, dismissalDelay: TimeInterval) throws -> APNsRequest {
        guard push.body.sink == sinkName else { throw APNsSinkError.notAnAPNsPush }
        let body = try APNsPushCoding().body(push.body)
        let at = push.timestamp
        // A rollover's or removal's end goes at once; a final stays as long as configured.
        let dismissal: Int? = push.kind == .end ? at + (body.dismissesAtOnce ? 0 : Int(dismissalDelay)) : nil
        // Updates are worthless once stale; starts and ends must get through.
        let expiration: Int? = switch push.kind {
        case .update: body.staleDate
        case .start: body.staleDate ?? at + Int(PushPolicy.staleAfter)
        case .end: at + Int(endExpiration)
        }
        return try APNsRequest(
            deviceToken: push.token,
            environment: push.environment == .sandbox ? .sandbox : .production,
            priority: body.priority >= 10 ? .immediate : .opportunistic,
            expiration: expiration.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            apnsID: push.id,
            payload: body.payload(timestamp: at, dismissalDate: dismissal)
        )
    }
}

/// A device push the APNs sink cannot send (one encoded for another sink).
enum APNsSinkError: Error, CustomStringConvertible {
    case notAnAPNsPush
    var description: String { "the push was encoded for another sink, not APNs" }
}
