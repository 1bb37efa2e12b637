import Foundation
import SidelineCore
import SidelineDelivery
import SidelinePostgres
import SidelineStore

/// The rows the delivery loops read and write (see ``DeliveryStore``), as the SQLite store
/// keeps them. Each write is one statement or one transaction; the ones two processes could
/// race (two pollers, or a pass and the device API's delivery) say how they are kept safe.
extension PostgresStore: DeliveryStore {
    /// Deliveries still owed for `mode`'s events, oldest first (so each activity's events
    /// reach a sink in order).
    public func pendingDeliveries(mode: PassMode) throws(StoreError) -> [PendingDelivery] {
        let rows = try execute("""
            SELECT d.event_id, d.sink, d.attempts, d.not_before, o.activity_id, o.kind, o.payload FROM delivery d
            JOIN outbox o ON o.id = d.event_id
            WHERE d.status = 'pending' AND o.mode = $1
            ORDER BY o.id, d.sink
            """, [.text(mode.rawValue)])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in
                PendingDelivery(
                    eventID: try row.value("event_id"), sink: try row.value("sink"), activityID: try row.value("activity_id"),
                    kind: LifecycleEventKind(rawValue: try row.value("kind")) ?? .update,
                    payload: Data(try row.value("payload", as: String.self).utf8), attempts: try row.value("attempts"),
                    notBefore: Date(timeIntervalSince1970: try row.value("not_before")))
            }
        }
    }

    public func markDelivered(eventID: Int64, sink: String, at now: Date) throws(StoreError) {
        try execute("UPDATE delivery SET status = 'delivered', attempts = attempts + 1, last_error = NULL, updated_at = $1 WHERE event_id = $2 AND sink = $3",
                    [now.stored, .int(eventID), .text(sink)])
    }

    /// A failed attempt; `giveUp` marks it failed for good, otherwise it stays pending until `retryAt`.
    public func markAttemptFailed(eventID: Int64, sink: String, error: String, giveUp: Bool, retryAt: Date?, at now: Date) throws(StoreError) {
        try execute("""
            UPDATE delivery SET status = $1, attempts = attempts + 1, last_error = $2, not_before = $3, updated_at = $4
            WHERE event_id = $5 AND sink = $6
            """, [.text(giveUp ? "failed" : "pending"), .text(error), (retryAt ?? now).stored, now.stored, .int(eventID), .text(sink)])
    }

    /// `sink`'s device pushes still owed (pending, or a start caught mid-send by a crash),
    /// oldest event first so each activity's pushes reach a device in order.
    public func openDevicePushes(sink: String) throws(StoreError) -> [PendingDevicePush] {
        let rows = try execute("""
            SELECT p.event_id, p.device_id, p.status, p.attempts, p.not_before, p.updated_at, o.activity_id, o.kind, o.reason, o.at, b.body,
                   CASE WHEN b.body IS NULL THEN o.payload END AS payload
            FROM device_push p JOIN outbox o ON o.id = p.event_id
            LEFT JOIN device_push_body b ON b.event_id = p.event_id AND b.sink = p.sink
            WHERE p.status IN ('pending', 'sending') AND p.sink = $1
            ORDER BY o.id, p.device_id
            """, [.text(sink)])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in
                PendingDevicePush(
                    eventID: try row.value("event_id"), deviceID: try row.value("device_id"), activityID: try row.value("activity_id"),
                    kind: LifecycleEventKind(rawValue: try row.value("kind")) ?? .update, reason: LifecycleReason(rawValue: try row.value("reason")) ?? .points,
                    at: Date(timeIntervalSince1970: try row.value("at")), body: try Self.devicePayload(row, sink: sink), attempts: try row.value("attempts"),
                    notBefore: Date(timeIntervalSince1970: try row.value("not_before")), wasSending: try row.value("status", as: String.self) == "sending",
                    updatedAt: Date(timeIntervalSince1970: try row.value("updated_at")))
            }
        }
    }

    /// One statement, as on SQLite (issue 31): the device, the activity on it, the start's
    /// status and the target's allowance on `now`'s UTC day.
    public func deviceFacts(deviceID: String, activityID: String, at now: Date) throws(StoreError) -> DeviceFacts? {
        let rows = try execute("""
            SELECT d.environment, d.push_to_start_token, d.notify_service, d.paused_until, d.broken_reason,
                   a.update_token, a.dismissed_at, u.used, u.last_at,
                   (SELECT p.status FROM device_push p JOIN outbox o ON o.id = p.event_id
                    WHERE o.activity_id = $1 AND o.kind = 'start' AND p.device_id = d.id ORDER BY o.id LIMIT 1) AS start_status
            FROM device d
            LEFT JOIN activity_device a ON a.activity_id = $1 AND a.device_id = d.id
            LEFT JOIN push_allowance u ON u.target = d.notify_service AND u.day = $3
            WHERE d.id = $2 AND d.removed_at IS NULL
            """, [.text(activityID), .text(deviceID), .text(PushAllowance.day(of: now))])
        guard let row = rows.first else { return nil }
        return try decoding { () throws(PostgresError) in
            let service = try row.value("notify_service", as: String?.self)
            let use = PushAllowance.Use(used: try row.value("used", as: Int?.self) ?? 0,
                                        lastAt: try row.value("last_at", as: Double?.self).map(Date.init(timeIntervalSince1970:)))
            return DeviceFacts(
                environment: PushEnvironment(rawValue: try row.value("environment")) ?? .production, pushToStartToken: try row.value("push_to_start_token"),
                activityToken: try row.value("update_token"), dismissed: try row.value("dismissed_at", as: Double?.self) != nil,
                startStatus: try row.value("start_status", as: String?.self).flatMap(DevicePushStatus.init(rawValue:)),
                notifyService: service, pausedUntil: try row.value("paused_until", as: Double?.self).map(Date.init(timeIntervalSince1970:)),
                brokenReason: try row.value("broken_reason"), allowanceUse: service.map { _ in use })
        }
    }

    /// Checks the target's allowance and, if the push may go, counts it, in one transaction
    /// holding the target's day row with `SELECT … FOR UPDATE` (made first if it is the
    /// day's first push, `ON CONFLICT DO NOTHING`): a second process admitting a push to the
    /// same target waits for this one's count, so two can never both take the last push.
    public func admitPush(target: String, allowance: PushAllowance, important: Bool, horizon: Date, at now: Date) throws(StoreError) -> PushAllowance.Decision {
        let day = PushAllowance.day(of: now)
        return try transaction { session in
            let use = try Self.lockedAllowanceUse(target: target, day: day, session)
            let decision = allowance.decide(important: important, use: use, now: now, horizon: horizon)
            if decision == .send {
                try session.execute("UPDATE push_allowance SET used = used + 1, last_at = $1 WHERE target = $2 AND day = $3",
                                    [now.stored, .text(target), .text(day)])
            }
            return decision
        }
    }

    /// Gives back a push that never left (no connection was made): the relay never saw it.
    public func returnPush(target: String, at now: Date) throws(StoreError) {
        try execute("UPDATE push_allowance SET used = greatest(0, used - 1) WHERE target = $1 AND day = $2", [.text(target), .text(PushAllowance.day(of: now))])
    }

    public func markTargetBroken(deviceID: String, reason: String) throws(StoreError) {
        try execute("UPDATE device SET broken_reason = $1 WHERE id = $2", [.text(reason), .text(deviceID)])
    }

    public func brokenTargets() throws(StoreError) -> Set<String> {
        let rows = try execute("SELECT DISTINCT notify_service FROM device WHERE broken_reason IS NOT NULL AND notify_service IS NOT NULL AND removed_at IS NULL")
        return try decoding { () throws(PostgresError) in Set(try rows.map { row throws(PostgresError) in try row.value("notify_service", as: String.self) }) }
    }

    /// The receiver lists these services again: their targets are no longer broken (one
    /// statement for the set).
    public func clearBrokenTargets(services: Set<String>) throws(StoreError) {
        guard !services.isEmpty else { return }
        try execute("UPDATE device SET broken_reason = NULL WHERE notify_service = ANY (\(PostgresKeySet.sql(1))) AND broken_reason IS NOT NULL",
                    [try PostgresKeySet.parameter(services)])
    }

    /// `proposed`, or one more than the last timestamp sent for this activity on this device,
    /// recorded in the same statement (`INSERT … ON CONFLICT DO UPDATE … RETURNING`): the row
    /// is locked while it is raised, so two processes claiming at once get two different,
    /// increasing timestamps.
    public func claimTimestamp(activityID: String, deviceID: String, proposed: Int) throws(StoreError) -> Int {
        let rows = try execute("""
            INSERT INTO activity_device AS a (activity_id, device_id, last_timestamp) VALUES ($1, $2, greatest($3::bigint, 1))
            ON CONFLICT (activity_id, device_id) DO UPDATE SET last_timestamp = greatest($3::bigint, a.last_timestamp + 1)
            RETURNING last_timestamp
            """, [.text(activityID), .text(deviceID), PostgresValue(proposed)])
        return try decoding { () throws(PostgresError) in
            guard let timestamp = try rows.first?.value("last_timestamp", as: Int.self) else {
                throw PostgresError("claiming a timestamp returned no row")
            }
            return timestamp
        }
    }

    /// Claims a push-to-start for this caller, committed before the request is made: an
    /// `UPDATE … WHERE status = 'pending' AND attempts = <read>` checked by its affected rows.
    /// Under READ COMMITTED a second process's same UPDATE waits for the first to commit, then
    /// re-checks the row, finds it `sending`, and updates nothing: exactly one caller wins.
    public func claimDevicePushSending(eventID: Int64, deviceID: String, attempts: Int, at now: Date) throws(StoreError) -> Bool {
        try execute("""
            UPDATE device_push SET status = 'sending', attempts = attempts + 1, updated_at = $1
            WHERE event_id = $2 AND device_id = $3 AND status = 'pending' AND attempts = $4
            """, [now.stored, .int(eventID), .text(deviceID), PostgresValue(attempts)]).affectedRows == 1
    }

    /// Records how a device push ended. `attempted` counts a request made (not a skip; a
    /// claimed start counted its attempt when it was claimed).
    public func finishDevicePush(eventID: Int64, deviceID: String, status: DevicePushStatus, error: String?, apnsID: String?, notBefore: Date?, attempted: Bool, at now: Date) throws(StoreError) {
        try execute("""
            UPDATE device_push SET status = $1, last_error = $2, apns_id = coalesce($3, apns_id),
                not_before = coalesce($4, not_before), updated_at = $5,
                attempts = attempts + (CASE WHEN $6::boolean AND status <> 'sending' THEN 1 ELSE 0 END)
            WHERE event_id = $7 AND device_id = $8
            """, [.text(status.rawValue), PostgresValue(error), PostgresValue(apnsID), PostgresValue(notBefore?.timeIntervalSince1970), now.stored,
                  .bool(attempted), .int(eventID), .text(deviceID)])
    }

    /// Forgets a push-to-start token APNs rejected, unless the app sent a newer one since
    /// `issuedBefore` (APNs' 410 timestamp).
    public func clearPushToStartToken(deviceID: String, token: String, issuedBefore: Date?) throws(StoreError) {
        try execute("""
            UPDATE device SET push_to_start_token = NULL
            WHERE id = $1 AND push_to_start_token = $2 AND ($3::double precision IS NULL OR push_to_start_updated_at < $3::double precision)
            """, [.text(deviceID), .text(token), PostgresValue(issuedBefore?.timeIntervalSince1970)])
    }

    /// Forgets an update token APNs rejected (unless a newer one arrived after `issuedBefore`).
    public func clearActivityToken(activityID: String, deviceID: String, token: String, issuedBefore: Date?) throws(StoreError) {
        try execute("""
            UPDATE activity_device SET update_token = NULL
            WHERE activity_id = $1 AND device_id = $2 AND update_token = $3 AND ($4::double precision IS NULL OR token_updated_at < $4::double precision)
            """, [.text(activityID), .text(deviceID), .text(token), PostgresValue(issuedBefore?.timeIntervalSince1970)])
    }
}

extension PostgresStore {
    /// What `target` has used of `day`, its row locked until the transaction ends (made with
    /// nothing used if there is none: a row of zero reads as no row does).
    static func lockedAllowanceUse(target: String, day: String, _ session: PostgresSession) throws(PostgresError) -> PushAllowance.Use {
        try session.execute("INSERT INTO push_allowance (target, day, used) VALUES ($1, $2, 0) ON CONFLICT (target, day) DO NOTHING", [.text(target), .text(day)])
        let row = try session.execute("SELECT used, last_at FROM push_allowance WHERE target = $1 AND day = $2 FOR UPDATE", [.text(target), .text(day)]).first
        return PushAllowance.Use(used: try row?.value("used", as: Int.self) ?? 0,
                                 lastAt: try row?.value("last_at", as: Double?.self).map(Date.init(timeIntervalSince1970:)))
    }

    /// A push's stored payload, opaque, as on SQLite: a push of an event committed without a
    /// body carries the event's JSON for its target's coding to build one from.
    static func devicePayload(_ row: PostgresRow, sink: String) throws(PostgresError) -> DevicePayload {
        if let stored = try row.value("body", as: Data?.self) { return DevicePayload(sink: sink, bytes: stored) }
        return DevicePayload(sink: sink, bytes: Data(), legacyEvent: Data(try row.value("payload", as: String.self).utf8))
    }
}
