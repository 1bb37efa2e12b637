import Foundation
import GRDB
import SidelineCore

extension SQLiteStore {
    static let livePointsHealthKey = "live-points-health"

    /// A week's stats or projections as last stored.
    public func statFeed(_ kind: StatFeedKind, week: WeekKey) throws(StoreError) -> StatFeedLines? {
        try read { db in
            let sql = "SELECT lines, previous, etag, fetched_at, changed_at FROM stat_feed WHERE kind = ? AND week_key = ?"
            guard let row = try Row.fetchOne(try db.cachedStatement(sql: sql), arguments: [kind.rawValue, week.storageKey]) else { return nil }
            return StatFeedLines(
                lines: try JSONColumn.decode(StatFeedLines.Lines.self, fromData: row["lines"]),
                previous: try (row["previous"] as Data?).map { try JSONColumn.decode(StatFeedLines.Lines.self, fromData: $0) },
                fetchedAt: Date(seconds: row["fetched_at"]), changedAt: Date(seconds: row["changed_at"]), etag: row["etag"])
        }
    }

    /// Stores a feed's newest state; `linesChanged: false` (a 304 or the same body) only
    /// moves its times and ETag, without writing the lines again.
    public func saveStatFeed(_ kind: StatFeedKind, week: WeekKey, _ feed: StatFeedLines, linesChanged: Bool) throws(StoreError) {
        try write { db in
            if !linesChanged {
                try db.cachedStatement(sql: "UPDATE stat_feed SET etag = ?, fetched_at = ?, changed_at = ? WHERE kind = ? AND week_key = ?")
                    .execute(arguments: [feed.etag, feed.fetchedAt.seconds, feed.changedAt.seconds, kind.rawValue, week.storageKey])
                if db.changesCount == 1 { return }
            }
            try db.cachedStatement(sql: """
                INSERT INTO stat_feed (kind, week_key, lines, previous, etag, fetched_at, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(kind, week_key) DO UPDATE SET lines = excluded.lines, previous = excluded.previous, etag = excluded.etag,
                    fetched_at = excluded.fetched_at, changed_at = excluded.changed_at
                """).execute(arguments: [kind.rawValue, week.storageKey, try JSONColumn.encodeData(feed.lines),
                                         try feed.previous.map { try JSONColumn.encodeData($0) }, feed.etag, feed.fetchedAt.seconds, feed.changedAt.seconds])
        }
    }

    /// Corrected stat-feed baselines (``LivePointsBlend/Blended/correctedBaseline``), for
    /// snapshots still holding the entries they were made for.
    public func saveStatsBaselines(_ baselines: [(leagueID: String, week: WeekKey, fetchedAt: Date, baseline: [String: Double])]) throws(StoreError) {
        guard !baselines.isEmpty else { return }
        try write { db in
            // Only if the snapshot was not fetched again since: a newer body has its own.
            let update = try db.cachedStatement(sql: "UPDATE snapshot SET stats_baseline = ? WHERE league_id = ? AND week_key = ? AND fetched_at = ?")
            for item in baselines {
                try update.execute(arguments: [try JSONColumn.encodeData(item.baseline), item.leagueID, item.week.storageKey, item.fetchedAt.seconds])
            }
        }
    }

    public func livePointsHealth() throws(StoreError) -> LivePointsHealth {
        try jsonMeta(Self.livePointsHealthKey, or: LivePointsHealth())
    }

    public func saveLivePointsHealth(_ health: LivePointsHealth) throws(StoreError) {
        try setJSONMeta(Self.livePointsHealthKey, health, what: "the live points' health")
    }
}
