import Foundation
import GRDB
import SidelineCore

extension SQLiteStore {
    /// The meta key the last pass's ``PassSummary`` is kept under (ADR 035).
    static let lastPassSummaryKey = "last_pass"

    /// Records the pass that just ended: its summary and the instant `/readyz` reads, in
    /// one transaction (the daemon and `tick` call it at the end of every pass).
    public func recordPass(_ summary: PassSummary) throws(StoreError) {
        let text: String
        do { text = try JSONColumn.encode(summary) } catch { throw StoreError("could not encode the pass summary: \(error)") }
        try write { db in
            let upsert = try db.cachedStatement(sql: "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
            try upsert.execute(arguments: [Self.lastPassSummaryKey, text])
            try upsert.execute(arguments: [Self.lastPassKey, String(summary.at.seconds)])
        }
    }

    /// The last pass's summary; `nil` before the first, or one this version cannot read.
    public func lastPass() throws(StoreError) -> PassSummary? {
        try jsonMeta(Self.lastPassSummaryKey, or: PassSummary?.none)
    }

    /// Pushes sent since `start` (the UTC day's), per sink: events delivered to the
    /// webhook, ntfy and stdout sinks, and pushes sent to devices (APNs, Home Assistant).
    public func pushes(since start: Date) throws(StoreError) -> [(sink: String, count: Int)] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT sink, SUM(n) AS n FROM (
                    SELECT sink, COUNT(*) AS n FROM delivery WHERE status = 'delivered' AND updated_at >= ?1 GROUP BY sink
                    UNION ALL
                    SELECT sink, COUNT(*) AS n FROM device_push WHERE status = 'sent' AND updated_at >= ?1 GROUP BY sink
                ) GROUP BY sink ORDER BY sink
                """, arguments: [start.seconds]).map { (sink: $0["sink"], count: $0["n"]) }
        }
    }
}
