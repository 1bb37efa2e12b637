import Foundation
import SidelineCore

/// One event on its way to one device: what an APNs sink needs to build the request.
public struct DevicePush: Sendable {
    public let eventID: Int64
    public let deviceID: String
    public let event: EventEnvelope
    /// The push-to-start token for a start; the activity's own token otherwise.
    public let token: String
    public let environment: PushEnvironment
    /// `aps.timestamp`, Unix seconds: strictly increasing per activity and device.
    public let timestamp: Int
    /// The same for every attempt of this event to this device (`apns-id`), so a resend
    /// after a crash is recognisably the same push.
    public let id: UUID

    public init(eventID: Int64, deviceID: String, event: EventEnvelope, token: String, environment: PushEnvironment, timestamp: Int, id: UUID) {
        self.eventID = eventID
        self.deviceID = deviceID
        self.event = event
        self.token = token
        self.environment = environment
        self.timestamp = timestamp
        self.id = id
    }

    /// A deterministic UUID for an event and device: the event id in the first half, a
    /// 64-bit FNV-1a of the device id in the second, version and variant bits set.
    public static func stableID(eventID: Int64, deviceID: String) -> UUID {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in deviceID.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            bytes[i] = UInt8(truncatingIfNeeded: UInt64(bitPattern: eventID) >> (8 * (7 - i)))
            bytes[8 + i] = UInt8(truncatingIfNeeded: hash >> (8 * (7 - i)))
        }
        bytes[6] = (bytes[6] & 0x0f) | 0x80  // version 8: application-defined
        bytes[8] = (bytes[8] & 0x3f) | 0x80  // RFC 4122 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}

/// How a device push went, in the terms the delivery loop acts on.
public enum DevicePushOutcome: Sendable, Hashable {
    /// Accepted; `receipt` is APNs' `apns-id`.
    case sent(receipt: String?)
    /// The token is dead (`BadDeviceToken`, `410 Unregistered`): forget it unless a newer
    /// one was stored after `unregisteredAt`.
    case tokenRejected(reason: String, unregisteredAt: Date?)
    /// A rejection retrying cannot fix (a configuration bug, bad credentials, a payload too
    /// large): logged loudly, not retried, the token kept.
    case rejected(reason: String)
    /// Try again later (429, 5xx, no connection). `mayHaveArrived` is true when the request
    /// may have reached APNs (a timeout): a start is then never resent.
    case retry(reason: String, after: TimeInterval?, mayHaveArrived: Bool)
}

/// A sink that delivers per device (APNs). Events are fanned out to the registration's
/// user's devices when they are committed; each device push is its own delivery.
public protocol DevicePushSender: PushSink {
    func push(_ push: DevicePush) async -> DevicePushOutcome
}

extension DevicePushSender {
    /// Device sinks are never handed whole events; the per-device loop calls ``push(_:)``.
    public func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError) {
        throw DeliveryError("\(name) delivers per device", isPermanent: true)
    }
}
