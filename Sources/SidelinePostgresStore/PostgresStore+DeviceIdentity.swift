import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresLockKey {
    /// Held by every addition that looks for the same target before it inserts (a device
    /// added once, a Home Assistant target added once, a pairing): two processes adding one
    /// phone at once add one device, as SQLite's single writer does. Additions are rare and
    /// human-paced, so one key for all of them costs nothing.
    static let deviceAdditions: Int64 = 0x5344_4C4E_0000_0B01
}

extension PostgresStore {
    /// Adds an APNs device unless this user already has one with `pushToStartToken`, in one
    /// transaction under the device-additions advisory lock (not a unique index: a token
    /// may legitimately repeat through ``addDevice(sleeperUserID:name:environment:pushToStartToken:secretHash:at:)``
    /// and a token update, as on SQLite).
    public func addDeviceOnce(sleeperUserID: String, name: String, environment: PushEnvironment, pushToStartToken: String?, at now: Date) throws(StoreError) -> DeviceAddition {
        try transaction { session in
            try session.advisoryTransactionLock(PostgresLockKey.deviceAdditions)
            let same = try pushToStartToken.map { token throws(PostgresError) in try Self.devices(session, pushToStartToken: token) } ?? []
            let sharedWith = SQLiteStore.otherUsers(same, than: sleeperUserID)
            if let existing = same.first(where: { $0.sleeperUserID == sleeperUserID }) {
                return DeviceAddition(device: existing, outcome: .existing, sharedWith: sharedWith)
            }
            let device = try Self.insertDevice(session, sleeperUserID: sleeperUserID, name: name, environment: environment, pushToStartToken: pushToStartToken,
                                               secretHash: { _ in nil }, at: now)
            return DeviceAddition(device: device, outcome: .added, sharedWith: sharedWith)
        }
    }

    /// Adds a Home Assistant target unless this user already has `service`, under the
    /// device-additions lock. Either way the service's "refused" mark is lifted: adding it
    /// again is how a user says it is fixed.
    public func addHomeAssistantTargetOnce(sleeperUserID: String, name: String, service: String, at now: Date) throws(StoreError) -> DeviceAddition {
        try transaction { session in
            try session.advisoryTransactionLock(PostgresLockKey.deviceAdditions)
            try session.execute("UPDATE device SET broken_reason = NULL WHERE notify_service = $1", [.text(service)])
            let same = try session.execute("SELECT \(Self.deviceColumns) FROM device WHERE removed_at IS NULL AND notify_service = $1 ORDER BY created_at, id",
                                           [.text(service)]).map(Self.device)
            let sharedWith = SQLiteStore.otherUsers(same, than: sleeperUserID)
            if let existing = same.first(where: { $0.sleeperUserID == sleeperUserID }) {
                return DeviceAddition(device: existing, outcome: .existing, sharedWith: sharedWith)
            }
            let device = try Self.insertDevice(session, sleeperUserID: sleeperUserID, name: name, environment: .production, pushToStartToken: nil,
                                               notifyService: service, secretHash: { _ in nil }, at: now)
            return DeviceAddition(device: device, outcome: .added, sharedWith: sharedWith)
        }
    }

    /// A phone that pairs again (its app reinstalled) brings the push-to-start token its
    /// earlier device of this user has: that device goes, inside the pairing's transaction.
    static func removeEarlierDevices(_ session: PostgresSession, sleeperUserID: String, pushToStartToken: String?, at now: Date) throws(PostgresError) {
        guard let pushToStartToken else { return }
        for device in try devices(session, pushToStartToken: pushToStartToken) where device.sleeperUserID == sleeperUserID {
            try removeDevice(session, id: device.id, at: now)
        }
    }

    static func devices(_ session: PostgresSession, pushToStartToken: String) throws(PostgresError) -> [Device] {
        try session.execute("SELECT \(deviceColumns) FROM device WHERE removed_at IS NULL AND push_to_start_token = $1 ORDER BY created_at, id",
                            [.text(pushToStartToken)]).map(device)
    }
}
