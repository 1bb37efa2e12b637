import Foundation
import GRDB
import SidelineCore

/// What adding a device came to. A phone is one push target however often it is added:
/// the same push-to-start token or notify service twice for one user is one device (two
/// would mean two activities on one phone, or one Home Assistant tag pushed twice).
public struct DeviceAddition: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        /// A new device.
        case added
        /// That user already had this target: nothing new was stored.
        case existing
    }

    public let device: Device
    public let outcome: Outcome
    /// Other users with the same target (a shared family phone): allowed, and said.
    public let sharedWith: [String]

    /// Public for the other stores conforming to ``DeviceStore`` (PostgreSQL, ADR 038).
    public init(device: Device, outcome: Outcome, sharedWith: [String]) {
        self.device = device
        self.outcome = outcome
        self.sharedWith = sharedWith
    }
}

extension SQLiteStore {
    /// Adds an APNs device unless this user already has one with `pushToStartToken`, in one
    /// transaction.
    public func addDeviceOnce(sleeperUserID: String, name: String, environment: PushEnvironment, pushToStartToken: String?, at now: Date) throws(StoreError) -> DeviceAddition {
        try write { db in
            let same = try pushToStartToken.map { try Self.devices(db, pushToStartToken: $0) } ?? []
            let sharedWith = Self.otherUsers(same, than: sleeperUserID)
            if let existing = same.first(where: { $0.sleeperUserID == sleeperUserID }) {
                return DeviceAddition(device: existing, outcome: .existing, sharedWith: sharedWith)
            }
            let device = try Self.insertDevice(db, sleeperUserID: sleeperUserID, name: name, environment: environment, pushToStartToken: pushToStartToken, secretHash: { _ in nil }, at: now)
            return DeviceAddition(device: device, outcome: .added, sharedWith: sharedWith)
        }
    }

    /// A phone that pairs again (its app reinstalled) brings the push-to-start token its
    /// earlier device of this user has: that device goes, inside the pairing's transaction,
    /// or the phone would get every activity twice. Returns the removed ids.
    @discardableResult
    static func removeEarlierDevices(_ db: Database, sleeperUserID: String, pushToStartToken: String?, at now: Date) throws -> [String] {
        guard let pushToStartToken else { return [] }
        let earlier = try devices(db, pushToStartToken: pushToStartToken).filter { $0.sleeperUserID == sleeperUserID }
        for device in earlier { try removeDevice(db, id: device.id, at: now) }
        return earlier.map(\.id)
    }

    private static func devices(_ db: Database, pushToStartToken: String) throws -> [Device] {
        try Row.fetchAll(db, sql: "SELECT * FROM device WHERE removed_at IS NULL AND push_to_start_token = ? ORDER BY created_at, id", arguments: [pushToStartToken]).map(Self.device)
    }

    /// Adds a Home Assistant target unless this user already has `service`. Either way the
    /// service's "refused" mark is lifted: adding it again is how a user says it is fixed.
    public func addHomeAssistantTargetOnce(sleeperUserID: String, name: String, service: String, at now: Date) throws(StoreError) -> DeviceAddition {
        try write { db in
            try db.execute(sql: "UPDATE device SET broken_reason = NULL WHERE notify_service = ?", arguments: [service])
            let same = try Row.fetchAll(db, sql: "SELECT * FROM device WHERE removed_at IS NULL AND notify_service = ? ORDER BY created_at, id", arguments: [service]).map(Self.device)
            let sharedWith = Self.otherUsers(same, than: sleeperUserID)
            if let existing = same.first(where: { $0.sleeperUserID == sleeperUserID }) {
                return DeviceAddition(device: existing, outcome: .existing, sharedWith: sharedWith)
            }
            let device = try Self.insertDevice(db, sleeperUserID: sleeperUserID, name: name, environment: .production, pushToStartToken: nil, secretHash: { _ in nil }, at: now)
            try db.execute(sql: "UPDATE device SET notify_service = ? WHERE id = ?", arguments: [service, device.id])
            let added = Device(id: device.id, sleeperUserID: sleeperUserID, name: name, environment: .production, pushToStartToken: nil,
                               pushToStartUpdatedAt: nil, createdAt: now, notifyService: service)
            return DeviceAddition(device: added, outcome: .added, sharedWith: sharedWith)
        }
    }

    /// Removes a device inside a caller's transaction: its open pushes are skipped, its
    /// activity tokens forgotten. `false` for an unknown or already removed device.
    @discardableResult
    static func removeDevice(_ db: Database, id: String, at now: Date) throws -> Bool {
        try db.execute(sql: "UPDATE device SET removed_at = ?, push_to_start_token = NULL, secret_hash = NULL WHERE id = ? AND removed_at IS NULL", arguments: [now.seconds, id])
        guard db.changesCount > 0 else { return false }
        try db.execute(sql: "UPDATE device_push SET status = 'skipped', last_error = 'device removed', updated_at = ? WHERE device_id = ? AND status IN ('pending', 'sending')", arguments: [now.seconds, id])
        try db.execute(sql: "UPDATE activity_device SET update_token = NULL WHERE device_id = ?", arguments: [id])
        return true
    }

    package static func otherUsers(_ devices: [Device], than user: String) -> [String] {
        var seen: [String] = []
        for device in devices where device.sleeperUserID != user && !seen.contains(device.sleeperUserID) { seen.append(device.sleeperUserID) }
        return seen
    }
}
