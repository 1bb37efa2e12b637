import Foundation
import SidelineCore
import SidelineDelivery

/// APNs' device pushes (ADR 031): the aps parts encoded once at commit (``DevicePushBody``),
/// each device's timestamp and dismissal date spliced in at send time (``APNsSink``).
public struct APNsPushCoding: DevicePushCoding {
    public let sink = APNsSink.sinkName

    public init() {}

    public func encode(_ envelope: EventEnvelope, at now: Date) throws -> DevicePayload {
        DevicePayload(sink: sink, bytes: try envelope.devicePushBody().storageBytes)
    }

    /// The body a payload holds; one of an event committed before bodies were stored is
    /// built from the event (ADR 011).
    public func body(_ payload: DevicePayload) throws -> DevicePushBody {
        if let event = payload.legacyEvent { return try EventEnvelope.decode(event).devicePushBody() }
        return try DevicePushBody(storageBytes: payload.bytes)
    }

    /// A late start keeps its own alert and attributes and shows the newest state.
    public func carrying(_ start: DevicePayload, newer: DevicePayload) -> DevicePayload {
        // Unreadable either side: the start goes as it was, and its send says why it cannot.
        guard let first = try? body(start), let latest = try? body(newer) else { return start }
        return DevicePayload(sink: sink, bytes: first.carrying(latest).storageBytes)
    }

    /// Loud pushes (priority 10: a lead change, a final) matter.
    public func isImportant(_ payload: DevicePayload) -> Bool {
        // Unreadable: not loud; its send fails with the reason.
        ((try? body(payload))?.priority ?? 5) >= 10
    }
}
