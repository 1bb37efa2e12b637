import Foundation
import GRDB
import SidelineCore
import SidelineDelivery

/// Which lifecycle row: one per registration, NFL week and mode.
public struct LifecycleKey: Sendable, Hashable {
    public let registrationID: Int64
    public let week: WeekKey
    public let mode: PassMode

    public init(registrationID: Int64, week: WeekKey, mode: PassMode) {
        self.registrationID = registrationID
        self.week = week
        self.mode = mode
    }
}

/// An event to put in the outbox, with the JSON the sinks will receive.
public struct OutboxDraft: Sendable, Hashable {
    public let mode: PassMode
    public let registrationID: Int64
    public let activityID: String
    public let kind: LifecycleEventKind
    public let reason: LifecycleReason
    public let at: Date
    public let payload: Data
    /// Each device sink's push, encoded once here (none when no device sink is on): kept
    /// beside the event only if a device of that sink is owed it.
    public let devicePayloads: [DevicePayload]

    public init(mode: PassMode, registrationID: Int64, activityID: String, kind: LifecycleEventKind, reason: LifecycleReason, at: Date, payload: Data, devicePayloads: [DevicePayload] = []) {
        self.mode = mode
        self.registrationID = registrationID
        self.activityID = activityID
        self.kind = kind
        self.reason = reason
        self.at = at
        self.payload = payload
        self.devicePayloads = devicePayloads
    }
}

extension SQLiteStore {
    /// The lifecycle rows a pass needs: every open one (an activity still in grace when the
    /// week flips finishes its own lifecycle) and every one of `week`.
    public func lifecycleStates(mode: PassMode, week: WeekKey) throws(StoreError) -> [LifecycleKey: LifecycleState] {
        var states: [LifecycleKey: LifecycleState] = [:]
        for (key, row) in try lifecycleRows(mode: mode, week: week) { states[key] = try row.state() }
        return states
    }

    /// The same rows still encoded.
    public func lifecycleRows(mode: PassMode, week: WeekKey) throws(StoreError) -> [LifecycleKey: LifecycleRow] {
        try read { db in
            var result: [LifecycleKey: LifecycleRow] = [:]
            try Self.scanPassRows(mode: mode, week: week, db) { key, bytes in result[key] = try LifecycleRow(bytes: bytes) }
            return result
        }
    }

    /// Only the headers of those rows: what the scheduler keeps in memory between passes.
    public func lifecycleHeaders(mode: PassMode, week: WeekKey) throws(StoreError) -> [LifecycleKey: LifecycleRow.Header] {
        try read { db in
            var result: [LifecycleKey: LifecycleRow.Header] = [:]
            try Self.scanPassRows(mode: mode, week: week, db) { key, bytes in result[key] = try LifecycleRow.header(of: bytes) }
            return result
        }
    }

    /// The full rows of the given keys (those that exist): the ones a pass is about to step.
    public func lifecycleRows(_ keys: some Sequence<LifecycleKey>) throws(StoreError) -> [LifecycleKey: LifecycleRow] {
        // One statement per week and mode and ``SetRead/chunkSize`` registrations, each a
        // primary-key lookup per id (issue 31): a slice of a kickoff pass is one read.
        var groups: [PassRowGroup: [Int64]] = [:]
        for key in keys { groups[PassRowGroup(week: key.week, mode: key.mode), default: []].append(key.registrationID) }
        return try read { db in
            var result: [LifecycleKey: LifecycleRow] = [:]
            for (group, ids) in groups {
                let week = group.week.storageKey
                try SetRead.chunked(ids) { chunk in
                    let statement = try SetRead.statement(db, { "SELECT registration_id, state FROM lifecycle WHERE week_key = ? AND mode = ? AND registration_id IN (\($0))" }, count: chunk.count)
                    let rows = try Row.fetchCursor(statement, arguments: StatementArguments([week, group.mode.rawValue] + chunk.map { $0 as (any DatabaseValueConvertible) }))
                    while let row = try rows.next() {
                        let key = LifecycleKey(registrationID: row[0], week: group.week, mode: group.mode)
                        result[key] = try LifecycleRow(bytes: Array(row.dataNoCopy(atIndex: 1) ?? Data()))
                    }
                }
            }
            return result
        }
    }

    /// The rows of one week and mode, read together.
    private struct PassRowGroup: Hashable {
        let week: WeekKey
        let mode: PassMode
    }

    /// Every open row of `mode` and every one of `week`, of registrations not removed.
    private static func scanPassRows(mode: PassMode, week: WeekKey, _ db: Database, _ body: (LifecycleKey, [UInt8]) throws -> Void) throws {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT l.registration_id, l.week_key, l.state FROM lifecycle l
            JOIN registration r ON r.id = l.registration_id AND r.removed_at IS NULL
            WHERE l.mode = ? AND (l.is_open = 1 OR l.week_key = ?)
            """, arguments: [mode.rawValue, week.storageKey])
        try scan(rows, mode: mode, body)
    }

    /// Walks `registration_id, week_key, state` rows, parsing each week key once.
    private static func scan(_ cursor: RowCursor, mode: PassMode, _ body: (LifecycleKey, [UInt8]) throws -> Void) throws {
        var weeks: [String: WeekKey] = [:]
        while let row = try cursor.next() {
            let text: String = row["week_key"]
            guard let week = weeks[text] ?? WeekKey(storageKey: text) else { continue }
            weeks[text] = week
            try body(LifecycleKey(registrationID: row["registration_id"], week: week, mode: mode), Array(row.dataNoCopy(atIndex: 2) ?? Data()))
        }
    }

    /// Every open lifecycle row of a registration, in both modes.
    public func openLifecycleStates(registrationID: Int64) throws(StoreError) -> [LifecycleKey: LifecycleState] {
        let rows = try read { db in
            var result: [LifecycleKey: LifecycleRow] = [:]
            for mode in [PassMode.live, .dryRun] {
                let rows = try Row.fetchCursor(try db.cachedStatement(sql: "SELECT registration_id, week_key, state FROM lifecycle WHERE registration_id = ? AND mode = ? AND is_open = 1"), arguments: [registrationID, mode.rawValue])
                try Self.scan(rows, mode: mode) { key, bytes in result[key] = try LifecycleRow(bytes: bytes) }
            }
            return result
        }
        var states: [LifecycleKey: LifecycleState] = [:]
        for (key, row) in rows { states[key] = try row.state() }
        return states
    }

    /// Commits a pass's lifecycle states and the events they produced, with one pending
    /// delivery per event and sink, in a single transaction: after this, a crash loses
    /// nothing and a rerun of the pass recomputes from the new states (no double start).
    @discardableResult
    public func commitPass(states: [LifecycleKey: LifecycleState], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date) throws(StoreError) -> [Int64] {
        try commitPass(rows: states.mapValues(LifecycleRow.init), events: events, sinks: sinks, at: now)
    }

    /// The same, with the states already encoded (the scheduler keeps the rows it commits).
    @discardableResult
    public func commitPass(rows: [LifecycleKey: LifecycleRow], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date) throws(StoreError) -> [Int64] {
        try commitPass(rows: rows, personRows: [:], events: events, sinks: sinks, at: now)
    }

    /// The same, with person lifecycle rows too (ADR 039): all in one transaction.
    @discardableResult
    public func commitPass(rows: [LifecycleKey: LifecycleRow], personRows: [PersonKey: PersonRow], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date) throws(StoreError) -> [Int64] {
        try write { db in
            try Self.savePersonRows(personRows, at: now, db)
            return try Self.commit(rows: rows, events: events, sinks: sinks, at: now, db)
        }
    }

    /// Ends a registration: its final events are committed with the removal, atomically.
    /// `sinks` are the targets each mode's events are owed to.
    public func removeRegistration(id: Int64, states: [LifecycleKey: LifecycleState], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date) throws(StoreError) {
        try write { db in
            _ = try Self.commit(rows: states.mapValues(LifecycleRow.init), events: events, sinks: sinks, at: now, db)
            try db.execute(sql: "UPDATE registration SET removed_at = ? WHERE id = ?", arguments: [now.seconds, id])
        }
    }

    static func commit(rows: [LifecycleKey: LifecycleRow], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date, _ db: Database) throws -> [Int64] {
        // Prepared once per transaction: a kickoff pass writes tens of thousands of rows.
        let upsert = try BulkStatement(db, sql: """
            INSERT INTO lifecycle (registration_id, week_key, mode, state, is_open, updated_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(registration_id, week_key, mode) DO UPDATE SET state = excluded.state, is_open = excluded.is_open, updated_at = excluded.updated_at
            """)
        var weekKeys: [WeekKey: String] = [:]
        // In primary-key order: neighbouring rows share pages, so a kickoff's thousands of
        // upserts walk the table once instead of hopping across it in hash order.
        for (key, row) in rows.sorted(by: { ($0.key.registrationID, $0.key.week) < ($1.key.registrationID, $1.key.week) }) {
            let week = weekKeys[key.week] ?? key.week.storageKey
            weekKeys[key.week] = week
            try upsert.run { bind in
                bind.int(1, key.registrationID)
                bind.text(2, week)
                bind.text(3, key.mode.rawValue)
                bind.blob(4, row.bytes)
                bind.bool(5, row.isOpen)
                bind.double(6, now.seconds)
            }
        }
        let insertEvent = try BulkStatement(db, sql: """
            INSERT INTO outbox (registration_id, activity_id, mode, kind, reason, at, payload, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertDelivery = try db.cachedStatement(sql: "INSERT INTO delivery (event_id, sink, status, updated_at) VALUES (?, ?, 'pending', ?)")
        var ids: [Int64] = []
        for event in events {
            try insertEvent.run(text: event.payload, at: 7) { bind in
                bind.int(1, event.registrationID)
                bind.text(2, event.activityID)
                bind.text(3, event.mode.rawValue)
                bind.text(4, event.kind.rawValue)
                bind.text(5, event.reason.rawValue)
                bind.double(6, event.at.seconds)
                bind.double(8, now.seconds)
            }
            let id = db.lastInsertedRowID
            ids.append(id)
            // Filed by each target's addressing (ADR 031), under its name.
            for route in sinks[event.mode] ?? [] {
                switch route.addressing {
                case .wholeEvent: try insertDelivery.execute(arguments: [id, route.sink, now.seconds])
                case .perDevice(let kind): try insertDevicePushes(eventID: id, event: event, sink: route.sink, devices: kind, at: now, db)
                }
            }
        }
        return ids
    }
}
