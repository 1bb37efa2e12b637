import Foundation
import GRDB
import SidelineCore

/// A league's latest matchups for a week, and when they were fetched.
public struct StoredSnapshot: Sendable, Hashable {
    public let entries: [MatchupEntry]
    public let fetchedAt: Date
    /// Each starter's stat-feed points at the fetch of `entries` (``LivePointsBlend``);
    /// `nil` when the stats feed was not in use then.
    public let statsBaseline: [String: Double]?

    public init(entries: [MatchupEntry], fetchedAt: Date, statsBaseline: [String: Double]? = nil) {
        self.entries = entries
        self.fetchedAt = fetchedAt
        self.statsBaseline = statsBaseline
    }
}

/// A league's matchups answer to store: a new body with its ETag, or a 304.
public struct SnapshotUpdate: Sendable, Hashable {
    public let leagueID: String
    public let week: WeekKey
    /// `nil` for a 304: the stored snapshot is current as of `fetchedAt`.
    public let entries: [MatchupEntry]?
    public let etag: String?
    public let fetchedAt: Date
    /// The new body's stat-feed baseline (a 304 keeps the stored one with its entries).
    public let statsBaseline: [String: Double]?

    public init(leagueID: String, week: WeekKey, entries: [MatchupEntry]?, etag: String? = nil, fetchedAt: Date, statsBaseline: [String: Double]? = nil) {
        self.leagueID = leagueID
        self.week = week
        self.entries = entries
        self.etag = etag
        self.fetchedAt = fetchedAt
        self.statsBaseline = statsBaseline
    }
}

extension SQLiteStore {
    public func nflState() throws(StoreError) -> (state: NFLState, fetchedAt: Date)? {
        try read { db in
            guard let row = try Row.fetchOne(try db.cachedStatement(sql: "SELECT json, fetched_at FROM nfl_state WHERE id = 1")) else { return nil }
            return (try JSONColumn.decode(NFLState.self, from: row["json"]), Date(seconds: row["fetched_at"]))
        }
    }

    public func saveNFLState(_ state: NFLState, fetchedAt: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO nfl_state (id, json, fetched_at) VALUES (1, ?, ?)
                ON CONFLICT(id) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at
                """, arguments: [try JSONColumn.encode(state), fetchedAt.seconds])
        }
    }

    public func schedule(_ week: WeekKey) throws(StoreError) -> (schedule: WeekSchedule, fetchedAt: Date)? {
        try read { db in
            guard let row = try Row.fetchOne(try db.cachedStatement(sql: "SELECT json, fetched_at FROM schedule WHERE week_key = ?"), arguments: [week.storageKey]) else { return nil }
            return (try JSONColumn.decode(WeekSchedule.self, from: row["json"]), Date(seconds: row["fetched_at"]))
        }
    }

    public func saveSchedule(_ schedule: WeekSchedule, for week: WeekKey, fetchedAt: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO schedule (week_key, json, fetched_at) VALUES (?, ?, ?)
                ON CONFLICT(week_key) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at
                """, arguments: [week.storageKey, try JSONColumn.encode(schedule), fetchedAt.seconds])
        }
    }

    public func snapshot(leagueID: String, week: WeekKey) throws(StoreError) -> StoredSnapshot? {
        try read { db in
            guard let row = try Row.fetchOne(try db.cachedStatement(sql: "SELECT entries, fetched_at, stats_baseline FROM snapshot WHERE league_id = ? AND week_key = ?"), arguments: [leagueID, week.storageKey]) else { return nil }
            return try Self.snapshot(row)
        }
    }

    /// When each league's snapshot for `week` was fetched, without decoding the snapshots.
    public func snapshotTimes(week: WeekKey) throws(StoreError) -> [String: Date] {
        try read { db in
            var times: [String: Date] = [:]
            for row in try Row.fetchAll(try db.cachedStatement(sql: "SELECT league_id, fetched_at FROM snapshot WHERE week_key = ?"), arguments: [week.storageKey]) {
                times[row["league_id"]] = Date(seconds: row["fetched_at"])
            }
            return times
        }
    }

    /// The snapshots for `week` of the leagues in `leagueIDs`, decoded.
    /// One statement per ``SetRead/chunkSize`` leagues (issue 31).
    public func snapshots(week: WeekKey, leagueIDs: Set<String>) throws(StoreError) -> [String: StoredSnapshot] {
        try read { db in
            var result: [String: StoredSnapshot] = [:]
            try SetRead.chunked(Array(leagueIDs)) { chunk in
                let statement = try SetRead.statement(db, { "SELECT league_id, entries, fetched_at, stats_baseline FROM snapshot WHERE week_key = ? AND league_id IN (\($0))" }, count: chunk.count)
                let rows = try Row.fetchCursor(statement, arguments: StatementArguments([week.storageKey] + Array(chunk)))
                while let row = try rows.next() { result[row["league_id"]] = try Self.snapshot(row) }
            }
            return result
        }
    }

    /// The ETag of each league's stored snapshot for `week`, for the next conditional call.
    public func snapshotETags(week: WeekKey) throws(StoreError) -> [String: String] {
        try read { db in
            var etags: [String: String] = [:]
            for row in try Row.fetchAll(try db.cachedStatement(sql: "SELECT league_id, etag FROM snapshot WHERE week_key = ? AND etag IS NOT NULL"), arguments: [week.storageKey]) {
                etags[row["league_id"]] = row["etag"]
            }
            return etags
        }
    }

    /// One pass's matchups answers in one transaction. A new body replaces the entries and
    /// the ETag together, so the stored ETag always names the stored entries: a crash can
    /// never leave an ETag whose body was not kept (a later 304 would then hide it). The
    /// marks of answers that proved no lineup lock are set and cleared in the same
    /// transaction, so a mark always matches the answer stored beside it.
    public func saveSnapshots(_ items: [SnapshotUpdate], marks: [UnusableAnswerMark]) throws(StoreError) {
        guard !items.isEmpty || !marks.isEmpty else { return }
        try write { db in
            try Self.writeMarks(marks, db)
            let upsert = try db.cachedStatement(sql: """
                INSERT INTO snapshot (league_id, week_key, entries, etag, fetched_at, stats_baseline) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(league_id, week_key) DO UPDATE SET entries = excluded.entries, etag = excluded.etag, fetched_at = excluded.fetched_at,
                    stats_baseline = excluded.stats_baseline
                """)
            let touch = try db.cachedStatement(sql: "UPDATE snapshot SET fetched_at = ? WHERE league_id = ? AND week_key = ?")
            var weekKeys: [WeekKey: String] = [:]
            for item in items {
                let week = weekKeys[item.week] ?? item.week.storageKey
                weekKeys[item.week] = week
                if let entries = item.entries {
                    let baseline = try item.statsBaseline.map { try JSONColumn.encodeData($0) }
                    try upsert.execute(arguments: [item.leagueID, week, Data(CompactRows.encode(entries)), item.etag, item.fetchedAt.seconds, baseline])
                } else {
                    try touch.execute(arguments: [item.fetchedAt.seconds, item.leagueID, week])
                }
            }
        }
    }

    /// A snapshot row (`entries, fetched_at, stats_baseline`).
    static func snapshot(_ row: Row) throws -> StoredSnapshot {
        let baseline = try (row["stats_baseline"] as Data?).map { try JSONColumn.decode([String: Double].self, fromData: $0) }
        return StoredSnapshot(entries: try entries(row), fetchedAt: Date(seconds: row["fetched_at"]), statsBaseline: baseline)
    }

    /// A snapshot row's entries (compact format, see ``CompactRows``).
    static func entries(_ row: Row) throws -> [MatchupEntry] {
        try CompactRows.matchupEntries(Array(row.dataNoCopy(named: "entries") ?? Data()))
    }

    /// Every stored league (to warm the scheduler's cache).
    public func leagues(ids: Set<String>) throws(StoreError) -> [String: StoredLeague] {
        try read { db in
            var result: [String: StoredLeague] = [:]
            // One statement per ``SetRead/chunkSize`` leagues (issue 31).
            try SetRead.chunked(Array(ids)) { chunk in
                let statement = try SetRead.statement(db, { "SELECT league_id, json, team_names, scoring_refreshed_at FROM league WHERE league_id IN (\($0))" }, count: chunk.count)
                let rows = try Row.fetchCursor(statement, arguments: StatementArguments(Array(chunk)))
                while let row = try rows.next() { result[row["league_id"]] = try Self.league(row) }
            }
            return result
        }
    }

    /// SQLite's `data_version` on the writer connection: it changes when another connection
    /// (another process, or another store in this one) commits. The scheduler's caches are
    /// valid while it stays the same, since its own writes go through them.
    public func externalChangeToken() throws(StoreError) -> Int {
        try write { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    // MARK: - Small key/value facts

    public func meta(_ key: String) throws(StoreError) -> String? {
        try read { db in try String.fetchOne(try db.cachedStatement(sql: "SELECT value FROM meta WHERE key = ?"), arguments: [key]) }
    }

    public func setMeta(_ key: String, _ value: String) throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").execute(arguments: [key, value])
        }
    }

    /// A JSON value kept in `meta` (a pure state between passes: the live points' health,
    /// where game statuses come from); `fallback` when there is none, or one this version
    /// cannot read: such a state says nothing, and the next pass judges afresh.
    func jsonMeta<Value: Decodable>(_ key: String, or fallback: Value) throws(StoreError) -> Value {
        guard let text = try meta(key) else { return fallback }
        do {
            return try JSONColumn.decode(Value.self, from: text)
        } catch {
            return fallback
        }
    }

    /// Stores `value` as JSON in `meta`; `what` names it in the error.
    func setJSONMeta<Value: Encodable>(_ key: String, _ value: Value, what: String) throws(StoreError) {
        let text: String
        do {
            text = try JSONColumn.encode(value)
        } catch {
            throw StoreError("could not encode \(what): \(error)")
        }
        try setMeta(key, text)
    }

    // MARK: - HTTP cache (ETags)

    public func cachedResponse(url: String) throws(StoreError) -> (etag: String, body: Data)? {
        try read { db in
            guard let row = try Row.fetchOne(try db.cachedStatement(sql: "SELECT etag, body FROM http_cache WHERE url = ?"), arguments: [url]) else { return nil }
            return (row["etag"], row["body"])
        }
    }

    public func saveCachedResponse(url: String, etag: String, body: Data) throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: "INSERT INTO http_cache (url, etag, body) VALUES (?, ?, ?) ON CONFLICT(url) DO UPDATE SET etag = excluded.etag, body = excluded.body").execute(arguments: [url, etag, body])
        }
    }
}
