import Foundation
import GRDB
import SidelineCore
import SidelineDelivery

/// One running activity on one device, as the APNs sink needs it.
public struct ActivityDevice: Sendable, Hashable {
    public let activityID: String
    public let deviceID: String
    /// The activity's own push token on that device (`nil` until the app reports it).
    public let updateToken: String?
    public let tokenUpdatedAt: Date?
    /// The person swiped the activity away: nothing more is pushed to it.
    public let dismissedAt: Date?

    /// Public for the other stores conforming to ``DeviceStore`` (PostgreSQL, ADR 038).
    public init(activityID: String, deviceID: String, updateToken: String?, tokenUpdatedAt: Date?, dismissedAt: Date?) {
        self.activityID = activityID
        self.deviceID = deviceID
        self.updateToken = updateToken
        self.tokenUpdatedAt = tokenUpdatedAt
        self.dismissedAt = dismissedAt
    }
}

/// Who an activity belongs to (for checking that a token is reported by the right user).
public struct ActivityOwner: Sendable, Hashable {
    public let activityID: String
    /// `nil` for a sample activity (`sideline devices test`, `rehearse`): it has no registration.
    public let registrationID: Int64?
    public let sleeperUserID: String

    /// Public for the other stores conforming to ``DeviceStore`` (PostgreSQL, ADR 038).
    public init(activityID: String, registrationID: Int64?, sleeperUserID: String) {
        self.activityID = activityID
        self.registrationID = registrationID
        self.sleeperUserID = sleeperUserID
    }
}

extension SQLiteStore {
    /// The SQL condition for devices of a kind (`d` is the device table); `package`: the
    /// PostgreSQL store files device pushes with the same condition.
    package static func deviceKindCondition(_ kind: DeviceKind) -> String {
        switch kind {
        case .apns: "d.notify_service IS NULL"
        case .homeAssistant: "d.notify_service IS NOT NULL"
        }
    }

    // MARK: - Devices

    /// Adds a device with a fresh id (`dev-` and 8 hex digits).
    public func addDevice(sleeperUserID: String, name: String, environment: PushEnvironment, pushToStartToken: String?, secretHash: String?, at now: Date) throws(StoreError) -> Device {
        try write { db in
            try Self.insertDevice(db, sleeperUserID: sleeperUserID, name: name, environment: environment, pushToStartToken: pushToStartToken, secretHash: { _ in secretHash }, at: now)
        }
    }

    /// Inserts a device with a fresh id inside a caller's transaction. `secretHash` gets the
    /// new id (a device secret names its device, so its hash can only be made now).
    static func insertDevice(_ db: Database, sleeperUserID: String, name: String, environment: PushEnvironment, pushToStartToken: String?, secretHash: (String) -> String?, at now: Date) throws -> Device {
        var id: String
        repeat {
            id = "dev-" + String(format: "%08x", UInt32.random(in: .min ... .max))
        } while try Bool.fetchOne(db, sql: "SELECT 1 FROM device WHERE id = ?", arguments: [id]) == true
        try db.execute(sql: """
            INSERT INTO device (id, sleeper_user_id, name, environment, push_to_start_token, push_to_start_updated_at, secret_hash, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [id, sleeperUserID, name, environment.rawValue, pushToStartToken, pushToStartToken == nil ? nil : now.seconds, secretHash(id), now.seconds])
        return Device(id: id, sleeperUserID: sleeperUserID, name: name, environment: environment, pushToStartToken: pushToStartToken, pushToStartUpdatedAt: pushToStartToken == nil ? nil : now, createdAt: now)
    }

    /// Devices not removed, oldest first; only `sleeperUserID`'s when given.
    public func devices(sleeperUserID: String?) throws(StoreError) -> [Device] {
        try read { db in
            let rows = if let sleeperUserID {
                try Row.fetchAll(db, sql: "SELECT * FROM device WHERE removed_at IS NULL AND sleeper_user_id = ? ORDER BY created_at, id", arguments: [sleeperUserID])
            } else {
                try Row.fetchAll(db, sql: "SELECT * FROM device WHERE removed_at IS NULL ORDER BY created_at, id")
            }
            return rows.map(Self.device)
        }
    }

    public func device(id: String) throws(StoreError) -> Device? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM device WHERE id = ? AND removed_at IS NULL", arguments: [id]).map(Self.device)
        }
    }

    /// The hashed bearer secret of a device (for the device API).
    public func deviceSecretHash(id: String) throws(StoreError) -> String? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT secret_hash FROM device WHERE id = ? AND removed_at IS NULL", arguments: [id])
        }
    }

    /// Stores a new push-to-start token: the old one is no longer used from this moment.
    /// Returns `false` for an unknown device.
    @discardableResult
    public func setPushToStartToken(deviceID: String, token: String, environment: PushEnvironment?, at now: Date) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE device SET push_to_start_token = ?, push_to_start_updated_at = ?, environment = COALESCE(?, environment)
                WHERE id = ? AND removed_at IS NULL
                """, arguments: [token, now.seconds, environment?.rawValue, deviceID])
            return db.changesCount > 0
        }
    }

    /// Removes a device: its open pushes are skipped, its activity tokens forgotten.
    @discardableResult
    public func removeDevice(id: String, at now: Date) throws(StoreError) -> Bool {
        try write { db in try Self.removeDevice(db, id: id, at: now) }
    }

    /// Forgets a push-to-start token APNs rejected, unless the app sent a newer one since
    /// `issuedBefore` (APNs' 410 timestamp: a token stored after it is a fresh one).
    public func clearPushToStartToken(deviceID: String, token: String, issuedBefore: Date?) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                UPDATE device SET push_to_start_token = NULL
                WHERE id = ? AND push_to_start_token = ? AND (? IS NULL OR push_to_start_updated_at < ?)
                """, arguments: [deviceID, token, issuedBefore?.seconds, issuedBefore?.seconds])
        }
    }

    static func device(_ row: Row) -> Device {
        let updated: Double? = row["push_to_start_updated_at"]
        return Device(
            id: row["id"], sleeperUserID: row["sleeper_user_id"], name: row["name"],
            environment: PushEnvironment(rawValue: row["environment"]) ?? .production,
            pushToStartToken: row["push_to_start_token"], pushToStartUpdatedAt: updated.map(Date.init(seconds:)),
            createdAt: Date(seconds: row["created_at"]), notifyService: row["notify_service"],
            pausedUntil: (row["paused_until"] as Double?).map(Date.init(seconds:)), brokenReason: row["broken_reason"]
        )
    }

    // MARK: - Activities on devices

    /// Who a started (live-mode) activity or a sample activity (ADR 034) belongs to; `nil` if
    /// no such activity started.
    public func activityOwner(activityID: String) throws(StoreError) -> ActivityOwner? {
        try read { db in
            try Row.fetchOne(db, sql: """
                SELECT o.activity_id, o.registration_id, r.sleeper_user_id FROM outbox o
                JOIN registration r ON r.id = o.registration_id
                WHERE o.activity_id = ? AND o.kind = 'start' AND o.mode = 'live'
                UNION ALL
                SELECT s.activity_id, NULL, d.sleeper_user_id FROM sample_activity s
                JOIN device d ON d.id = s.device_id WHERE s.activity_id = ?
                LIMIT 1
                """, arguments: [activityID, activityID]).map {
                ActivityOwner(activityID: $0["activity_id"], registrationID: $0["registration_id"], sleeperUserID: $0["sleeper_user_id"])
            }
        }
    }

    /// Stores the activity's update token on a device; a rotation replaces the old token at once.
    public func setActivityToken(activityID: String, deviceID: String, token: String, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO activity_device (activity_id, device_id, update_token, token_updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(activity_id, device_id) DO UPDATE SET update_token = excluded.update_token, token_updated_at = excluded.token_updated_at
                """, arguments: [activityID, deviceID, token, now.seconds])
        }
    }

    /// The person dismissed the activity on that device: open pushes to it are skipped.
    public func dismissActivity(activityID: String, deviceID: String, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO activity_device (activity_id, device_id, dismissed_at) VALUES (?, ?, ?)
                ON CONFLICT(activity_id, device_id) DO UPDATE SET dismissed_at = excluded.dismissed_at
                """, arguments: [activityID, deviceID, now.seconds])
            try db.execute(sql: """
                UPDATE device_push SET status = 'skipped', last_error = 'dismissed on the device', updated_at = ?
                WHERE device_id = ? AND status = 'pending' AND event_id IN (SELECT id FROM outbox WHERE activity_id = ?)
                """, arguments: [now.seconds, deviceID, activityID])
        }
    }

    public func activityDevice(activityID: String, deviceID: String) throws(StoreError) -> ActivityDevice? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM activity_device WHERE activity_id = ? AND device_id = ?", arguments: [activityID, deviceID]).map(Self.activityDevice)
        }
    }

    /// Forgets an update token APNs rejected (unless a newer one arrived after `issuedBefore`).
    public func clearActivityToken(activityID: String, deviceID: String, token: String, issuedBefore: Date?) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                UPDATE activity_device SET update_token = NULL
                WHERE activity_id = ? AND device_id = ? AND update_token = ? AND (? IS NULL OR token_updated_at < ?)
                """, arguments: [activityID, deviceID, token, issuedBefore?.seconds, issuedBefore?.seconds])
        }
    }

    /// The APNs `timestamp` to send for this activity on this device: `proposed`, or one
    /// more than the last one sent if that is not older (APNs drops an update whose
    /// timestamp is not newer than the last one the device processed). Recorded at once.
    public func claimTimestamp(activityID: String, deviceID: String, proposed: Int) throws(StoreError) -> Int {
        try write { db in
            let last = try Int.fetchOne(db, sql: "SELECT last_timestamp FROM activity_device WHERE activity_id = ? AND device_id = ?", arguments: [activityID, deviceID]) ?? 0
            let timestamp = max(proposed, last + 1)
            try db.execute(sql: """
                INSERT INTO activity_device (activity_id, device_id, last_timestamp) VALUES (?, ?, ?)
                ON CONFLICT(activity_id, device_id) DO UPDATE SET last_timestamp = excluded.last_timestamp
                """, arguments: [activityID, deviceID, timestamp])
            return timestamp
        }
    }

    static func activityDevice(_ row: Row) -> ActivityDevice {
        let updated: Double? = row["token_updated_at"]
        let dismissed: Double? = row["dismissed_at"]
        return ActivityDevice(
            activityID: row["activity_id"], deviceID: row["device_id"], updateToken: row["update_token"],
            tokenUpdatedAt: updated.map(Date.init(seconds:)), dismissedAt: dismissed.map(Date.init(seconds:))
        )
    }
}
