import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore: SnapshotStore {
    /// When each league's snapshot for `week` was fetched, without reading the snapshots.
    public func snapshotTimes(week: WeekKey) throws(StoreError) -> [String: Date] {
        let rows = try execute("SELECT league_id, fetched_at FROM snapshot WHERE week_key = $1", [.text(week.storageKey)])
        return try decoding { () throws(PostgresError) in
            var times: [String: Date] = [:]
            for row in rows { times[try row.value("league_id")] = Date(timeIntervalSince1970: try row.value("fetched_at")) }
            return times
        }
    }

    /// The ETag of each league's stored snapshot for `week`, for the next conditional call.
    public func snapshotETags(week: WeekKey) throws(StoreError) -> [String: String] {
        let rows = try execute("SELECT league_id, etag FROM snapshot WHERE week_key = $1 AND etag IS NOT NULL", [.text(week.storageKey)])
        return try decoding { () throws(PostgresError) in
            var etags: [String: String] = [:]
            for row in rows { etags[try row.value("league_id")] = try row.value("etag") }
            return etags
        }
    }

    /// The snapshots for `week` of the leagues in `leagueIDs`, decoded: one statement for
    /// the whole set (issue 31), the ids bound as one parameter.
    public func snapshots(week: WeekKey, leagueIDs: Set<String>) throws(StoreError) -> [String: StoredSnapshot] {
        guard !leagueIDs.isEmpty else { return [:] }
        let rows = try execute("""
            SELECT league_id, entries, fetched_at, stats_baseline FROM snapshot
            WHERE week_key = $1 AND league_id = ANY (\(PostgresKeySet.sql(2)))
            """, [.text(week.storageKey), try PostgresKeySet.parameter(leagueIDs)])
        return try decodingJSON { () throws in
            var result: [String: StoredSnapshot] = [:]
            for row in rows { result[try row.value("league_id")] = try Self.snapshot(row) }
            return result
        }
    }

    /// One pass's matchups answers and usability marks in one transaction, as in the SQLite
    /// store: a new body replaces the entries, the ETag and the baseline together (the
    /// stored ETag always names the stored entries); a 304 only moves the fetch time.
    public func saveSnapshots(_ items: [SnapshotUpdate], marks: [UnusableAnswerMark]) throws(StoreError) {
        try saveSnapshots(items, marks: marks, fences: [], clock: .database)
    }

    /// The same, fenced (issue 32): the leagues' leases are checked, and held `FOR SHARE`
    /// until the commit, before anything is written.
    public func saveSnapshots(_ items: [SnapshotUpdate], marks: [UnusableAnswerMark], fences: [LeaseFence], clock: LeaseClock) throws(StoreError) {
        guard !items.isEmpty || !marks.isEmpty else { return }
        let statements = try items.map { item throws(StoreError) -> (String, [PostgresValue]) in
            guard let entries = item.entries else {
                return ("UPDATE snapshot SET fetched_at = $1 WHERE league_id = $2 AND week_key = $3",
                        [item.fetchedAt.stored, .text(item.leagueID), .text(item.week.storageKey)])
            }
            let baseline = try item.statsBaseline.map { baseline throws(StoreError) in try encodingJSONData(baseline, what: "a stats baseline") }
            return ("""
                INSERT INTO snapshot (league_id, week_key, entries, etag, fetched_at, stats_baseline) VALUES ($1, $2, $3, $4, $5, $6)
                ON CONFLICT (league_id, week_key) DO UPDATE SET entries = excluded.entries, etag = excluded.etag,
                    fetched_at = excluded.fetched_at, stats_baseline = excluded.stats_baseline
                """, [.text(item.leagueID), .text(item.week.storageKey), .bytes(Data(CompactRows.encode(entries))), PostgresValue(item.etag),
                      item.fetchedAt.stored, PostgresValue(baseline)])
        }
        try transaction { session in
            try session.requireLeases(fences, clock: clock)
            try Self.writeMarks(marks, session)
            for (sql, parameters) in statements { try session.execute(sql, parameters) }
        }
    }

    /// When each league's latest matchups answer for `week` proved no lineup lock: the
    /// marks live in `meta` under the SQLite store's keys. `starts_with`, not a range on
    /// the key: a range's meaning depends on the database's collation.
    public func unusableAnswers(week: WeekKey) throws(StoreError) -> [String: Date] {
        let prefix = Self.unusablePrefix(week) + ":"
        let rows = try execute("SELECT key, value FROM meta WHERE starts_with(key, $1)", [.text(prefix)])
        return try decoding { () throws(PostgresError) in
            var marks: [String: Date] = [:]
            for row in rows {
                let key: String = try row.value("key")
                // A value that is not a number was not written by this code: no mark.
                guard let seconds = Double(try row.value("value", as: String.self)) else { continue }
                marks[String(key.dropFirst(prefix.count))] = Date(timeIntervalSince1970: seconds)
            }
            return marks
        }
    }

    /// One snapshot, for `status`, the demo and the tests.
    public func snapshot(leagueID: String, week: WeekKey) throws(StoreError) -> StoredSnapshot? {
        let rows = try execute("SELECT entries, fetched_at, stats_baseline FROM snapshot WHERE league_id = $1 AND week_key = $2",
                               [.text(leagueID), .text(week.storageKey)])
        guard let row = rows.first else { return nil }
        return try decodingJSON { () throws in try Self.snapshot(row) }
    }
}

extension PostgresStore {
    static func unusablePrefix(_ week: WeekKey) -> String { "unusable-matchups/\(week.storageKey)" }

    /// Sets and clears marks inside an open transaction (``saveSnapshots(_:marks:)``).
    static func writeMarks(_ marks: [UnusableAnswerMark], _ session: PostgresSession) throws(PostgresError) {
        for mark in marks {
            let key = "\(unusablePrefix(mark.week)):\(mark.leagueID)"
            if let at = mark.at {
                // The seconds as the SQLite store writes them (Swift's shortest round-trip text).
                try setMeta(key, String(at.timeIntervalSince1970), session)
            } else {
                try session.execute("DELETE FROM meta WHERE key = $1", [.text(key)])
            }
        }
    }

    /// A snapshot row (`entries, fetched_at, stats_baseline`), in the SQLite store's formats.
    static func snapshot(_ row: PostgresRow) throws -> StoredSnapshot {
        let baseline = try row.value("stats_baseline", as: Data?.self).map { try JSONColumn.decode([String: Double].self, fromData: $0) }
        return StoredSnapshot(entries: try CompactRows.matchupEntries(Array(try row.value("entries", as: Data.self))),
                              fetchedAt: Date(timeIntervalSince1970: try row.value("fetched_at")), statsBaseline: baseline)
    }

    /// `value` as the JSON bytes a `bytea` column holds (the SQLite store's encoding).
    func encodingJSONData<Value: Encodable>(_ value: Value, what: String) throws(StoreError) -> Data {
        do {
            return try JSONColumn.encodeData(value)
        } catch {
            throw StoreError("could not encode \(what): \(error)")
        }
    }
}
