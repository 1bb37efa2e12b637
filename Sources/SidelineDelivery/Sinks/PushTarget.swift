import SidelineCore

/// Who a push target's events go to (ADR 031). The store files each event by it at commit.
public enum PushAddressing: Sendable, Hashable {
    /// The whole event, once (webhook, ntfy, stdout): one delivery per event.
    case wholeEvent
    /// One push per device of this kind (APNs, Home Assistant): one per event and device.
    case perDevice(DeviceKind)
}

/// A push target in one place (ADR 031): the name its rows are stored under, the label a
/// person reads, who its events go to and what it promises. Every sink is one; nothing
/// else compares sink names to decide how to file, count or name a push.
public protocol PushTarget: Sendable {
    /// Stable name, stored with each delivery and device push (`stdout`, `apns`, `webhook`,
    /// `ntfy`, `homeassistant`); also what `sinks.enabled` lists.
    var name: String { get }
    /// How problems and `status` name it (`APNs`, `Home Assistant`); the name unless it says.
    var label: String { get }
    /// Whole events, or one push per device of a kind (``PushAddressing/wholeEvent`` unless it says).
    var addressing: PushAddressing { get }
    /// What the target promises and how it retries (``DeliveryPolicy/atLeastOnce`` unless it says).
    var policy: DeliveryPolicy { get }
    /// A per-device target's push encoding (``DevicePushCoding``); `nil` for whole events.
    var deviceCoding: (any DevicePushCoding)? { get }
}

extension PushTarget {
    public var label: String { name }
    public var addressing: PushAddressing { .wholeEvent }
    public var policy: DeliveryPolicy { .atLeastOnce }
    public var deviceCoding: (any DevicePushCoding)? { nil }
    /// What the commit needs to encode and file this target's events.
    public var route: PushRoute { PushRoute(sink: name, addressing: addressing, coding: deviceCoding) }
}

/// A target as the commit files its events: its name, its addressing and, for a per-device
/// target, the coding its pushes are encoded with. The store keeps every push as opaque rows
/// under the name.
public struct PushRoute: Sendable, Hashable {
    public let sink: String
    public let addressing: PushAddressing
    /// Encodes the target's device pushes at commit (per-device targets only).
    public let coding: (any DevicePushCoding)?

    public init(sink: String, addressing: PushAddressing = .wholeEvent, coding: (any DevicePushCoding)? = nil) {
        self.sink = sink
        self.addressing = addressing
        self.coding = coding
    }

    // A route is its name and addressing; its coding is how, not which.
    public static func == (a: PushRoute, b: PushRoute) -> Bool { a.sink == b.sink && a.addressing == b.addressing }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sink)
        hasher.combine(addressing)
    }
}
