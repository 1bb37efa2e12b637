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
}

extension PushTarget {
    public var label: String { name }
    public var addressing: PushAddressing { .wholeEvent }
    public var policy: DeliveryPolicy { .atLeastOnce }
    /// What the store needs to file this target's events.
    public var route: PushRoute { PushRoute(sink: name, addressing: addressing) }
}

/// A target as the store files its events at commit: its name and its addressing, nothing
/// more (the store keeps every push as opaque rows under the name).
public struct PushRoute: Sendable, Hashable {
    public let sink: String
    public let addressing: PushAddressing

    public init(sink: String, addressing: PushAddressing = .wholeEvent) {
        self.sink = sink
        self.addressing = addressing
    }
}
