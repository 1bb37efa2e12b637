import Foundation
import GRDB
import SidelineCore
import SidelineDelivery

/// A user's choice of activity scope and their pinned league (`sideline users scope`).
public struct PersonSettings: Sendable, Hashable {
    public let scope: ActivityScope
    /// The league the person's activity highlights while it is shown (`nil`: the most relevant).
    public let pinnedLeagueID: String?

    public init(scope: ActivityScope, pinnedLeagueID: String? = nil) {
        self.scope = scope
        self.pinnedLeagueID = pinnedLeagueID
    }

    /// Users without a row (none after migration v14) are read as before it: per league.
    public static let unset = PersonSettings(scope: .league)
}

/// Which person lifecycle row: one per Sleeper user, NFL week and mode.
public struct PersonKey: Sendable, Hashable {
    public let sleeperUserID: String
    public let week: WeekKey
    public let mode: PassMode

    public init(sleeperUserID: String, week: WeekKey, mode: PassMode) {
        self.sleeperUserID = sleeperUserID
        self.week = week
        self.mode = mode
    }
}

/// A person's lifecycle as stored: the state, when its last moment that matters went out
/// (the one-per-5-minutes spacing of priority-10 pushes), and the registration its events
/// are filed under (the outbox names a registration; devices are found through its user).
public struct PersonRow: Sendable, Hashable, Codable {
    public let state: PersonLifecycleState
    public let lastMomentAt: Date?
    public let anchorRegistrationID: Int64
    /// Who it is, as last seen (an end after their last league was removed still names them).
    public let person: PersonIdentity

    public init(state: PersonLifecycleState, lastMomentAt: Date?, anchorRegistrationID: Int64, person: PersonIdentity) {
        self.state = state
        self.lastMomentAt = lastMomentAt
        self.anchorRegistrationID = anchorRegistrationID
        self.person = person
    }

    /// The fields the scheduler keeps between passes (when the row next needs a step).
    public var header: LifecycleRow.Header {
        let activity = state.activity
        let graceSince: Date? = if case .grace(let since) = activity?.phase { since } else { nil }
        return LifecycleRow.Header(activityStartedAt: activity?.startedAt, lastEventAt: activity?.lastEventAt, graceSince: graceSince)
    }

    enum CodingKeys: String, CodingKey {
        case state
        case lastMomentAt = "last_moment_at"
        case anchorRegistrationID = "anchor"
        case person
    }
}

extension SQLiteStore {
    /// Every user's scope and pin, by Sleeper user id.
    public func personSettings() throws(StoreError) -> [String: PersonSettings] {
        try read { db in
            var result: [String: PersonSettings] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT sleeper_user_id, scope, pinned_league_id FROM person") {
                result[row[0]] = PersonSettings(scope: ActivityScope(rawValue: row[1]) ?? .league, pinnedLeagueID: row[2])
            }
            return result
        }
    }

    /// Sets a user's scope (and pin: `nil` clears it). The pass reads it when nothing of the
    /// user's is open (ADR 039).
    public func setPersonSettings(sleeperUserID: String, _ settings: PersonSettings, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO person (sleeper_user_id, scope, pinned_league_id, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(sleeper_user_id) DO UPDATE SET scope = excluded.scope, pinned_league_id = excluded.pinned_league_id, updated_at = excluded.updated_at
                """, arguments: [sleeperUserID, settings.scope.rawValue, settings.pinnedLeagueID, now.seconds])
        }
    }

    /// The headers of every open person row of `mode` and every row of `week`: read without
    /// decoding the rows' views (the scheduler keeps only these between passes).
    public func personHeaders(mode: PassMode, week: WeekKey) throws(StoreError) -> [PersonKey: LifecycleRow.Header] {
        var headers: [PersonKey: LifecycleRow.Header] = [:]
        try scanPersonRows(mode: mode, week: week) { key, bytes in
            headers[key] = try Self.decodingPersonRow { () throws -> LifecycleRow.Header in
                Self.isJSON(bytes) ? try JSONDecoder().decode(PersonRow.self, from: Data(bytes)).header : try CompactRows.personHeader(bytes)
            }
        }
        return headers
    }

    /// The rows behind ``personHeaders(mode:week:)``, decoded.
    public func personRows(mode: PassMode, week: WeekKey) throws(StoreError) -> [PersonKey: PersonRow] {
        var rows: [PersonKey: PersonRow] = [:]
        try scanPersonRows(mode: mode, week: week) { key, bytes in rows[key] = try Self.personRow(bytes) }
        return rows
    }

    private func scanPersonRows(mode: PassMode, week: WeekKey, _ body: (PersonKey, [UInt8]) throws -> Void) throws(StoreError) {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT sleeper_user_id, week_key, state FROM person_lifecycle WHERE mode = ? AND (is_open = 1 OR week_key = ?)",
                                           arguments: [mode.rawValue, week.storageKey])
            while let row = try rows.next() {
                guard let week = WeekKey(storageKey: row[1]) else { continue }
                let data: Data = row[2]
                try body(PersonKey(sleeperUserID: row[0], week: week, mode: mode), [UInt8](data))
            }
        }
    }

    /// The rows of the given keys that exist: one primary-key lookup each through one
    /// prepared statement, as the league rows are read (``lifecycleRows(_:)``).
    public func personRows(_ keys: some Sequence<PersonKey>) throws(StoreError) -> [PersonKey: PersonRow] {
        try read { db in
            let select = try BulkStatement(db, sql: "SELECT state FROM person_lifecycle WHERE sleeper_user_id = ? AND week_key = ? AND mode = ?")
            var weekKeys: [WeekKey: String] = [:]
            var result: [PersonKey: PersonRow] = [:]
            for key in keys {
                let week = weekKeys[key.week] ?? key.week.storageKey
                weekKeys[key.week] = week
                let bytes = try select.firstBlob(column: 0) { bind in
                    bind.text(1, key.sleeperUserID)
                    bind.text(2, week)
                    bind.text(3, key.mode.rawValue)
                }
                guard let bytes else { continue }
                result[key] = try Self.personRow(bytes)
            }
            return result
        }
    }

    /// A stored person row: compact bytes (CompactRows+Person.swift), or JSON as
    /// the first builds of the person scope wrote them (a JSON row starts with `{`, which is
    /// no compact version).
    package static func personRow(_ bytes: [UInt8]) throws(StoreError) -> PersonRow {
        try decodingPersonRow { () throws -> PersonRow in
            isJSON(bytes) ? try JSONDecoder().decode(PersonRow.self, from: Data(bytes)) : try CompactRows.personRow(bytes)
        }
    }

    /// The same, from a column read as `Data` (the PostgreSQL store keeps the same bytes).
    package static func personRow(_ data: Data) throws(StoreError) -> PersonRow {
        try personRow([UInt8](data))
    }

    private static func isJSON(_ bytes: [UInt8]) -> Bool { bytes.first == UInt8(ascii: "{") }

    private static func decodingPersonRow<T>(_ decode: () throws -> T) throws(StoreError) -> T {
        do { return try decode() } catch {
            throw StoreError("a stored person lifecycle does not read back (\(error)); `sideline users scope <username> league` and back starts it afresh")
        }
    }

    static func savePersonRows(_ rows: [PersonKey: PersonRow], at now: Date, _ db: Database) throws {
        guard !rows.isEmpty else { return }
        let upsert = try BulkStatement(db, sql: """
            INSERT INTO person_lifecycle (sleeper_user_id, week_key, mode, state, is_open, anchor_registration_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(sleeper_user_id, week_key, mode) DO UPDATE SET state = excluded.state, is_open = excluded.is_open,
                anchor_registration_id = excluded.anchor_registration_id, updated_at = excluded.updated_at
            """)
        for (key, row) in rows {
            try upsert.run { bind in
                bind.text(1, key.sleeperUserID)
                bind.text(2, key.week.storageKey)
                bind.text(3, key.mode.rawValue)
                bind.blob(4, CompactRows.encode(row))
                bind.bool(5, row.state.isOpen)
                bind.int(6, row.anchorRegistrationID)
                bind.double(7, now.seconds)
            }
        }
    }
}

extension SQLiteStore {
    /// How many activities of a user are open now (person and league, both modes): a scope
    /// change waits for them to end.
    public func openActivityCount(sleeperUserID: String) throws(StoreError) -> Int {
        try read { db in
            let person = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM person_lifecycle WHERE sleeper_user_id = ? AND is_open = 1 AND mode = 'live'", arguments: [sleeperUserID]) ?? 0
            let leagues = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM lifecycle l JOIN registration r ON r.id = l.registration_id
                WHERE r.sleeper_user_id = ? AND r.removed_at IS NULL AND l.is_open = 1 AND l.mode = 'live'
                """, arguments: [sleeperUserID]) ?? 0
            return person + leagues
        }
    }
}
