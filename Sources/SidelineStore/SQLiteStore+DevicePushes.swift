import Foundation
import GRDB
import SidelineCore
import SidelineDelivery

extension SQLiteStore {
    /// Inserts the device pushes an event is owed on the devices `sink` addresses (those of
    /// `devices` kind), filed under its name: a start goes to every such device of the
    /// registration's user; an update or end only to devices the activity was started on (or
    /// that reported a token for it).
    static func insertDevicePushes(eventID: Int64, event: OutboxDraft, sink: String, devices: DeviceKind, at now: Date, _ db: Database) throws {
        let kind = deviceKindCondition(devices)
        if event.kind == .start {
            try db.execute(sql: """
                INSERT INTO device_push (event_id, device_id, sink, status, updated_at)
                SELECT ?, d.id, ?, 'pending', ? FROM device d
                JOIN registration r ON r.sleeper_user_id = d.sleeper_user_id
                WHERE r.id = ? AND d.removed_at IS NULL AND \(kind)
                """, arguments: [eventID, sink, now.seconds, event.registrationID])
        } else {
            try db.execute(sql: """
                INSERT INTO device_push (event_id, device_id, sink, status, updated_at)
                SELECT ?, d.id, ?, 'pending', ? FROM device d
                JOIN registration r ON r.sleeper_user_id = d.sleeper_user_id
                WHERE r.id = ? AND d.removed_at IS NULL AND \(kind) AND (
                    EXISTS (SELECT 1 FROM device_push p JOIN outbox o ON o.id = p.event_id
                            WHERE o.activity_id = ? AND o.kind = 'start' AND p.device_id = d.id)
                    OR EXISTS (SELECT 1 FROM activity_device a WHERE a.activity_id = ? AND a.device_id = d.id))
                """, arguments: [eventID, sink, now.seconds, event.registrationID, event.activityID, event.activityID])
        }
        // The push, once per event and sink, and only when some device is owed it.
        if db.changesCount > 0, let payload = event.devicePayloads.first(where: { $0.sink == sink }) {
            try db.execute(sql: "INSERT INTO device_push_body (event_id, sink, body) VALUES (?, ?, ?)", arguments: [eventID, sink, payload.storageBytes])
        }
    }

    /// `sink`'s device pushes still owed (pending, or a start caught mid-send by a crash),
    /// oldest event first so each activity's pushes reach a device in order.
    public func openDevicePushes(sink: String) throws(StoreError) -> [PendingDevicePush] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.event_id, p.device_id, p.status, p.attempts, p.not_before, p.updated_at, o.activity_id, o.kind, o.reason, o.at, b.body,
                       CASE WHEN b.body IS NULL THEN o.payload END AS payload
                FROM device_push p JOIN outbox o ON o.id = p.event_id
                LEFT JOIN device_push_body b ON b.event_id = p.event_id AND b.sink = p.sink
                WHERE p.status IN ('pending', 'sending') AND p.sink = ?
                ORDER BY o.id, p.device_id
                """, arguments: [sink]).map { row in
                PendingDevicePush(
                    eventID: row["event_id"], deviceID: row["device_id"], activityID: row["activity_id"],
                    kind: LifecycleEventKind(rawValue: row["kind"]) ?? .update, reason: LifecycleReason(rawValue: row["reason"]) ?? .points,
                    at: Date(seconds: row["at"]), body: Self.devicePayload(row, sink: sink), attempts: row["attempts"],
                    notBefore: Date(seconds: row["not_before"]), wasSending: (row["status"] as String) == "sending",
                    updatedAt: Date(seconds: row["updated_at"])
                )
            }
        }
    }

    /// A push's stored payload, opaque: its target's coding reads it. A push of an event
    /// committed before `device_push_body` existed (a database upgraded with pushes still
    /// owed) carries the event's JSON instead, for the coding to build its body from.
    static func devicePayload(_ row: Row, sink: String) -> DevicePayload {
        if let stored: Data = row["body"] { return DevicePayload(sink: sink, bytes: stored) }
        return DevicePayload(sink: sink, bytes: Data(), legacyEvent: Data((row["payload"] as String).utf8))
    }

    /// Claims a push-to-start for this caller and marks it on the wire, committed before the
    /// request is made: if the process dies now, the start is never sent again. Only a row
    /// still pending with the `attempts` the caller read is claimed, so of two loops that
    /// read the same start (a pass and the device API's delivery, which runs outside the
    /// pass lock) exactly one wins; `false` tells the other to leave it alone.
    @discardableResult
    public func claimDevicePushSending(eventID: Int64, deviceID: String, attempts: Int, at now: Date) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE device_push SET status = 'sending', attempts = attempts + 1, updated_at = ?
                WHERE event_id = ? AND device_id = ? AND status = 'pending' AND attempts = ?
                """, arguments: [now.seconds, eventID, deviceID, attempts])
            return db.changesCount == 1
        }
    }

    /// Records how a device push ended. `attempted` counts a request made (not a skip).
    public func finishDevicePush(eventID: Int64, deviceID: String, status: DevicePushStatus, error: String?, apnsID: String?, notBefore: Date?, attempted: Bool, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                UPDATE device_push SET status = ?, last_error = ?, apns_id = COALESCE(?, apns_id),
                    not_before = COALESCE(?, not_before), updated_at = ?,
                    attempts = attempts + (CASE WHEN ? AND status != 'sending' THEN 1 ELSE 0 END)
                WHERE event_id = ? AND device_id = ?
                """, arguments: [status.rawValue, error, apnsID, notBefore?.seconds, now.seconds, attempted, eventID, deviceID])
        }
    }

    /// `status` lines for per-device targets: their pushes per state, under each target's name.
    func devicePushCounts(_ db: Database) throws -> [DeliveryCount] {
        try Row.fetchAll(db, sql: """
            SELECT sink, status, COUNT(*) AS n FROM device_push GROUP BY 1, 2 ORDER BY 1, 2
            """).map {
            DeliveryCount(sink: $0["sink"], status: $0["status"], count: $0["n"])
        }
    }

    /// The device pushes of one event (tests and `status`).
    public func devicePushes(eventID: Int64) throws(StoreError) -> [(deviceID: String, status: String, attempts: Int, apnsID: String?, error: String?)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM device_push WHERE event_id = ? ORDER BY device_id", arguments: [eventID]).map {
                (deviceID: $0["device_id"], status: $0["status"], attempts: $0["attempts"], apnsID: $0["apns_id"], error: $0["last_error"])
            }
        }
    }
}

extension SQLiteStore {
    /// How the activity's start went on the device (`nil`: no start push for it there, e.g.
    /// the app started the activity itself and reported its token).
    public func startPushStatus(activityID: String, deviceID: String) throws(StoreError) -> DevicePushStatus? {
        try read { db in
            try String.fetchOne(db, sql: """
                SELECT p.status FROM device_push p JOIN outbox o ON o.id = p.event_id
                WHERE o.activity_id = ? AND o.kind = 'start' AND p.device_id = ?
                ORDER BY o.id LIMIT 1
                """, arguments: [activityID, deviceID]).flatMap(DevicePushStatus.init(rawValue:))
        }
    }
}
