import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore: PassHistoryStore {
    /// Records the pass that just ended: its summary and the instant `/readyz` reads, in one
    /// transaction (each an upsert: two pollers recording at once leave one's pair whole).
    public func recordPass(_ summary: PassSummary) throws(StoreError) {
        let text = try encodingJSON(summary, what: "the pass summary")
        try transaction { session in
            try Self.setMeta(Self.lastPassSummaryKey, text, session)
            try Self.setMeta(Self.lastPassKey, String(summary.at.timeIntervalSince1970), session)
        }
    }

    /// Records that a pass finished at `now` (no summary).
    public func recordPass(at now: Date) throws(StoreError) {
        try transaction { session in try Self.setMeta(Self.lastPassKey, String(now.timeIntervalSince1970), session) }
    }

    /// The last pass's summary; `nil` before the first, or one this version cannot read.
    public func lastPass() throws(StoreError) -> PassSummary? {
        try jsonMeta(Self.lastPassSummaryKey, or: PassSummary?.none)
    }

    /// When the last pass finished (`/readyz`); `nil` before the first.
    public func lastPassAt() throws(StoreError) -> Date? {
        let text = try transaction { session in try Self.meta(Self.lastPassKey, session) }
        return text.flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }

    /// Pushes sent since `start`, per sink: events delivered to the whole-event sinks and
    /// pushes sent to devices, one statement over both tables.
    public func pushes(since start: Date) throws(StoreError) -> [(sink: String, count: Int)] {
        // `COLLATE "C"`: byte order, as SQLite sorts text, whatever the database's locale.
        let rows = try execute("""
            SELECT sink, sum(n)::bigint AS n FROM (
                SELECT sink, count(*) AS n FROM delivery WHERE status = 'delivered' AND updated_at >= $1 GROUP BY sink
                UNION ALL
                SELECT sink, count(*) AS n FROM device_push WHERE status = 'sent' AND updated_at >= $1 GROUP BY sink
            ) AS sent GROUP BY sink ORDER BY sink COLLATE "C"
            """, [start.stored])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in (sink: try row.value("sink"), count: try row.value("n")) }
        }
    }
}

extension PostgresStore {
    /// The meta keys of the last pass's summary and instant: the SQLite store's.
    static let lastPassSummaryKey = "last_pass"
    static let lastPassKey = "last_pass_at"
}
