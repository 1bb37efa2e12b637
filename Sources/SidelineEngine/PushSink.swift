import Foundation

/// Somewhere lifecycle events go: APNs, a webhook, ntfy, stdout.
///
/// Sinks receive an event only after it is committed to the outbox; a sink that throws
/// leaves it pending for the next pass (or marks it failed, if retrying cannot help).
public protocol PushSink: Sendable {
    /// Stable name, stored with each delivery (`stdout`, `apns`, `webhook`, `ntfy`).
    var name: String { get }
    /// Delivers one event (the JSON in ``EventEnvelope`` form).
    func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError)
}

/// Why a delivery failed, and whether trying again can help.
public struct DeliveryError: Error, Sendable, CustomStringConvertible {
    public let message: String
    /// `true` for rejections retrying cannot fix (bad configuration, a payload too large).
    public let isPermanent: Bool

    public init(_ message: String, isPermanent: Bool = false) {
        self.message = message
        self.isPermanent = isPermanent
    }

    public var description: String { message }
}
