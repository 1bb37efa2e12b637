import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

/// The feeds the leader stores for every poller (issue 32) never go back in time: a leader
/// paused past its lease that comes back with an answer older than the new leader's leaves
/// the newer one in place (`WHERE … fetched_at <= excluded.fetched_at`), as a lost league
/// lease's matchups answer is refused by its fence.
extension PostgresStore: FeedStore {
    public func nflState() throws(StoreError) -> (state: NFLState, fetchedAt: Date)? {
        guard let row = try execute("SELECT json, fetched_at FROM nfl_state WHERE id = 1").first else { return nil }
        return try decodingJSON { () throws in
            (try PostgresJSON.decode(NFLState.self, from: try row.value("json")), Date(timeIntervalSince1970: try row.value("fetched_at")))
        }
    }

    public func saveNFLState(_ state: NFLState, fetchedAt: Date) throws(StoreError) {
        try execute("""
            INSERT INTO nfl_state (id, json, fetched_at) VALUES (1, $1, $2)
            ON CONFLICT (id) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at
                WHERE nfl_state.fetched_at <= excluded.fetched_at
            """, [.text(try encodingJSON(state)), fetchedAt.stored])
    }

    public func schedule(_ week: WeekKey) throws(StoreError) -> (schedule: WeekSchedule, fetchedAt: Date)? {
        guard let row = try execute("SELECT json, fetched_at FROM schedule WHERE week_key = $1", [.text(week.storageKey)]).first else { return nil }
        return try decodingJSON { () throws in
            (try PostgresJSON.decode(WeekSchedule.self, from: try row.value("json")), Date(timeIntervalSince1970: try row.value("fetched_at")))
        }
    }

    public func saveSchedule(_ schedule: WeekSchedule, for week: WeekKey, fetchedAt: Date) throws(StoreError) {
        try execute("""
            INSERT INTO schedule (week_key, json, fetched_at) VALUES ($1, $2, $3)
            ON CONFLICT (week_key) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at
                WHERE schedule.fetched_at <= excluded.fetched_at
            """, [.text(week.storageKey), .text(try encodingJSON(schedule)), fetchedAt.stored])
    }

    public func cachedResponse(url: String) throws(StoreError) -> (etag: String, body: Data)? {
        guard let row = try execute("SELECT etag, body FROM http_cache WHERE url = $1", [.text(url)]).first else { return nil }
        return try decoding { () throws(PostgresError) in (try row.value("etag"), try row.value("body")) }
    }

    public func saveCachedResponse(url: String, etag: String, body: Data) throws(StoreError) {
        try execute("""
            INSERT INTO http_cache (url, etag, body) VALUES ($1, $2, $3)
            ON CONFLICT (url) DO UPDATE SET etag = excluded.etag, body = excluded.body
            """, [.text(url), .text(etag), .bytes(body)])
    }

    /// Where game statuses came from last, and why (ADR 030); the scores feed when never
    /// said, or in a row this version cannot read (at worst one switch is logged twice).
    public func gameStatusSource() throws(StoreError) -> GameStatusSourceState {
        try jsonMeta(Self.gameStatusSourceKey, or: GameStatusSourceState())
    }

    public func saveGameStatusSource(_ state: GameStatusSourceState) throws(StoreError) {
        try setJSONMeta(Self.gameStatusSourceKey, state, what: "where game statuses come from")
    }
}

extension PostgresStore {
    /// The meta key of the game-status source: the SQLite store's.
    static let gameStatusSourceKey = "game-status-source"

    /// A JSON state kept in `meta` between passes; `fallback` when there is none, or one this
    /// version cannot read: such a state says nothing, and the next pass judges afresh.
    func jsonMeta<Value: Decodable>(_ key: String, or fallback: Value) throws(StoreError) -> Value {
        let rows = try execute("SELECT value FROM meta WHERE key = $1", [.text(key)])
        guard let text = try decoding({ () throws(PostgresError) in try rows.first?.value("value", as: String.self) }) else { return fallback }
        // Unreadable (a newer shape): the fallback, as on SQLite; the next pass stores it anew.
        return (try? PostgresJSON.decode(Value.self, from: text)) ?? fallback
    }

    /// Stores `value` as JSON in `meta`; `what` names it in the error.
    func setJSONMeta<Value: Encodable>(_ key: String, _ value: Value, what: String) throws(StoreError) {
        let text = try encodingJSON(value, what: what)
        try transaction { session in try Self.setMeta(key, text, session) }
    }

    /// `value` as the JSON text its column holds.
    func encodingJSON<Value: Encodable>(_ value: Value, what: String? = nil) throws(StoreError) -> String {
        do {
            return try PostgresJSON.encode(value)
        } catch {
            throw StoreError("could not encode \(what ?? "\(Value.self)"): \(error)")
        }
    }

    /// Decodes a row holding JSON: a row this version cannot read is a read error, as in SQLite.
    func decodingJSON<Value>(_ body: () throws -> Value) throws(StoreError) -> Value {
        do {
            return try body()
        } catch {
            throw StoreError("database read failed: \(error)")
        }
    }
}
