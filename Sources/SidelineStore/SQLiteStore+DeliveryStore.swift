import Foundation
import GRDB
import SidelineCore
import SidelineDelivery

/// The rows the delivery loops need (see ``DeliveryStore``).
extension SQLiteStore: DeliveryStore {
    /// One statement (issue 31): the device, the activity on it, the start's status and the
    /// target's allowance were four reads, each a round trip on a network store.
    public func deviceFacts(deviceID: String, activityID: String, at now: Date) throws(StoreError) -> DeviceFacts? {
        try read { db in
            let statement = try db.cachedStatement(sql: """
                SELECT d.environment, d.push_to_start_token, d.notify_service, d.paused_until, d.broken_reason,
                       a.update_token, a.dismissed_at, u.used, u.last_at,
                       (SELECT p.status FROM device_push p JOIN outbox o ON o.id = p.event_id
                        WHERE o.activity_id = :activity AND o.kind = 'start' AND p.device_id = d.id ORDER BY o.id LIMIT 1) AS start_status
                FROM device d
                LEFT JOIN activity_device a ON a.activity_id = :activity AND a.device_id = d.id
                LEFT JOIN push_allowance u ON u.target = d.notify_service AND u.day = :day
                WHERE d.id = :device AND d.removed_at IS NULL
                """)
            let arguments: StatementArguments = ["activity": activityID, "device": deviceID, "day": PushAllowance.day(of: now)]
            guard let row = try Row.fetchOne(statement, arguments: arguments) else { return nil }
            let service: String? = row["notify_service"]
            return DeviceFacts(
                environment: PushEnvironment(rawValue: row["environment"]) ?? .production, pushToStartToken: row["push_to_start_token"],
                activityToken: row["update_token"], dismissed: (row["dismissed_at"] as Double?) != nil,
                startStatus: (row["start_status"] as String?).flatMap(DevicePushStatus.init(rawValue:)),
                notifyService: service, pausedUntil: (row["paused_until"] as Double?).map(Date.init(seconds:)), brokenReason: row["broken_reason"],
                allowanceUse: service.map { _ in PushAllowance.Use(used: row["used"] ?? 0, lastAt: (row["last_at"] as Double?).map(Date.init(seconds:))) }
            )
        }
    }

    /// Checks the target's allowance and, if the push may go, counts it, in one write
    /// transaction: two processes can never both take the last push of the day.
    public func admitPush(target: String, allowance: PushAllowance, important: Bool, horizon: Date, at now: Date) throws(StoreError) -> PushAllowance.Decision {
        let day = PushAllowance.day(of: now)
        return try write { db in
            let use = try Self.allowanceUse(db, target: target, day: day)
            let decision = allowance.decide(important: important, use: use, now: now, horizon: horizon)
            if decision == .send {
                try Self.countPush(db, target: target, day: day, at: now)
            }
            return decision
        }
    }

    /// Gives back a push that never left (no connection was made): the relay never saw it.
    public func returnPush(target: String, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE push_allowance SET used = MAX(0, used - 1) WHERE target = ? AND day = ?", arguments: [target, PushAllowance.day(of: now)])
        }
    }

    public func brokenTargets() throws(StoreError) -> Set<String> {
        try read { db in
            Set(try String.fetchAll(db, sql: "SELECT DISTINCT notify_service FROM device WHERE broken_reason IS NOT NULL AND notify_service IS NOT NULL AND removed_at IS NULL"))
        }
    }

    public func markTargetBroken(deviceID: String, reason: String) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE device SET broken_reason = ? WHERE id = ?", arguments: [reason, deviceID])
        }
    }
}

extension SQLiteStore {
    /// What `target` has used of the UTC day `now` falls in.
    public func allowanceUse(target: String, at now: Date) throws(StoreError) -> PushAllowance.Use {
        try read { db in try Self.allowanceUse(db, target: target, day: PushAllowance.day(of: now)) }
    }

    static func allowanceUse(_ db: Database, target: String, day: String) throws -> PushAllowance.Use {
        let row = try Row.fetchOne(db, sql: "SELECT used, last_at FROM push_allowance WHERE target = ? AND day = ?", arguments: [target, day])
        return PushAllowance.Use(used: row?["used"] ?? 0, lastAt: (row?["last_at"] as Double?).map(Date.init(seconds:)))
    }

    /// `devices pause`: nothing is pushed to the device before `until`.
    public func pauseDevice(id: String, until: Date?) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE device SET paused_until = ? WHERE id = ? AND removed_at IS NULL", arguments: [until?.seconds, id])
            return db.changesCount > 0
        }
    }

    /// Home Assistant lists these services again: their targets are no longer broken.
    public func clearBrokenTargets(services: Set<String>) throws(StoreError) {
        try write { db in
            for service in services {
                try db.execute(sql: "UPDATE device SET broken_reason = NULL WHERE notify_service = ? AND broken_reason IS NOT NULL", arguments: [service])
            }
        }
    }

    /// Adds a Home Assistant target for a Sleeper user (a re-added service is no longer broken).
    public func addHomeAssistantTarget(sleeperUserID: String, name: String, service: String, at now: Date) throws(StoreError) -> Device {
        try write { db in
            try db.execute(sql: "UPDATE device SET broken_reason = NULL WHERE notify_service = ?", arguments: [service])
            let device = try Self.insertDevice(db, sleeperUserID: sleeperUserID, name: name, environment: .production, pushToStartToken: nil, secretHash: { _ in nil }, at: now)
            try db.execute(sql: "UPDATE device SET notify_service = ? WHERE id = ?", arguments: [service, device.id])
            return Device(id: device.id, sleeperUserID: sleeperUserID, name: name, environment: .production, pushToStartToken: nil,
                          pushToStartUpdatedAt: nil, createdAt: now, notifyService: service)
        }
    }
}
