import Foundation
import SidelineCore

/// One request as the fake Home Assistant saw it, and what it answered.
public struct FakeHomeAssistantCall: Sendable {
    /// `GET`, `POST`, …
    public let method: String
    /// The request path, e.g. `/api/services/notify/mobile_app_alex_iphone`.
    public let path: String
    /// The notify service a `POST /api/services/notify/<service>` named; `nil` for other calls.
    public let service: String?
    /// Whether it carried `Authorization: Bearer <the token of the moment>`.
    public let authorized: Bool
    /// Request headers, names lower-cased.
    public let headers: [String: String]
    /// The body byte for byte.
    public let body: Data
    /// The body decoded, when it is JSON (typed: `true` is never a number).
    public let json: JSONValue?
    /// The status the fake answered.
    public let status: Int
    /// Why the fake refused it (HA answers only `400: Bad Request`); `nil` when it did not.
    public let refusal: String?
    /// An accepted notify call's `title` and `message` as HA rendered them (they are templates).
    public let renderedTitle: String?
    public let renderedMessage: String?
    /// The fake's clock when the request arrived.
    public let receivedAt: Date

    /// Accepted by the fake, as HA's 200 to a notify call: the relay took the push.
    public var accepted: Bool { (200..<300).contains(status) }

    /// The notify call's top-level `message`.
    public var message: String? {
        if case .string(let message)? = value("message") { return message }
        return nil
    }

    /// The JSON value at `keys` in nested objects: `value("data", "tag")`.
    public func value(_ keys: String...) -> JSONValue? {
        var current = json
        for key in keys {
            guard case .object(let fields)? = current else { return nil }
            current = fields[key]
        }
        return current
    }
}
