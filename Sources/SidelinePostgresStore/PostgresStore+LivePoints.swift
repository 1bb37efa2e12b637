import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore: LivePointsStore {
    /// A week's stats or projections as last stored.
    public func statFeed(_ kind: StatFeedKind, week: WeekKey) throws(StoreError) -> StatFeedLines? {
        let rows = try execute("SELECT lines, previous, etag, fetched_at, changed_at FROM stat_feed WHERE kind = $1 AND week_key = $2",
                               [.text(kind.rawValue), .text(week.storageKey)])
        guard let row = rows.first else { return nil }
        return try decodingJSON { () throws in
            StatFeedLines(
                lines: try JSONColumn.decode(StatFeedLines.Lines.self, fromData: try row.value("lines")),
                previous: try row.value("previous", as: Data?.self).map { try JSONColumn.decode(StatFeedLines.Lines.self, fromData: $0) },
                fetchedAt: Date(timeIntervalSince1970: try row.value("fetched_at")), changedAt: Date(timeIntervalSince1970: try row.value("changed_at")),
                etag: try row.value("etag"))
        }
    }

    /// Stores a feed's newest state; `linesChanged: false` (a 304 or the same body) only
    /// moves its times and ETag, without writing the lines again (when there is a row).
    public func saveStatFeed(_ kind: StatFeedKind, week: WeekKey, _ feed: StatFeedLines, linesChanged: Bool) throws(StoreError) {
        let lines = try encodingJSONData(feed.lines, what: "a stat feed")
        let previous = try feed.previous.map { previous throws(StoreError) in try encodingJSONData(previous, what: "a stat feed") }
        try transaction { session in
            if !linesChanged {
                let touched = try session.execute("UPDATE stat_feed SET etag = $1, fetched_at = $2, changed_at = $3 WHERE kind = $4 AND week_key = $5",
                                                  [PostgresValue(feed.etag), feed.fetchedAt.stored, feed.changedAt.stored, .text(kind.rawValue), .text(week.storageKey)])
                if touched.affectedRows == 1 { return }
            }
            try session.execute("""
                INSERT INTO stat_feed (kind, week_key, lines, previous, etag, fetched_at, changed_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
                ON CONFLICT (kind, week_key) DO UPDATE SET lines = excluded.lines, previous = excluded.previous, etag = excluded.etag,
                    fetched_at = excluded.fetched_at, changed_at = excluded.changed_at
                WHERE stat_feed.fetched_at <= excluded.fetched_at
                """, [.text(kind.rawValue), .text(week.storageKey), .bytes(lines), PostgresValue(previous), PostgresValue(feed.etag),
                      feed.fetchedAt.stored, feed.changedAt.stored])
        }
    }

    /// Corrected stat-feed baselines, each only for a snapshot not fetched again since (a
    /// newer body has its own), all in one transaction.
    public func saveStatsBaselines(_ baselines: [(leagueID: String, week: WeekKey, fetchedAt: Date, baseline: [String: Double])]) throws(StoreError) {
        guard !baselines.isEmpty else { return }
        let encoded = try baselines.map { item throws(StoreError) in
            (item, try encodingJSONData(item.baseline, what: "a stats baseline"))
        }
        try transaction { session in
            for (item, baseline) in encoded {
                try session.execute("UPDATE snapshot SET stats_baseline = $1 WHERE league_id = $2 AND week_key = $3 AND fetched_at = $4",
                                    [.bytes(baseline), .text(item.leagueID), .text(item.week.storageKey), item.fetchedAt.stored])
            }
        }
    }

    /// The live points' health; a clean one when none is stored, or one this version cannot
    /// read (it is a state between passes: the next pass judges afresh).
    public func livePointsHealth() throws(StoreError) -> LivePointsHealth {
        try jsonMeta(Self.livePointsHealthKey, or: LivePointsHealth())
    }

    public func saveLivePointsHealth(_ health: LivePointsHealth) throws(StoreError) {
        try setJSONMeta(Self.livePointsHealthKey, health, what: "the live points' health")
    }

    /// A league read with its scoring settings counts as their refresh; one read without
    /// keeps the settings (and refresh time) stored before, in one transaction.
    public func saveLeague(_ stored: StoredLeague, at now: Date) throws(StoreError) {
        try transaction { session in try Self.saveLeague(stored, at: now, session) }
    }

    /// A stored league, or `nil`.
    public func league(id: String) throws(StoreError) -> StoredLeague? {
        let rows = try execute("SELECT json, team_names, scoring_refreshed_at FROM league WHERE league_id = $1", [.text(id)])
        guard let row = rows.first else { return nil }
        return try decodingJSON { () throws in try Self.league(row) }
    }
}

extension PostgresStore {
    /// The meta key of the live points' health: the SQLite store's.
    static let livePointsHealthKey = "live-points-health"

    /// A league row (`json, team_names, scoring_refreshed_at`).
    static func league(_ row: PostgresRow) throws -> StoredLeague {
        let league = try JSONColumn.decode(League.self, from: try row.value("json"))
        let names = try JSONColumn.decode([String: String].self, from: try row.value("team_names"))
        return StoredLeague(league: league, teamNames: Dictionary(uniqueKeysWithValues: names.compactMap { key, value in Int(key).map { ($0, value) } }),
                            scoringRefreshedAt: try row.value("scoring_refreshed_at", as: Double?.self).map(Date.init(timeIntervalSince1970:)))
    }

    static func saveLeague(_ stored: StoredLeague, at now: Date, _ session: PostgresSession) throws {
        let names = Dictionary(uniqueKeysWithValues: stored.teamNames.map { (String($0.key), $0.value) })
        var league = stored.league
        if league.scoringSettings == nil,
           let row = try session.execute("SELECT json, team_names, scoring_refreshed_at FROM league WHERE league_id = $1 FOR UPDATE", [.text(league.leagueID)]).first,
           let kept = try Self.league(row).league.scoringSettings {
            league = league.with(scoringSettings: kept)
        }
        let refreshed: Double? = stored.league.scoringSettings == nil ? nil : now.timeIntervalSince1970
        try session.execute("""
            INSERT INTO league (league_id, json, team_names, updated_at, scoring_refreshed_at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (league_id) DO UPDATE SET json = excluded.json, team_names = excluded.team_names, updated_at = excluded.updated_at,
                scoring_refreshed_at = coalesce(excluded.scoring_refreshed_at, league.scoring_refreshed_at)
            """, [.text(league.leagueID), .text(try JSONColumn.encode(league)), .text(try JSONColumn.encode(names)), now.stored, PostgresValue(refreshed)])
    }
}
