import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

// The activities running on devices (the rest of ``DeviceStore``): who owns one, its tokens,
// its dismissal, what is running now, and a target's daily allowance.
extension PostgresStore {
    /// Who a started (live-mode) activity or a sample activity (ADR 034) belongs to; `nil` if
    /// no such activity started.
    public func activityOwner(activityID: String) throws(StoreError) -> ActivityOwner? {
        let rows = try execute("""
            SELECT o.activity_id, o.registration_id, r.sleeper_user_id FROM outbox o
            JOIN registration r ON r.id = o.registration_id
            WHERE o.activity_id = $1 AND o.kind = 'start' AND o.mode = 'live'
            UNION ALL
            SELECT s.activity_id, NULL, d.sleeper_user_id FROM sample_activity s
            JOIN device d ON d.id = s.device_id WHERE s.activity_id = $1
            LIMIT 1
            """, [.text(activityID)])
        return try decoding { () throws(PostgresError) in
            try rows.first.map { row throws(PostgresError) in
                ActivityOwner(activityID: try row.value("activity_id"), registrationID: try row.value("registration_id"), sleeperUserID: try row.value("sleeper_user_id"))
            }
        }
    }

    /// Stores the activity's update token on a device; a rotation replaces the old token at once.
    public func setActivityToken(activityID: String, deviceID: String, token: String, at now: Date) throws(StoreError) {
        try execute("""
            INSERT INTO activity_device (activity_id, device_id, update_token, token_updated_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (activity_id, device_id) DO UPDATE SET update_token = excluded.update_token, token_updated_at = excluded.token_updated_at
            """, [.text(activityID), .text(deviceID), .text(token), now.stored])
    }

    /// The person dismissed the activity on that device: open pushes to it are skipped, in
    /// the transaction that records it.
    public func dismissActivity(activityID: String, deviceID: String, at now: Date) throws(StoreError) {
        try transaction { session in
            try session.execute("""
                INSERT INTO activity_device (activity_id, device_id, dismissed_at) VALUES ($1, $2, $3)
                ON CONFLICT (activity_id, device_id) DO UPDATE SET dismissed_at = excluded.dismissed_at
                """, [.text(activityID), .text(deviceID), now.stored])
            try session.execute("""
                UPDATE device_push SET status = 'skipped', last_error = 'dismissed on the device', updated_at = $1
                WHERE device_id = $2 AND status = 'pending' AND event_id IN (SELECT id FROM outbox WHERE activity_id = $3)
                """, [now.stored, .text(deviceID), .text(activityID)])
        }
    }

    public func activityDevice(activityID: String, deviceID: String) throws(StoreError) -> ActivityDevice? {
        let rows = try execute("""
            SELECT activity_id, device_id, update_token, token_updated_at, dismissed_at FROM activity_device WHERE activity_id = $1 AND device_id = $2
            """, [.text(activityID), .text(deviceID)])
        return try decoding { () throws(PostgresError) in
            try rows.first.map { row throws(PostgresError) in
                ActivityDevice(activityID: try row.value("activity_id"), deviceID: try row.value("device_id"), updateToken: try row.value("update_token"),
                               tokenUpdatedAt: try row.value("token_updated_at", as: Double?.self).map(Date.init(timeIntervalSince1970:)),
                               dismissedAt: try row.value("dismissed_at", as: Double?.self).map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    /// The running activities (their newest event is not an end), optionally of one Sleeper
    /// user only, oldest first: the SQLite store's query.
    public func runningActivities(sleeperUserID: String?, at now: Date) throws(StoreError) -> [RunningActivity] {
        let rows = try execute("""
            SELECT o.activity_id, o.registration_id, r.sleeper_user_id, o.kind, o.payload FROM outbox o
            JOIN registration r ON r.id = o.registration_id AND r.removed_at IS NULL
            WHERE o.mode = 'live' AND o.at >= $1 AND ($2::text IS NULL OR r.sleeper_user_id = $2)
              AND o.id = (SELECT max(o2.id) FROM outbox o2 WHERE o2.activity_id = o.activity_id)
            ORDER BY o.id
            """, [.double(now.timeIntervalSince1970 - SQLiteStore.runningActivityHorizon), PostgresValue(sleeperUserID)])
        return try decoding { () throws(PostgresError) in
            var running: [RunningActivity] = []
            for row in rows where try row.value("kind", as: String.self) != "end" {
                running.append(RunningActivity(activityID: try row.value("activity_id"), registrationID: try row.value("registration_id"),
                                               sleeperUserID: try row.value("sleeper_user_id"), payload: Data(try row.value("payload", as: String.self).utf8)))
            }
            return running
        }
    }

    /// What `target` has used of the UTC day `now` falls in.
    public func allowanceUse(target: String, at now: Date) throws(StoreError) -> PushAllowance.Use {
        let rows = try execute("SELECT used, last_at FROM push_allowance WHERE target = $1 AND day = $2", [.text(target), .text(PushAllowance.day(of: now))])
        return try decoding { () throws(PostgresError) in try Self.allowanceUse(rows.first) }
    }
}

extension PostgresStore {
    /// A `push_allowance` row (`used, last_at`) as a use; no row is none used.
    static func allowanceUse(_ row: PostgresRow?) throws(PostgresError) -> PushAllowance.Use {
        PushAllowance.Use(used: try row?.value("used", as: Int.self) ?? 0,
                          lastAt: try row?.value("last_at", as: Double?.self).map(Date.init(timeIntervalSince1970:)))
    }
}
