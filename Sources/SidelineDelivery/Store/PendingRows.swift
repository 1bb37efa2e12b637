import Foundation
import SidelineCore

/// One event still owed to one whole-event sink (webhook, ntfy, stdout).
public struct PendingDelivery: Sendable, Hashable {
    public let eventID: Int64
    public let sink: String
    public let activityID: String
    public let kind: LifecycleEventKind
    /// The event as committed (``EventEnvelope`` JSON): sent as is.
    public let payload: Data
    public let attempts: Int
    /// Not before this instant (backoff after a failed attempt).
    public let notBefore: Date

    public init(eventID: Int64, sink: String, activityID: String, kind: LifecycleEventKind, payload: Data, attempts: Int, notBefore: Date) {
        self.eventID = eventID
        self.sink = sink
        self.activityID = activityID
        self.kind = kind
        self.payload = payload
        self.attempts = attempts
        self.notBefore = notBefore
    }
}

/// One event still owed to one device over APNs.
public struct PendingDevicePush: Sendable, Hashable {
    public let eventID: Int64
    public let deviceID: String
    public let activityID: String
    public let kind: LifecycleEventKind
    public let reason: LifecycleReason
    /// The event's instant (the pass that made it).
    public let at: Date
    /// The push, encoded once when the event was committed.
    public let body: DevicePayload
    public let attempts: Int
    /// Not before this instant (backoff after a 429 or 5xx).
    public let notBefore: Date
    /// A push-to-start claimed for sending (`sending`) and not answered yet: on the wire in
    /// another delivery loop now, or cut off when its process died.
    public let wasSending: Bool
    /// When the row last changed (for a `sending` start: when it was claimed).
    public let updatedAt: Date

    public init(eventID: Int64, deviceID: String, activityID: String, kind: LifecycleEventKind, reason: LifecycleReason = .points, at: Date, body: DevicePayload, attempts: Int, notBefore: Date, wasSending: Bool, updatedAt: Date = .distantPast) {
        self.updatedAt = updatedAt
        self.eventID = eventID
        self.deviceID = deviceID
        self.activityID = activityID
        self.kind = kind
        self.reason = reason
        self.at = at
        self.body = body
        self.attempts = attempts
        self.notBefore = notBefore
        self.wasSending = wasSending
    }
}

/// How one device push ended (or why it waits).
public enum DevicePushStatus: String, Sendable {
    case pending, sending, sent, failed, skipped
}

/// What the device loop knows about the device and the activity on it when it decides.
public struct DeviceFacts: Sendable, Hashable {
    public var environment: PushEnvironment
    public var pushToStartToken: String?
    /// The activity's own token on this device, once the app reported it.
    public var activityToken: String?
    /// The person swiped the activity away.
    public var dismissed: Bool
    /// How the activity's start went on this device (`nil`: no start push for it here).
    public var startStatus: DevicePushStatus?
    /// A Home Assistant target's notify service.
    public var notifyService: String?
    /// `devices pause`: nothing before this instant.
    public var pausedUntil: Date?
    /// Home Assistant refused the target (400); nothing until it is added again or listed.
    public var brokenReason: String?
    /// What the target has used of today's allowance (Home Assistant).
    public var allowanceUse: PushAllowance.Use?

    public init(environment: PushEnvironment, pushToStartToken: String?, activityToken: String? = nil, dismissed: Bool = false, startStatus: DevicePushStatus? = nil,
                notifyService: String? = nil, pausedUntil: Date? = nil, brokenReason: String? = nil, allowanceUse: PushAllowance.Use? = nil) {
        self.environment = environment
        self.pushToStartToken = pushToStartToken
        self.activityToken = activityToken
        self.dismissed = dismissed
        self.startStatus = startStatus
        self.notifyService = notifyService
        self.pausedUntil = pausedUntil
        self.brokenReason = brokenReason
        self.allowanceUse = allowanceUse
    }
}
