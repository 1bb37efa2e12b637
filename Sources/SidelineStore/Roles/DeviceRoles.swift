import Foundation
import SidelineCore
import SidelineDelivery

// The store as the device API, `sideline devices` and a rehearsal see it (ADR 025, "Store
// roles everywhere"): devices and the activities on them, pairing codes, sample activities.

/// Devices (APNs phones and Home Assistant targets) and the activities running on them.
public protocol DeviceStore: Sendable {
    /// Adds a device with a fresh id (`dev-` and 8 hex digits).
    func addDevice(sleeperUserID: String, name: String, environment: PushEnvironment, pushToStartToken: String?, secretHash: String?, at now: Date) throws(StoreError) -> Device
    /// Adds an APNs device unless this user already has one with `pushToStartToken`, in one transaction.
    func addDeviceOnce(sleeperUserID: String, name: String, environment: PushEnvironment, pushToStartToken: String?, at now: Date) throws(StoreError) -> DeviceAddition
    /// Adds a Home Assistant target for a Sleeper user (a re-added service is no longer broken).
    func addHomeAssistantTarget(sleeperUserID: String, name: String, service: String, at now: Date) throws(StoreError) -> Device
    /// Adds a Home Assistant target unless this user already has `service`.
    func addHomeAssistantTargetOnce(sleeperUserID: String, name: String, service: String, at now: Date) throws(StoreError) -> DeviceAddition
    /// Every device, or one Sleeper user's.
    func devices(sleeperUserID: String?) throws(StoreError) -> [Device]
    func device(id: String) throws(StoreError) -> Device?
    func deviceSecretHash(id: String) throws(StoreError) -> String?
    @discardableResult
    func setPushToStartToken(deviceID: String, token: String, environment: PushEnvironment?, at now: Date) throws(StoreError) -> Bool
    @discardableResult
    func removeDevice(id: String, at now: Date) throws(StoreError) -> Bool
    /// `devices pause`: nothing is pushed to the device before `until`.
    @discardableResult
    func pauseDevice(id: String, until: Date?) throws(StoreError) -> Bool
    /// How many pushes a target has used on `now`'s UTC day.
    func allowanceUse(target: String, at now: Date) throws(StoreError) -> PushAllowance.Use
    func activityOwner(activityID: String) throws(StoreError) -> ActivityOwner?
    func setActivityToken(activityID: String, deviceID: String, token: String, at now: Date) throws(StoreError)
    func dismissActivity(activityID: String, deviceID: String, at now: Date) throws(StoreError)
    func activityDevice(activityID: String, deviceID: String) throws(StoreError) -> ActivityDevice?
    /// The running activities (their newest event is not an end), optionally of one Sleeper user only, oldest first.
    func runningActivities(sleeperUserID: String?, at now: Date) throws(StoreError) -> [RunningActivity]
}

extension DeviceStore {
    public func devices() throws(StoreError) -> [Device] { try devices(sleeperUserID: nil) }

    public func addDevice(sleeperUserID: String, name: String, environment: PushEnvironment, pushToStartToken: String?, at now: Date) throws(StoreError) -> Device {
        try addDevice(sleeperUserID: sleeperUserID, name: name, environment: environment, pushToStartToken: pushToStartToken, secretHash: nil, at: now)
    }

    @discardableResult
    public func setPushToStartToken(deviceID: String, token: String, at now: Date) throws(StoreError) -> Bool {
        try setPushToStartToken(deviceID: deviceID, token: token, environment: nil, at: now)
    }

    public func runningActivities(at now: Date) throws(StoreError) -> [RunningActivity] { try runningActivities(sleeperUserID: nil, at: now) }
}

/// Pairing codes: `sideline devices invite` writes one, the app redeems it once.
public protocol PairingStore: Sendable {
    func addPairingCode(codeHash: String, sleeperUserID: String, expiresAt: Date, at now: Date) throws(StoreError)
    /// Redeems a code and adds its device in one transaction: a code pairs at most one device.
    func redeemPairingCode(codeHash: String, name: String, environment: PushEnvironment, pushToStartToken: String?, secretHash: (String) -> String, at now: Date) throws(StoreError) -> PairingRedemption
    func openPairingCodes(at now: Date) throws(StoreError) -> [(sleeperUserID: String, expiresAt: Date)]
}

/// `sideline devices test` and `rehearse`: a sample activity outside any lifecycle, and its
/// pushes counted against the same daily allowance as a game's.
public protocol RehearsalStore: Sendable {
    func addSampleActivity(activityID: String, deviceID: String, at now: Date) throws(StoreError)
    func removeSampleActivity(activityID: String) throws(StoreError)
    func admitRehearsalPush(target: String, allowance: PushAllowance, at now: Date) throws(StoreError) -> PushAllowance.Decision
}
