import Foundation
import SidelineDelivery

/// POSTs each event's JSON to one URL, signed the Standard Webhooks way, so any receiver
/// with a Standard Webhooks library (or 20 lines of HMAC) can check it came from here.
///
/// - `webhook-id` is derived from the event (``StandardWebhooks/messageID(for:)``): every
///   attempt at one event carries the same id.
/// - `webhook-timestamp` is the attempt's send instant from the injected clock, not the
///   event's time: receivers reject timestamps more than a few minutes old, and a retry
///   after an outage must still be accepted. The event's own time is `at` in the body.
/// - 2xx delivers; 408/425/429/5xx and no answer are retryable; other statuses are
///   permanent (see ``HTTPDeliveryVerdict``).
public struct WebhookSink: PushSink {
    public let name = "webhook"
    /// Where events go.
    public let url: URL
    let secret: WebhookSecret
    let delivery: HTTPSinkDelivery
    let now: @Sendable () -> Date

    /// - Parameters:
    ///   - url: the receiver (http or https).
    ///   - secret: the Standard Webhooks secret, `whsec_<base64>`.
    ///   - delivery: HTTP client, timeout, quick retry and logger.
    ///   - now: the current instant, read once per attempt for `webhook-timestamp`.
    /// - Throws: ``WebhookSinkError`` for a URL that is not http(s), or a bad secret.
    public init(
        url: URL, secret: String, delivery: HTTPSinkDelivery,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(WebhookSinkError) {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw .badURL
        }
        do {
            self.secret = try WebhookSecret(secret)
        } catch {
            throw .badSecret(error)
        }
        self.url = url
        self.delivery = delivery
        self.now = now
    }

    public func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError) {
        let id = StandardWebhooks.messageID(for: event)
        try await delivery.send(
            sink: name, activity: event.activity, to: url, body: payload,
            rejectionHint: "check that the receiver verifies with the same whsec_ secret"
        ) {
            let timestamp = Int(now().timeIntervalSince1970.rounded(.down))
            return StandardWebhooks.headers(id: id, timestamp: timestamp, body: payload, secret: secret)
        }
    }
}

/// Why a ``WebhookSink`` could not be built.
public enum WebhookSinkError: Error, Sendable, Equatable, CustomStringConvertible {
    case badURL
    case badSecret(WebhookSecretError)

    public var description: String {
        switch self {
        // The URL may hold a token, so it is not repeated here.
        case .badURL: "the webhook URL must be an http:// or https:// URL with a host"
        case .badSecret(let error): error.description
        }
    }
}
