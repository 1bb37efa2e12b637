import Foundation
import SidelineDelivery

/// Publishes a readable notification to an ntfy topic for starts, finals and resumptions
/// (``NtfyNotification/forEvent(_:)`` decides which); other events are delivered as no-ops.
///
/// Uses ntfy's header form: `POST <server>/<topic>` with the message as the body and
/// `X-Title`, `X-Priority`, `X-Tags`, plus `Authorization: Bearer <token>` when configured.
/// Same retry rules as the webhook (``HTTPDeliveryVerdict``).
public struct NtfySink: PushSink {
    public let name = "ntfy"
    /// `<server>/<topic>`.
    public let url: URL
    let token: String?
    let delivery: HTTPSinkDelivery

    /// - Parameters:
    ///   - server: the ntfy server, e.g. `https://ntfy.sh` or a self-hosted one (a path
    ///     prefix is kept).
    ///   - topic: 1–64 of `A–Z a–z 0–9 _ -`, ntfy's own rule.
    ///   - token: an access token (`tk_…`), sent as a bearer token; `nil` or empty for none.
    ///   - delivery: HTTP client, timeout, quick retry and logger.
    /// - Throws: ``NtfySinkError`` for a server that is not http(s) or a topic ntfy would refuse.
    public init(server: URL, topic: String, token: String? = nil, delivery: HTTPSinkDelivery) throws(NtfySinkError) {
        guard let scheme = server.scheme?.lowercased(), ["http", "https"].contains(scheme), server.host != nil else {
            throw .badServer
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
        guard (1...64).contains(topic.count), topic.allSatisfy(allowed.contains) else { throw .badTopic(topic) }
        let base = server.absoluteString.hasSuffix("/") ? String(server.absoluteString.dropLast()) : server.absoluteString
        guard let url = URL(string: "\(base)/\(topic)") else { throw .badServer }
        self.url = url
        let token = token?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.token = token?.isEmpty == false ? token : nil
        self.delivery = delivery
    }

    public func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError) {
        guard let notification = NtfyNotification.forEvent(event) else { return }
        let headers = Self.headers(for: notification, token: token)
        try await delivery.send(
            sink: name, activity: event.activity, to: url, body: Data(notification.message.utf8),
            rejectionHint: "check the ntfy access token and that it may publish to this topic"
        ) { headers }
    }

    /// The request headers. Header values must be ASCII on the wire, and our titles carry an
    /// em dash, so non-ASCII titles go as RFC 2047 encoded-words, which ntfy decodes.
    static func headers(for notification: NtfyNotification, token: String?) -> [String: String] {
        var headers = [
            "X-Title": RFC2047.encode(notification.title),
            "X-Priority": String(min(5, max(1, notification.priority))),
            "Content-Type": "text/plain; charset=utf-8",
        ]
        if !notification.tags.isEmpty { headers["X-Tags"] = notification.tags.joined(separator: ",") }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return headers
    }
}

/// Why an ``NtfySink`` could not be built. The token never appears in a message.
public enum NtfySinkError: Error, Sendable, Equatable, CustomStringConvertible {
    case badServer
    case badTopic(String)

    public var description: String {
        switch self {
        case .badServer: "the ntfy server must be an http:// or https:// URL with a host"
        case .badTopic(let topic): "the ntfy topic \"\(topic)\" must be 1–64 letters, digits, _ or -"
        }
    }
}

/// RFC 2047 encoded-words for one header value; plain ASCII passes as is.
enum RFC2047 {
    /// Bytes of text per word: 45 bytes are 60 base64 characters, and with `=?UTF-8?B?`
    /// and `?=` a word stays within RFC 2047's 75-character limit.
    static let bytesPerWord = 45

    /// `=?UTF-8?B?<base64>?=`, split into several words (separated by a space, which
    /// decoders drop between encoded-words) so a long title never splits a character.
    static func encode(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F }) { return text }
        var words: [String] = []
        var chunk = Data()
        for character in text {
            let bytes = Data(String(character).utf8)
            if !chunk.isEmpty, chunk.count + bytes.count > bytesPerWord {
                words.append(word(chunk))
                chunk = Data()
            }
            chunk.append(bytes)
        }
        if !chunk.isEmpty { words.append(word(chunk)) }
        return words.joined(separator: " ")
    }

    private static func word(_ bytes: Data) -> String { "=?UTF-8?B?\(bytes.base64EncodedString())?=" }
}
