import Foundation

/// Somewhere lifecycle events go: APNs, a webhook, ntfy, stdout.
///
/// Sinks receive an event only after it is committed to the outbox; a sink that throws
/// leaves it pending for the next pass (or marks it failed, if retrying cannot help).
/// Its name, label, addressing and policy are its ``PushTarget`` declaration.
public protocol PushSink: PushTarget {
    /// Delivers one event (the JSON in ``EventEnvelope`` form).
    func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError)
}

/// Why a delivery failed, and whether trying again can help.
public struct DeliveryError: Error, Sendable, CustomStringConvertible {
    public let message: String
    /// `true` for rejections retrying cannot fix (bad configuration, a payload too large).
    public let isPermanent: Bool
    /// How long the receiver asked us to wait (its `Retry-After`), when it said.
    public let retryAfter: TimeInterval?

    public init(_ message: String, isPermanent: Bool = false, retryAfter: TimeInterval? = nil) {
        self.message = message
        self.isPermanent = isPermanent
        self.retryAfter = retryAfter
    }

    public var description: String { message }

    /// The failure in the terms delivery decides on: a permanent one is a refusal, any
    /// other is worth another attempt (whole-event sinks resend with a stable id).
    public var answer: DeliveryAnswer {
        isPermanent ? .refused(reason: message) : .deferred(reason: message, retryAfter: retryAfter)
    }
}
