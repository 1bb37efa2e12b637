import Foundation
import SidelineCore

/// The outbox and device-push rows the delivery loops read and write. The SQLite store
/// implements it; every write is its own small transaction, committed before the loop
/// goes on (a start is on record as "sending" before its request is made).
///
/// Every method throws what the database said; the loops never send on a failed write.
public protocol DeliveryStore: Sendable {
    /// Deliveries to whole-event sinks still owed for `mode`'s events, oldest event first.
    func pendingDeliveries(mode: PassMode) throws -> [PendingDelivery]
    func markDelivered(eventID: Int64, sink: String, at now: Date) throws
    /// A failed attempt: `giveUp` closes it, otherwise it waits until `retryAt`.
    func markAttemptFailed(eventID: Int64, sink: String, error: String, giveUp: Bool, retryAt: Date?, at now: Date) throws

    /// `sink`'s device pushes still owed (pending, or a start caught mid-send), oldest event first.
    func openDevicePushes(sink: String) throws -> [PendingDevicePush]
    /// What is known of a device and of the activity on it (and of the target's allowance
    /// on `now`'s UTC day); `nil` for a removed device.
    func deviceFacts(deviceID: String, activityID: String, at now: Date) throws -> DeviceFacts?
    /// Checks a target's daily allowance and counts the push if it may go, atomically.
    func admitPush(target: String, allowance: PushAllowance, important: Bool, horizon: Date, at now: Date) throws -> PushAllowance.Decision
    /// Gives back an admitted push that never left.
    func returnPush(target: String, at now: Date) throws
    /// The receiver refused the target itself (Home Assistant: unknown service).
    func markTargetBroken(deviceID: String, reason: String) throws
    /// The notify services of targets marked broken.
    func brokenTargets() throws -> Set<String>
    /// The receiver lists these services again: their targets are no longer broken.
    func clearBrokenTargets(services: Set<String>) throws
    /// The `aps.timestamp` for a push: `proposed`, or one more than the last one sent for
    /// this activity on this device, so they strictly increase.
    func claimTimestamp(activityID: String, deviceID: String, proposed: Int) throws -> Int
    /// Commits "on the wire" for a start, before its request, if the row is still pending
    /// with the attempts the caller read: `true` when this caller won the start, `false` when
    /// another loop claimed or settled it first (the caller must not send it).
    func claimDevicePushSending(eventID: Int64, deviceID: String, attempts: Int, at now: Date) throws -> Bool
    func finishDevicePush(eventID: Int64, deviceID: String, status: DevicePushStatus, error: String?, apnsID: String?, notBefore: Date?, attempted: Bool, at now: Date) throws
    func clearPushToStartToken(deviceID: String, token: String, issuedBefore: Date?) throws
    func clearActivityToken(activityID: String, deviceID: String, token: String, issuedBefore: Date?) throws
}

extension DeliveryStore {
    /// A failed attempt that closes or waits for the next pass (no retry instant).
    public func markAttemptFailed(eventID: Int64, sink: String, error: String, giveUp: Bool, at now: Date) throws {
        try markAttemptFailed(eventID: eventID, sink: sink, error: error, giveUp: giveUp, retryAt: nil, at: now)
    }

    /// A device push settled with no error, receipt or rest to record.
    public func finishDevicePush(eventID: Int64, deviceID: String, status: DevicePushStatus, error: String? = nil, attempted: Bool, at now: Date) throws {
        try finishDevicePush(eventID: eventID, deviceID: deviceID, status: status, error: error, apnsID: nil, notBefore: nil, attempted: attempted, at: now)
    }
}

/// What one delivery run did, for the pass's report.
public struct DeliveryReport: Sendable, Hashable {
    public var delivered = 0
    public var failures = 0
    /// Store failures and configuration problems, one line each.
    public var problems: [String] = []

    public init() {}
}
