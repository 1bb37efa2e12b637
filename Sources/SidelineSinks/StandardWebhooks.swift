import Crypto
import Foundation
import SidelineDelivery

/// The Standard Webhooks signing scheme (standardwebhooks.com), as pure functions.
public enum StandardWebhooks {
    /// The id of the message carrying `event`: `msg_` and 32 hex digits of a SHA-256 over
    /// the fields that identify a lifecycle event. A resend (the next pass, or after a
    /// crash) carries the same id, so a receiver can drop duplicates.
    public static func messageID(for event: EventEnvelope) -> String {
        // Newlines cannot occur in any of these fields, so the join is unambiguous.
        let identity = [event.activity, event.event.rawValue, event.reason.rawValue, event.at].joined(separator: "\n")
        let digest = SHA256.hash(data: Data(identity.utf8))
        return "msg_" + digest.prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`.
    public static func signature(id: String, timestamp: Int, body: Data, secret: WebhookSecret) -> String {
        var signed = Data("\(id).\(timestamp).".utf8)
        signed.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: secret.key)
        return "v1," + Data(mac).base64EncodedString()
    }

    /// The three Standard Webhooks headers and the content type, for one attempt.
    public static func headers(id: String, timestamp: Int, body: Data, secret: WebhookSecret) -> [String: String] {
        [
            "webhook-id": id,
            "webhook-timestamp": String(timestamp),
            "webhook-signature": signature(id: id, timestamp: timestamp, body: body, secret: secret),
            "content-type": "application/json",
        ]
    }
}
