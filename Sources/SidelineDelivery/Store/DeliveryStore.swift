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

    /// Device pushes still owed (pending, or a start caught mid-send), oldest event first.
    func openDevicePushes() throws -> [PendingDevicePush]
    /// What is known of a device and of the activity on it; `nil` for a removed device.
    func deviceFacts(deviceID: String, activityID: String) throws -> DeviceFacts?
    /// The `aps.timestamp` for a push: `proposed`, or one more than the last one sent for
    /// this activity on this device, so they strictly increase.
    func claimTimestamp(activityID: String, deviceID: String, proposed: Int) throws -> Int
    /// Commits "on the wire" for a start, before its request.
    func markDevicePushSending(eventID: Int64, deviceID: String, at now: Date) throws
    func finishDevicePush(eventID: Int64, deviceID: String, status: DevicePushStatus, error: String?, apnsID: String?, notBefore: Date?, attempted: Bool, at now: Date) throws
    func clearPushToStartToken(deviceID: String, token: String, issuedBefore: Date?) throws
    func clearActivityToken(activityID: String, deviceID: String, token: String, issuedBefore: Date?) throws
}

/// What one delivery run did, for the pass's report.
public struct DeliveryReport: Sendable, Hashable {
    public var delivered = 0
    public var failures = 0
    /// Store failures and configuration problems, one line each.
    public var problems: [String] = []

    public init() {}
}
