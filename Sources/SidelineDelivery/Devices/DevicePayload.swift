import Foundation
import SidelineCore

/// What one device push carries, encoded once when its event was committed by its target's
/// ``DevicePushCoding``. Opaque everywhere else: the store keeps it as the target's name and
/// bytes, the delivery loop hands it back to the same coding (ADR 031).
public struct DevicePayload: Sendable, Hashable {
    /// The target it was encoded for (`PushTarget.name`), stored beside it.
    public let sink: String
    /// The coding's bytes.
    public let bytes: Data
    /// For a push committed before pushes were stored with bodies of their own (an older
    /// database upgraded with pushes still owed): the event's JSON, for the coding to build
    /// the body from. `nil` otherwise.
    public let legacyEvent: Data?

    public init(sink: String, bytes: Data, legacyEvent: Data? = nil) {
        self.sink = sink
        self.bytes = bytes
        self.legacyEvent = legacyEvent
    }

    /// Storage: the bytes as they are.
    public var storageBytes: Data { bytes }
}
