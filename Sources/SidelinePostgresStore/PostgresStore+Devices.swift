import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore: DeviceStore {
    /// Adds a device with a fresh id (`dev-` and 8 hex digits).
    public func addDevice(sleeperUserID: String, name: String, environment: PushEnvironment, pushToStartToken: String?, secretHash: String?, at now: Date) throws(StoreError) -> Device {
        try transaction { session in
            try Self.insertDevice(session, sleeperUserID: sleeperUserID, name: name, environment: environment, pushToStartToken: pushToStartToken,
                                  secretHash: { _ in secretHash }, at: now)
        }
    }

    /// Adds a Home Assistant target for a Sleeper user; the service is no longer "refused".
    public func addHomeAssistantTarget(sleeperUserID: String, name: String, service: String, at now: Date) throws(StoreError) -> Device {
        try transaction { session in
            try session.execute("UPDATE device SET broken_reason = NULL WHERE notify_service = $1", [.text(service)])
            return try Self.insertDevice(session, sleeperUserID: sleeperUserID, name: name, environment: .production, pushToStartToken: nil,
                                         notifyService: service, secretHash: { _ in nil }, at: now)
        }
    }

    /// Devices not removed, oldest first; only `sleeperUserID`'s when given.
    public func devices(sleeperUserID: String?) throws(StoreError) -> [Device] {
        let rows = if let sleeperUserID {
            try execute("SELECT \(Self.deviceColumns) FROM device WHERE removed_at IS NULL AND sleeper_user_id = $1 ORDER BY created_at, id", [.text(sleeperUserID)])
        } else {
            try execute("SELECT \(Self.deviceColumns) FROM device WHERE removed_at IS NULL ORDER BY created_at, id")
        }
        return try decoding { () throws(PostgresError) in try rows.map(Self.device) }
    }

    public func device(id: String) throws(StoreError) -> Device? {
        let rows = try execute("SELECT \(Self.deviceColumns) FROM device WHERE id = $1 AND removed_at IS NULL", [.text(id)])
        return try decoding { () throws(PostgresError) in try rows.first.map(Self.device) }
    }

    /// The hashed bearer secret of a device (for the device API).
    public func deviceSecretHash(id: String) throws(StoreError) -> String? {
        let rows = try execute("SELECT secret_hash FROM device WHERE id = $1 AND removed_at IS NULL", [.text(id)])
        return try decoding { () throws(PostgresError) in try rows.first?.value("secret_hash") }
    }

    /// Stores a new push-to-start token: the old one is no longer used from this moment.
    /// Returns `false` for an unknown device.
    @discardableResult
    public func setPushToStartToken(deviceID: String, token: String, environment: PushEnvironment?, at now: Date) throws(StoreError) -> Bool {
        try execute("""
            UPDATE device SET push_to_start_token = $1, push_to_start_updated_at = $2, environment = coalesce($3, environment)
            WHERE id = $4 AND removed_at IS NULL
            """, [.text(token), now.stored, PostgresValue(environment?.rawValue), .text(deviceID)]).affectedRows > 0
    }

    /// Removes a device: its open pushes are skipped, its activity tokens forgotten (one transaction).
    @discardableResult
    public func removeDevice(id: String, at now: Date) throws(StoreError) -> Bool {
        try transaction { session in try Self.removeDevice(session, id: id, at: now) }
    }

    /// `devices pause`: nothing is pushed to the device before `until`.
    @discardableResult
    public func pauseDevice(id: String, until: Date?) throws(StoreError) -> Bool {
        try execute("UPDATE device SET paused_until = $1 WHERE id = $2 AND removed_at IS NULL", [PostgresValue(until?.timeIntervalSince1970), .text(id)]).affectedRows > 0
    }
}

extension PostgresStore {
    /// The device columns ``device(_:)`` reads.
    static let deviceColumns = """
        id, sleeper_user_id, name, environment, push_to_start_token, push_to_start_updated_at, created_at, notify_service, paused_until, broken_reason
        """

    static func device(_ row: PostgresRow) throws(PostgresError) -> Device {
        Device(
            id: try row.value("id"), sleeperUserID: try row.value("sleeper_user_id"), name: try row.value("name"),
            environment: PushEnvironment(rawValue: try row.value("environment")) ?? .production,
            pushToStartToken: try row.value("push_to_start_token"),
            pushToStartUpdatedAt: try row.value("push_to_start_updated_at", as: Double?.self).map(Date.init(timeIntervalSince1970:)),
            createdAt: Date(timeIntervalSince1970: try row.value("created_at")), notifyService: try row.value("notify_service"),
            pausedUntil: try row.value("paused_until", as: Double?.self).map(Date.init(timeIntervalSince1970:)), brokenReason: try row.value("broken_reason")
        )
    }

    /// Inserts a device with a fresh id inside a caller's transaction. `secretHash` gets the new
    /// id (a device secret names its device). An id another process took at the same moment
    /// is `ON CONFLICT DO NOTHING` and another draw, never a failed transaction.
    static func insertDevice(_ session: PostgresSession, sleeperUserID: String, name: String, environment: PushEnvironment, pushToStartToken: String?,
                             notifyService: String? = nil, secretHash: (String) -> String?, at now: Date) throws(PostgresError) -> Device {
        let tokenAt: Date? = pushToStartToken == nil ? nil : now
        while true {
            let id = "dev-" + String(format: "%08x", UInt32.random(in: .min ... .max))
            let inserted = try session.execute("""
                INSERT INTO device (id, sleeper_user_id, name, environment, push_to_start_token, push_to_start_updated_at, secret_hash, created_at, notify_service)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING
                """, [.text(id), .text(sleeperUserID), .text(name), .text(environment.rawValue), PostgresValue(pushToStartToken),
                      PostgresValue(tokenAt?.timeIntervalSince1970), PostgresValue(secretHash(id)), now.stored, PostgresValue(notifyService)])
            guard inserted.affectedRows == 1 else { continue }
            return Device(id: id, sleeperUserID: sleeperUserID, name: name, environment: environment, pushToStartToken: pushToStartToken,
                          pushToStartUpdatedAt: tokenAt, createdAt: now, notifyService: notifyService)
        }
    }

    /// Removes a device inside a caller's transaction: its open pushes are skipped, its
    /// activity tokens forgotten. `false` for an unknown or already removed device.
    @discardableResult
    static func removeDevice(_ session: PostgresSession, id: String, at now: Date) throws(PostgresError) -> Bool {
        let removed = try session.execute("UPDATE device SET removed_at = $1, push_to_start_token = NULL, secret_hash = NULL WHERE id = $2 AND removed_at IS NULL",
                                          [now.stored, .text(id)])
        guard removed.affectedRows > 0 else { return false }
        try session.execute("UPDATE device_push SET status = 'skipped', last_error = 'device removed', updated_at = $1 WHERE device_id = $2 AND status IN ('pending', 'sending')",
                            [now.stored, .text(id)])
        try session.execute("UPDATE activity_device SET update_token = NULL WHERE device_id = $1", [.text(id)])
        return true
    }
}
