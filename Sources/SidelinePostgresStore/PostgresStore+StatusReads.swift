import Foundation
import SidelineCore
import SidelineDelivery
import SidelinePostgres
import SidelineStore

// What `status`, the status page and `/metrics` read (the call window, the budget's
// pressure and the call times are in PostgresStore+CallLog.swift). Each read is one
// statement, so it sees one committed moment, as SQLite's read transaction does. Text is
// ordered `COLLATE "C"`: byte order, as SQLite sorts it, whatever the database's locale.
extension PostgresStore: StatusReadStore {
    /// Deliveries per sink and state: the whole-event sinks' and the devices' pushes.
    public func deliveryCounts() throws(StoreError) -> [DeliveryCount] {
        let rows = try execute("""
            SELECT sink, status, count(*) AS n FROM delivery GROUP BY sink, status
            UNION ALL
            SELECT sink, status, count(*) AS n FROM device_push GROUP BY sink, status
            """)
        let counts = try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in DeliveryCount(sink: try row.value("sink"), status: try row.value("status"), count: try row.value("n")) }
        }
        return counts.sorted { ($0.sink, $0.status) < ($1.sink, $1.status) }
    }

    /// The lifecycle rows a pass needs, decoded: every open one and every one of `week`.
    public func lifecycleStates(mode: PassMode, week: WeekKey) throws(StoreError) -> [LifecycleKey: LifecycleState] {
        var states: [LifecycleKey: LifecycleState] = [:]
        for (key, row) in try lifecycleRows(mode: mode, week: week) { states[key] = try row.state() }
        return states
    }

    /// The newest lifecycle events, newest first.
    public func recentEvents(limit: Int) throws(StoreError) -> [RecentEvent] {
        let rows = try execute("SELECT id, mode, payload FROM outbox ORDER BY id DESC LIMIT $1", [PostgresValue(limit)])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in
                RecentEvent(id: try row.value("id"), mode: PassMode(rawValue: try row.value("mode")) ?? .live, payload: Data(try row.value("payload", as: String.self).utf8))
            }
        }
    }

    /// The newest deliveries to sinks and devices, newest first.
    public func recentDeliveries(limit: Int) throws(StoreError) -> [RecentDelivery] {
        let rows = try execute("""
            SELECT * FROM (
                SELECT d.event_id, o.activity_id, o.kind, d.sink, d.status, d.attempts, d.updated_at FROM delivery d JOIN outbox o ON o.id = d.event_id
                UNION ALL
                SELECT p.event_id, o.activity_id, o.kind, p.sink || ' ' || p.device_id, p.status, p.attempts, p.updated_at FROM device_push p JOIN outbox o ON o.id = p.event_id
            ) AS deliveries ORDER BY updated_at DESC, event_id DESC LIMIT $1
            """, [PostgresValue(limit)])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in
                RecentDelivery(eventID: try row.value("event_id"), activityID: try row.value("activity_id"), kind: try row.value("kind"), sink: try row.value("sink"),
                               status: try row.value("status"), attempts: try row.value("attempts"), updatedAt: Date(timeIntervalSince1970: try row.value("updated_at")))
            }
        }
    }
}

extension PostgresStore: StoreInspection {
    /// When each call this egress logged was made between `start` and `end`, in order
    /// (instants only: a Sunday is ~700,000 calls).
    public func callTimes(from start: Date, through end: Date) throws(StoreError) -> [Date] {
        let rows = try execute("SELECT at FROM call_log WHERE egress = $1 AND at >= $2 AND at <= $3 ORDER BY at", [.text(egress), start.stored, end.stored])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in Date(timeIntervalSince1970: try row.value("at")) }
        }
    }

    /// The newest `limit` events, oldest first.
    public func outbox(limit: Int) throws(StoreError) -> [OutboxEntry] {
        let rows = try execute("SELECT * FROM (SELECT * FROM outbox ORDER BY id DESC LIMIT $1) AS newest ORDER BY id", [PostgresValue(limit)])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in
                OutboxEntry(id: try row.value("id"), registrationID: try row.value("registration_id"), activityID: try row.value("activity_id"),
                            mode: PassMode(rawValue: try row.value("mode")) ?? .live, kind: LifecycleEventKind(rawValue: try row.value("kind")) ?? .update,
                            reason: LifecycleReason(rawValue: try row.value("reason")) ?? .points, at: Date(timeIntervalSince1970: try row.value("at")),
                            payload: Data(try row.value("payload", as: String.self).utf8))
            }
        }
    }

    /// The device pushes of one event, by device.
    public func devicePushes(eventID: Int64) throws(StoreError) -> [(deviceID: String, status: String, attempts: Int, apnsID: String?, error: String?)] {
        let rows = try execute("SELECT device_id, status, attempts, apns_id, last_error FROM device_push WHERE event_id = $1 ORDER BY device_id COLLATE \"C\"", [.int(eventID)])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in
                (deviceID: try row.value("device_id"), status: try row.value("status"), attempts: try row.value("attempts"),
                 apnsID: try row.value("apns_id"), error: try row.value("last_error"))
            }
        }
    }

    /// How the activity's start went on the device (`nil`: no start push for it there).
    public func startPushStatus(activityID: String, deviceID: String) throws(StoreError) -> DevicePushStatus? {
        let rows = try execute("""
            SELECT p.status FROM device_push p JOIN outbox o ON o.id = p.event_id
            WHERE o.activity_id = $1 AND o.kind = 'start' AND p.device_id = $2
            ORDER BY o.id LIMIT 1
            """, [.text(activityID), .text(deviceID)])
        let status = try decoding { () throws(PostgresError) in try rows.first?.value("status", as: String.self) }
        return status.flatMap(DevicePushStatus.init(rawValue:))
    }

    /// Every open lifecycle row of `mode` and every one of `week`, of registrations not
    /// removed, still encoded (the SQLite store's bytes).
    public func lifecycleRows(mode: PassMode, week: WeekKey) throws(StoreError) -> [LifecycleKey: LifecycleRow] {
        let rows = try execute("""
            SELECT l.registration_id, l.week_key, l.state FROM lifecycle l
            JOIN registration r ON r.id = l.registration_id AND r.removed_at IS NULL
            WHERE l.mode = $1 AND (l.is_open OR l.week_key = $2)
            """, [.text(mode.rawValue), .text(week.storageKey)])
        return try decodingJSON { () throws in
            var weeks: [String: WeekKey] = [:]
            var result: [LifecycleKey: LifecycleRow] = [:]
            for row in rows {
                // Each week key parsed once; one that does not parse is skipped, as on SQLite.
                let text: String = try row.value("week_key")
                guard let week = weeks[text] ?? WeekKey(storageKey: text) else { continue }
                weeks[text] = week
                let key = LifecycleKey(registrationID: try row.value("registration_id"), week: week, mode: mode)
                result[key] = try LifecycleRow(bytes: [UInt8](try row.value("state", as: Data.self)))
            }
            return result
        }
    }
}
