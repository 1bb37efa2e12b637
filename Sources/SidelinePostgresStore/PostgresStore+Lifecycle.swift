import Foundation
import SidelineCore
import SidelineDelivery
import SidelinePostgres
import SidelineStore

extension PostgresStore: LifecycleStore {
    /// The headers of every open row of `mode` and every row of `week`, of registrations not
    /// removed: what the scheduler keeps between passes.
    public func lifecycleHeaders(mode: PassMode, week: WeekKey) throws(StoreError) -> [LifecycleKey: LifecycleRow.Header] {
        let rows = try execute("""
            SELECT l.registration_id, l.week_key, l.state FROM lifecycle l
            JOIN registration r ON r.id = l.registration_id AND r.removed_at IS NULL
            WHERE l.mode = $1 AND (l.is_open OR l.week_key = $2)
            """, [.text(mode.rawValue), .text(week.storageKey)])
        return try decodingJSON { () throws in
            var result: [LifecycleKey: LifecycleRow.Header] = [:]
            for row in rows {
                guard let rowWeek = WeekKey(storageKey: try row.value("week_key")) else { continue }
                let key = LifecycleKey(registrationID: try row.value("registration_id"), week: rowWeek, mode: mode)
                result[key] = try LifecycleRow.header(of: Array(try row.value("state", as: Data.self)))
            }
            return result
        }
    }

    /// The full rows of the given keys that exist: one statement for the whole set (issue 31),
    /// the keys bound as one JSON parameter and joined as rows.
    public func lifecycleRows(_ keys: some Sequence<LifecycleKey>) throws(StoreError) -> [LifecycleKey: LifecycleRow] {
        var wanted: [String: LifecycleKey] = [:]
        for key in keys { wanted[Self.identity(String(key.registrationID), key.week.storageKey, key.mode.rawValue)] = key }
        guard !wanted.isEmpty else { return [:] }
        let parameter = try PostgresKeySet.parameter(wanted.values.map { [String($0.registrationID), $0.week.storageKey, $0.mode.rawValue] })
        let rows = try execute("""
            SELECT l.registration_id, l.week_key, l.mode, l.state FROM lifecycle l
            JOIN jsonb_array_elements($1::jsonb) AS k (key)
                ON l.registration_id = (k.key ->> 0)::bigint AND l.week_key = k.key ->> 1 AND l.mode = k.key ->> 2
            """, [parameter])
        return try decodingJSON { () throws in
            var result: [LifecycleKey: LifecycleRow] = [:]
            for row in rows {
                let identity = Self.identity(String(try row.value("registration_id", as: Int64.self)), try row.value("week_key"), try row.value("mode"))
                guard let key = wanted[identity] else { continue }
                result[key] = try LifecycleRow(bytes: Array(try row.value("state", as: Data.self)))
            }
            return result
        }
    }

    /// Commits a step's rows and events (with their deliveries) in one transaction.
    @discardableResult
    public func commitPass(rows: [LifecycleKey: LifecycleRow], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date) throws(StoreError) -> [Int64] {
        try commitPass(rows: rows, personRows: [:], events: events, sinks: sinks, at: now)
    }

    /// The same with person lifecycle rows (ADR 039): a crash leaves all of it or none.
    @discardableResult
    public func commitPass(rows: [LifecycleKey: LifecycleRow], personRows: [PersonKey: PersonRow], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date) throws(StoreError) -> [Int64] {
        try transaction { session in
            try Self.savePersonRows(personRows, at: now, session)
            return try Self.commit(rows: rows, events: events, sinks: sinks, at: now, session)
        }
    }

    /// The same, fenced (issue 32): the leases are checked, and locked `FOR SHARE` until the
    /// commit, before anything is written; a lost one rolls the whole transaction back.
    @discardableResult
    public func commitPass(rows: [LifecycleKey: LifecycleRow], personRows: [PersonKey: PersonRow], events: [OutboxDraft], sinks: [PassMode: [PushRoute]],
                           at now: Date, fences: [LeaseFence], clock: LeaseClock) throws(StoreError) -> [Int64] {
        try transaction { session in
            try session.requireLeases(fences, clock: clock)
            try Self.savePersonRows(personRows, at: now, session)
            return try Self.commit(rows: rows, events: events, sinks: sinks, at: now, session)
        }
    }

    /// Ends a registration: its final events are committed with the removal, in one
    /// transaction, as on SQLite. (RegistrationAdminStore's; the conformance is declared
    /// where the rest of that role is.)
    public func removeRegistration(id: Int64, states: [LifecycleKey: LifecycleState], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date) throws(StoreError) {
        try transaction { session in
            _ = try Self.commit(rows: states.mapValues(LifecycleRow.init), events: events, sinks: sinks, at: now, session)
            try session.execute("UPDATE registration SET removed_at = $1 WHERE id = $2", [now.stored, .int(id)])
        }
    }
}

extension PostgresStore {
    /// Writes rows and events inside an open transaction and returns the events' ids in
    /// order. The rows and the events each go in one statement (a kickoff pass writes
    /// thousands: one round trip each would be seconds on a network); device pushes are
    /// filed event by event, because an update is owed to the devices of a start that may
    /// be earlier in the same commit.
    static func commit(rows: [LifecycleKey: LifecycleRow], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date, _ session: PostgresSession) throws -> [Int64] {
        try upsertLifecycleRows(rows, at: now, session)
        guard !events.isEmpty else { return [] }
        let ids = try insertEvents(events, at: now, session)
        var deliveries: [[String]] = []
        for (id, event) in zip(ids, events) {
            // Filed by each target's addressing (ADR 031), under its name.
            for route in sinks[event.mode] ?? [] {
                switch route.addressing {
                case .wholeEvent: deliveries.append([String(id), route.sink])
                case .perDevice(let kind): try insertDevicePushes(eventID: id, event: event, sink: route.sink, devices: kind, at: now, session)
                }
            }
        }
        if !deliveries.isEmpty {
            try session.execute("""
                INSERT INTO delivery (event_id, sink, status, updated_at)
                SELECT (d.value ->> 0)::bigint, d.value ->> 1, 'pending', $2 FROM jsonb_array_elements($1::jsonb) AS d
                """, [try PostgresKeySet.parameter(deliveries), now.stored])
        }
        return ids
    }

    /// Upserts lifecycle rows in one statement: each row's columns as a JSON array, the state's
    /// bytes (SQLite's, ``LifecycleRow/bytes``) in base64, which the server decodes.
    static func upsertLifecycleRows(_ rows: [LifecycleKey: LifecycleRow], at now: Date, _ session: PostgresSession) throws {
        guard !rows.isEmpty else { return }
        let columns = rows.map { key, row in
            [String(key.registrationID), key.week.storageKey, key.mode.rawValue, Data(row.bytes).base64EncodedString(), row.isOpen ? "true" : "false"]
        }
        try session.execute("""
            INSERT INTO lifecycle (registration_id, week_key, mode, state, is_open, updated_at)
            SELECT (r.value ->> 0)::bigint, r.value ->> 1, r.value ->> 2, decode(r.value ->> 3, 'base64'), (r.value ->> 4)::boolean, $2
            FROM jsonb_array_elements($1::jsonb) AS r
            ON CONFLICT (registration_id, week_key, mode) DO UPDATE SET state = excluded.state, is_open = excluded.is_open, updated_at = excluded.updated_at
            """, [try PostgresKeySet.parameter(columns), now.stored])
    }

    /// Inserts the events in one statement and returns their ids in the events' order. The
    /// ids are taken from the identity's sequence first, sorted, and given out in order:
    /// ascending ids keep each activity's events in order for the delivery loops (which read
    /// by id), whatever order the server inserts the rows in.
    static func insertEvents(_ events: [OutboxDraft], at now: Date, _ session: PostgresSession) throws -> [Int64] {
        let taken = try session.execute("SELECT nextval(pg_get_serial_sequence('outbox', 'id')) AS id FROM generate_series(1, $1::integer)",
                                        [PostgresValue(events.count)])
        let ids = try taken.map { row throws(PostgresError) in try row.value("id", as: Int64.self) }.sorted()
        let columns = zip(ids, events).map { id, event in
            [String(id), String(event.registrationID), event.activityID, event.mode.rawValue, event.kind.rawValue, event.reason.rawValue,
             event.at.timeIntervalSince1970.description, String(decoding: event.payload, as: UTF8.self)]
        }
        try session.execute("""
            INSERT INTO outbox (id, registration_id, activity_id, mode, kind, reason, at, payload, created_at)
            SELECT (e.value ->> 0)::bigint, (e.value ->> 1)::bigint, e.value ->> 2, e.value ->> 3, e.value ->> 4, e.value ->> 5,
                   (e.value ->> 6)::double precision, e.value ->> 7, $2
            FROM jsonb_array_elements($1::jsonb) AS e
            """, [try PostgresKeySet.parameter(columns), now.stored])
        return ids
    }

    /// Files the device pushes an event is owed on the devices `sink` addresses, as the
    /// SQLite store does: a start goes to every such device of the registration's user; an
    /// update or end only to devices the activity was started on (or that reported a token
    /// for it). The push's body is kept once per event and sink, and only when some device is
    /// owed it: both in one statement.
    static func insertDevicePushes(eventID: Int64, event: OutboxDraft, sink: String, devices: DeviceKind, at now: Date, _ session: PostgresSession) throws {
        // An update's or end's devices are matched by activity, `$6` (a start binds no `$6`:
        // a parameter the statement never reads has no type, and the server refuses it).
        let owed = event.kind == .start ? "" : """
             AND (EXISTS (SELECT 1 FROM device_push p JOIN outbox o ON o.id = p.event_id
                          WHERE o.activity_id = $6 AND o.kind = 'start' AND p.device_id = d.id)
                  OR EXISTS (SELECT 1 FROM activity_device a WHERE a.activity_id = $6 AND a.device_id = d.id))
            """
        let body = event.devicePayloads.first(where: { $0.sink == sink })
        var parameters: [PostgresValue] = [.int(eventID), .text(sink), now.stored, .int(event.registrationID), PostgresValue(body?.storageBytes)]
        if event.kind != .start { parameters.append(.text(event.activityID)) }
        try session.execute("""
            WITH filed AS (
                INSERT INTO device_push (event_id, device_id, sink, status, updated_at)
                SELECT $1::bigint, d.id, $2::text, 'pending', $3 FROM device d
                JOIN registration r ON r.sleeper_user_id = d.sleeper_user_id
                WHERE r.id = $4 AND d.removed_at IS NULL AND \(SQLiteStore.deviceKindCondition(devices))\(owed)
                RETURNING 1
            )
            INSERT INTO device_push_body (event_id, sink, body)
            SELECT $1::bigint, $2::text, $5::bytea WHERE $5::bytea IS NOT NULL AND EXISTS (SELECT 1 FROM filed)
            """, parameters)
    }

    /// Deletes the events committed before `before` that are settled everywhere, as the SQLite
    /// store does (see its `pruneOutbox`): no delivery pending, no device push pending or on
    /// the wire; with their rows, and the tokens of activities left with no event. One
    /// transaction; the events' ids are kept in a temporary table dropped at its commit.
    @discardableResult
    public func pruneOutbox(before: Date) throws(StoreError) -> Int {
        try transaction { session in
            try session.execute("CREATE TEMPORARY TABLE pruned_event (id bigint PRIMARY KEY) ON COMMIT DROP")
            let count = try session.execute("""
                INSERT INTO pruned_event (id)
                SELECT o.id FROM outbox o
                WHERE o.mode IN ($1, $2) AND o.at < $3
                  AND NOT EXISTS (SELECT 1 FROM delivery d WHERE d.event_id = o.id AND d.status = 'pending')
                  AND NOT EXISTS (SELECT 1 FROM device_push p WHERE p.event_id = o.id AND p.status IN ('pending', 'sending'))
                """, [.text(PassMode.live.rawValue), .text(PassMode.dryRun.rawValue), before.stored]).affectedRows
            guard count > 0 else { return 0 }
            for table in ["delivery", "device_push", "device_push_body"] {
                try session.execute("DELETE FROM \(table) WHERE event_id IN (SELECT id FROM pruned_event)")
            }
            try session.execute("DELETE FROM outbox WHERE id IN (SELECT id FROM pruned_event)")
            try session.execute("DELETE FROM activity_device a WHERE NOT EXISTS (SELECT 1 FROM outbox o WHERE o.activity_id = a.activity_id)")
            return count
        }
    }
}
