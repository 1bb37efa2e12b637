import Foundation
import SidelineCore

/// One event on its way to one device: what a per-device sink needs to send it.
public struct DevicePush: Sendable {
    public let eventID: Int64
    public let deviceID: String
    public let activityID: String
    public let kind: LifecycleEventKind
    /// The push (the step of it due now), encoded when the event was committed by the
    /// sink's own coding.
    public let body: DevicePayload
    /// The push-to-start token for a start; the activity's own token otherwise.
    public let token: String
    public let environment: PushEnvironment
    /// `aps.timestamp`, Unix seconds: strictly increasing per activity and device.
    public let timestamp: Int
    /// The same for every attempt of this event to this device (`apns-id`), so a resend
    /// after a crash is recognisably the same push.
    public let id: UUID

    public init(eventID: Int64, deviceID: String, activityID: String, kind: LifecycleEventKind, body: DevicePayload, token: String, environment: PushEnvironment, timestamp: Int, id: UUID) {
        self.eventID = eventID
        self.deviceID = deviceID
        self.activityID = activityID
        self.kind = kind
        self.body = body
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

/// A sink that delivers per device (APNs, Home Assistant). Events are fanned out to the
/// registration's user's devices of that sink's kind when they are committed; each device
/// push is its own delivery.
public protocol DevicePushSender: PushSink {
    /// How this target's pushes are encoded at commit and stepped at delivery.
    var coding: any DevicePushCoding { get }
    /// Sends one push and says what came of it; never throws: every failure is an answer.
    func push(_ push: DevicePush) async -> DeliveryAnswer
    /// Called once before each delivery run. Returns why nothing should be sent this run
    /// (the receiver refused our credentials and they have not changed), or `nil`. A sink
    /// may also repair what it can here (Home Assistant: targets its service list shows again).
    func beforeRun(store: any DeliveryStore, at now: Date) async -> String?
}

extension DevicePushSender {
    /// Device pushes are APNs Live Activity pushes: a start at most once on the wire.
    public var policy: DeliveryPolicy { .apns }

    public func beforeRun(store: any DeliveryStore, at now: Date) async -> String? { nil }

    public var deviceCoding: (any DevicePushCoding)? { coding }

    /// Device sinks are never handed whole events; the per-device loop calls ``push(_:)``.
    public func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError) {
        throw DeliveryError("\(name) delivers per device", isPermanent: true)
    }
}
