import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore: PersonStore, PersonAdminStore {
    /// Every user's scope and pin, by Sleeper user id.
    public func personSettings() throws(StoreError) -> [String: PersonSettings] {
        let rows = try execute("SELECT sleeper_user_id, scope, pinned_league_id FROM person")
        return try decoding { () throws(PostgresError) in
            var result: [String: PersonSettings] = [:]
            for row in rows {
                result[try row.value("sleeper_user_id")] = PersonSettings(scope: ActivityScope(rawValue: try row.value("scope")) ?? .league,
                                                                          pinnedLeagueID: try row.value("pinned_league_id"))
            }
            return result
        }
    }

    /// Sets a user's scope (and pin: `nil` clears it).
    public func setPersonSettings(sleeperUserID: String, _ settings: PersonSettings, at now: Date) throws(StoreError) {
        try execute("""
            INSERT INTO person (sleeper_user_id, scope, pinned_league_id, updated_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (sleeper_user_id) DO UPDATE SET scope = excluded.scope, pinned_league_id = excluded.pinned_league_id, updated_at = excluded.updated_at
            """, [.text(sleeperUserID), .text(settings.scope.rawValue), PostgresValue(settings.pinnedLeagueID), now.stored])
    }

    /// The headers of every open person row of `mode` and every row of `week`.
    public func personHeaders(mode: PassMode, week: WeekKey) throws(StoreError) -> [PersonKey: LifecycleRow.Header] {
        try personRows(mode: mode, week: week).mapValues(\.header)
    }

    /// The rows behind ``personHeaders(mode:week:)``, decoded.
    public func personRows(mode: PassMode, week: WeekKey) throws(StoreError) -> [PersonKey: PersonRow] {
        let rows = try execute("SELECT sleeper_user_id, week_key, state FROM person_lifecycle WHERE mode = $1 AND (is_open OR week_key = $2)",
                               [.text(mode.rawValue), .text(week.storageKey)])
        return try decodingJSON { () throws in
            var result: [PersonKey: PersonRow] = [:]
            for row in rows {
                guard let week = WeekKey(storageKey: try row.value("week_key")) else { continue }
                result[PersonKey(sleeperUserID: try row.value("sleeper_user_id"), week: week, mode: mode)] = try SQLiteStore.personRow(try row.value("state"))
            }
            return result
        }
    }

    /// The rows of the given keys that exist: one statement for the whole set (issue 31),
    /// the keys bound as one JSON parameter and joined as rows.
    public func personRows(_ keys: some Sequence<PersonKey>) throws(StoreError) -> [PersonKey: PersonRow] {
        var wanted: [String: PersonKey] = [:]
        for key in keys { wanted[Self.identity(key.sleeperUserID, key.week.storageKey, key.mode.rawValue)] = key }
        guard !wanted.isEmpty else { return [:] }
        let parameter = try PostgresKeySet.parameter(wanted.values.map { [$0.sleeperUserID, $0.week.storageKey, $0.mode.rawValue] })
        let rows = try execute("""
            SELECT p.sleeper_user_id, p.week_key, p.mode, p.state FROM person_lifecycle p
            JOIN jsonb_array_elements($1::jsonb) AS k (key)
                ON p.sleeper_user_id = k.key ->> 0 AND p.week_key = k.key ->> 1 AND p.mode = k.key ->> 2
            """, [parameter])
        return try decodingJSON { () throws in
            var result: [PersonKey: PersonRow] = [:]
            for row in rows {
                let identity = Self.identity(try row.value("sleeper_user_id"), try row.value("week_key"), try row.value("mode"))
                guard let key = wanted[identity] else { continue }
                result[key] = try SQLiteStore.personRow(try row.value("state"))
            }
            return result
        }
    }

    /// How many activities of a user are open now (person and league, live mode): a scope
    /// change waits for them to end.
    public func openActivityCount(sleeperUserID: String) throws(StoreError) -> Int {
        let rows = try execute("""
            SELECT (SELECT count(*) FROM person_lifecycle WHERE sleeper_user_id = $1 AND is_open AND mode = 'live')
                 + (SELECT count(*) FROM lifecycle l JOIN registration r ON r.id = l.registration_id
                    WHERE r.sleeper_user_id = $1 AND r.removed_at IS NULL AND l.is_open AND l.mode = 'live') AS open
            """, [.text(sleeperUserID)])
        return try decoding { () throws(PostgresError) in try rows.first?.value("open") ?? 0 }
    }
}

extension PostgresStore {
    /// A person key's columns as one value (a unit separator between them: none of them
    /// holds one), to match the rows read back to the keys asked for.
    static func identity(_ user: String, _ week: String, _ mode: String) -> String { "\(user)\u{1F}\(week)\u{1F}\(mode)" }

    /// Saves person rows inside an open transaction (the pass's commit).
    static func savePersonRows(_ rows: [PersonKey: PersonRow], at now: Date, _ session: PostgresSession) throws {
        for (key, row) in rows {
            try session.execute("""
                INSERT INTO person_lifecycle (sleeper_user_id, week_key, mode, state, is_open, anchor_registration_id, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
                ON CONFLICT (sleeper_user_id, week_key, mode) DO UPDATE SET state = excluded.state, is_open = excluded.is_open,
                    anchor_registration_id = excluded.anchor_registration_id, updated_at = excluded.updated_at
                """, [.text(key.sleeperUserID), .text(key.week.storageKey), .text(key.mode.rawValue), .bytes(Data(CompactRows.encode(row))),  // the same bytes SQLite keeps
                      .bool(row.state.isOpen), .int(row.anchorRegistrationID), now.stored])
        }
    }
}
