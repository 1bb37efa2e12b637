import Foundation
import GRDB
import SidelineCore

/// The database schema. Migrations are named by string and never change once shipped:
/// add a new one instead.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-core") { db in
            try db.execute(sql: """
                CREATE TABLE registration (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    sleeper_user_id TEXT NOT NULL,
                    username TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    league_id TEXT NOT NULL,
                    league_name TEXT NOT NULL,
                    roster_id INTEGER NOT NULL,
                    season TEXT NOT NULL,
                    created_at REAL NOT NULL,
                    removed_at REAL,
                    follow_note TEXT
                );
                -- One active registration per user and league; removed ones stay for history.
                CREATE UNIQUE INDEX registration_active ON registration(sleeper_user_id, league_id) WHERE removed_at IS NULL;

                CREATE TABLE league (
                    league_id TEXT PRIMARY KEY,
                    json TEXT NOT NULL,          -- SidelineCore.League
                    team_names TEXT NOT NULL,    -- {"roster_id": "name"}
                    updated_at REAL NOT NULL
                );

                CREATE TABLE nfl_state (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    json TEXT NOT NULL,
                    fetched_at REAL NOT NULL
                );

                CREATE TABLE schedule (
                    week_key TEXT PRIMARY KEY,   -- "2026/regular/12"
                    json TEXT NOT NULL,          -- SidelineCore.WeekSchedule (merged, forward-only)
                    fetched_at REAL NOT NULL
                );

                CREATE TABLE snapshot (
                    league_id TEXT NOT NULL,
                    week_key TEXT NOT NULL,
                    json TEXT NOT NULL,          -- [SidelineCore.MatchupEntry]
                    fetched_at REAL NOT NULL,
                    PRIMARY KEY (league_id, week_key)
                );

                CREATE TABLE lifecycle (
                    registration_id INTEGER NOT NULL REFERENCES registration(id),
                    week_key TEXT NOT NULL,
                    mode TEXT NOT NULL CHECK (mode IN ('live', 'dry_run')),
                    json TEXT NOT NULL,          -- SidelineCore.LifecycleState
                    is_open INTEGER NOT NULL,
                    updated_at REAL NOT NULL,
                    PRIMARY KEY (registration_id, week_key, mode)
                );

                CREATE TABLE outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    registration_id INTEGER NOT NULL REFERENCES registration(id),
                    activity_id TEXT NOT NULL,
                    mode TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('start', 'update', 'end')),
                    reason TEXT NOT NULL,
                    at REAL NOT NULL,
                    payload TEXT NOT NULL,       -- the event JSON, exactly as sinks receive it
                    created_at REAL NOT NULL
                );
                CREATE INDEX outbox_activity ON outbox(activity_id, id);

                CREATE TABLE delivery (
                    event_id INTEGER NOT NULL REFERENCES outbox(id),
                    sink TEXT NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
                    attempts INTEGER NOT NULL DEFAULT 0,
                    last_error TEXT,
                    updated_at REAL NOT NULL,
                    PRIMARY KEY (event_id, sink)
                );
                CREATE INDEX delivery_pending ON delivery(status, sink);

                CREATE TABLE call_log (
                    at REAL NOT NULL,
                    kind TEXT NOT NULL,
                    path TEXT NOT NULL
                );
                CREATE INDEX call_log_at ON call_log(at);

                CREATE TABLE backoff (
                    scope TEXT PRIMARY KEY,
                    until REAL NOT NULL,
                    failures INTEGER NOT NULL
                );

                CREATE TABLE http_cache (
                    url TEXT PRIMARY KEY,
                    etag TEXT NOT NULL,
                    body BLOB NOT NULL
                );

                CREATE TABLE meta (
                    key TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("v2-registration-display") { db in
            // Where the registration's person is: times on the Lock Screen use these
            // (NULL: the configured display.time_zone / display.locale).
            try db.execute(sql: """
                ALTER TABLE registration ADD COLUMN time_zone TEXT;
                ALTER TABLE registration ADD COLUMN locale TEXT;
                """)
        }
        migrator.registerMigration("v3-devices") { db in
            try db.execute(sql: """
                -- A phone or iPad of a Sleeper user. It serves all of that user's registrations.
                CREATE TABLE device (
                    id TEXT PRIMARY KEY,             -- "dev-" + 8 hex, shown to self-hosters
                    sleeper_user_id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
                    push_to_start_token TEXT,        -- hex; NULL once APNs rejected it
                    push_to_start_updated_at REAL,
                    secret_hash TEXT,                -- the device API's bearer secret, hashed
                    created_at REAL NOT NULL,
                    removed_at REAL
                );
                CREATE INDEX device_user ON device(sleeper_user_id) WHERE removed_at IS NULL;

                -- One running activity on one device: its update token (rotates), whether the
                -- person dismissed it, and the last APNs timestamp sent (strictly increasing).
                CREATE TABLE activity_device (
                    activity_id TEXT NOT NULL,
                    device_id TEXT NOT NULL REFERENCES device(id),
                    update_token TEXT,
                    token_updated_at REAL,
                    dismissed_at REAL,
                    last_timestamp INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (activity_id, device_id)
                );

                -- APNs delivery per event and device ('sending': a push-to-start is on the wire;
                -- found after a crash it is never resent, a second start makes a second activity).
                CREATE TABLE device_push (
                    event_id INTEGER NOT NULL REFERENCES outbox(id),
                    device_id TEXT NOT NULL REFERENCES device(id),
                    status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
                    attempts INTEGER NOT NULL DEFAULT 0,
                    not_before REAL NOT NULL DEFAULT 0,
                    apns_id TEXT,
                    last_error TEXT,
                    updated_at REAL NOT NULL,
                    PRIMARY KEY (event_id, device_id)
                );
                CREATE INDEX device_push_open ON device_push(status) WHERE status IN ('pending', 'sending');

                -- Event deliveries (webhook, ntfy) back off between failed attempts too.
                ALTER TABLE delivery ADD COLUMN not_before REAL NOT NULL DEFAULT 0;
                """)
        }
        migrator.registerMigration("v5-pairing") { db in
            try db.execute(sql: """
                -- One-time pairing codes from `sideline devices invite`: only the SHA-256 of the
                -- code is kept. A code pairs one device, once, before it expires.
                CREATE TABLE pairing_code (
                    code_hash TEXT PRIMARY KEY,
                    sleeper_user_id TEXT NOT NULL,
                    created_at REAL NOT NULL,
                    expires_at REAL NOT NULL,
                    used_at REAL,
                    device_id TEXT REFERENCES device(id)
                );
                -- The device API and the status page read the newest events of running
                -- activities: live-mode events of the last hours, without scanning the outbox.
                CREATE INDEX outbox_mode_at ON outbox(mode, at);
                """)
        }
        migrator.registerMigration("v6-compact-rows") { db in
            // Lifecycle states and snapshots move from JSON text to the compact binary rows
            // of ADR 012: the two columns a game-day pass writes by the thousand. Existing
            // rows are converted here, so readers only know the new format.
            try db.execute(sql: """
                ALTER TABLE lifecycle RENAME COLUMN json TO state;  -- LifecycleRow bytes
                ALTER TABLE snapshot RENAME COLUMN json TO entries; -- [MatchupEntry], CompactRows
                """)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            let lifecycles = try Row.fetchAll(db, sql: "SELECT rowid, state FROM lifecycle")
            for row in lifecycles {
                let state = try decoder.decode(LifecycleState.self, from: Data((row["state"] as String).utf8))
                try db.execute(sql: "UPDATE lifecycle SET state = ? WHERE rowid = ?", arguments: [Data(CompactRows.encode(state)), row["rowid"]])
            }
            for row in try Row.fetchAll(db, sql: "SELECT rowid, entries FROM snapshot") {
                let entries = try decoder.decode([MatchupEntry].self, from: Data((row["entries"] as String).utf8))
                try db.execute(sql: "UPDATE snapshot SET entries = ? WHERE rowid = ?", arguments: [Data(CompactRows.encode(entries)), row["rowid"]])
            }
        }
        migrator.registerMigration("v7-snapshot-etag") { db in
            // A league's matchups ETag lives in its snapshot row, written with the entries it
            // names (ADR 016); the HTTP cache no longer keeps matchups bodies.
            try db.execute(sql: """
                ALTER TABLE snapshot ADD COLUMN etag TEXT;
                DELETE FROM http_cache WHERE url LIKE '%/matchups/%';
                """)
        }
        migrator.registerMigration("v8-check-constraints") { db in
            try rewriteChecks(db)
        }
        migrator.registerMigration("v9-device-push-body") { db in
            // An APNs push's parts, encoded once at commit (ADR 022): the delivery path
            // splices them per device instead of decoding the event again.
            try db.execute(sql: """
                CREATE TABLE device_push_body (
                    event_id INTEGER NOT NULL REFERENCES outbox(id),
                    sink TEXT NOT NULL,              -- 'apns' or 'homeassistant'
                    body BLOB NOT NULL,
                    PRIMARY KEY (event_id, sink)
                )
                """)
        }
        migrator.registerMigration("v10-home-assistant") { db in
            // Home Assistant targets are devices with a notify service (ADR 023); their
            // environment column is unused ('production').
            try db.execute(sql: """
                ALTER TABLE device ADD COLUMN notify_service TEXT;
                ALTER TABLE device ADD COLUMN paused_until REAL;
                ALTER TABLE device ADD COLUMN broken_reason TEXT;

                -- Starts and updates per notify service per UTC day, counted before each is
                -- sent, in the transaction that checks the allowance (like the call log).
                CREATE TABLE push_allowance (
                    target TEXT NOT NULL,
                    day TEXT NOT NULL,                -- UTC, 2026-11-22
                    used INTEGER NOT NULL DEFAULT 0,
                    last_at REAL,
                    PRIMARY KEY (target, day)
                );
                """)
        }
        migrator.registerMigration("v11-live-points") { db in
            // Live points (ADR 029): the week's stats and projections (each with the lines
            // before their last change), each snapshot's stat-feed baseline, and when each
            // league's scoring settings were last read (refreshed weekly).
            try db.execute(sql: """
                CREATE TABLE stat_feed (
                    kind TEXT NOT NULL CHECK (kind = 'stats' OR kind = 'projections'),
                    week_key TEXT NOT NULL,
                    lines BLOB NOT NULL,          -- JSON {player_id: {stat_key: value}}
                    previous BLOB,                -- the same, before the last change
                    etag TEXT,
                    fetched_at REAL NOT NULL,
                    changed_at REAL NOT NULL,
                    PRIMARY KEY (kind, week_key)
                );
                ALTER TABLE snapshot ADD COLUMN stats_baseline BLOB;    -- JSON {player_id: points}
                ALTER TABLE league ADD COLUMN scoring_refreshed_at REAL;
                """)
        }
        migrator.registerMigration("v12-device-push-sink") { db in
            // Each device push names the target it was filed for (ADR 031): counts, the
            // status page and the delivery loop read the name instead of inferring it from
            // the device. Rows before this were filed by the device's kind.
            try db.execute(sql: """
                ALTER TABLE device_push ADD COLUMN sink TEXT NOT NULL DEFAULT 'apns';
                UPDATE device_push SET sink = 'homeassistant' WHERE device_id IN (SELECT id FROM device WHERE notify_service IS NOT NULL);
                """)
        }
        migrator.registerMigration("v13-sample-activity") { db in
            // `sideline devices test` and `rehearse` (ADR 034): a sample activity is not a
            // registration's, yet the device API must accept the token the app reports for
            // it. Its row names the one device it was started on.
            try db.execute(sql: """
                CREATE TABLE sample_activity (
                    activity_id TEXT PRIMARY KEY,
                    device_id TEXT NOT NULL REFERENCES device(id),
                    created_at REAL NOT NULL
                )
                """)
        }
        migrator.registerMigration("v14-person-scope") { db in
            // One Lock Screen per person (ADR 039): each user's scope and pinned league, and the
            // person activity's lifecycle, one row per user, week and mode. Users who exist
            // at the upgrade keep one activity per league until they switch.
            try db.execute(sql: """
                CREATE TABLE person (
                    sleeper_user_id TEXT PRIMARY KEY,
                    scope TEXT NOT NULL CHECK (scope = 'person' OR scope = 'league'),
                    pinned_league_id TEXT,
                    updated_at REAL NOT NULL
                );
                INSERT INTO person (sleeper_user_id, scope, updated_at)
                    SELECT DISTINCT sleeper_user_id, 'league', CAST(strftime('%s', 'now') AS REAL) FROM registration;
                CREATE TABLE person_lifecycle (
                    sleeper_user_id TEXT NOT NULL,
                    week_key TEXT NOT NULL,
                    mode TEXT NOT NULL,
                    state BLOB NOT NULL,
                    is_open INTEGER NOT NULL,
                    anchor_registration_id INTEGER NOT NULL REFERENCES registration(id),
                    updated_at REAL NOT NULL,
                    PRIMARY KEY (sleeper_user_id, week_key, mode)
                );
                CREATE INDEX person_lifecycle_open ON person_lifecycle(mode) WHERE is_open = 1;
                """)
        }
        return migrator
    }

    /// The `IN` checks of three or more values, and the same checks as `=`/`OR`.
    ///
    /// SQLite 3.40 evaluates `x IN ('a', 'b', 'c')` in a CHECK by building and dropping a
    /// temporary b-tree on every insert or update of the row: about 6 µs of a 2 kB outbox
    /// insert's 27 µs (ADR 019). The `OR` form is the same constraint, compared in place.
    static let checkRewrites: [(table: String, from: String, to: String)] = [
        ("outbox", "CHECK (kind IN ('start', 'update', 'end'))",
         "CHECK (kind = 'start' OR kind = 'update' OR kind = 'end')"),
        ("delivery", "CHECK (status IN ('pending', 'delivered', 'failed'))",
         "CHECK (status = 'pending' OR status = 'delivered' OR status = 'failed')"),
        ("device_push", "CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped'))",
         "CHECK (status = 'pending' OR status = 'sending' OR status = 'sent' OR status = 'failed' OR status = 'skipped')"),
    ]

    /// Rewrites those checks in place, by SQLite's documented procedure for changing a
    /// table's constraints without touching its rows ("Making Other Kinds Of Table Schema
    /// Changes", https://sqlite.org/lang_altertable.html#otheralter): edit the table's
    /// definition in `sqlite_schema` and bump the schema version, in the migration's
    /// transaction. Rebuilding the tables instead would copy every event ever sent. The new
    /// checks accept exactly the values the old ones did, so every stored row satisfies them.
    static func rewriteChecks(_ db: Database) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
        try db.execute(sql: "PRAGMA writable_schema = ON")
        // Not part of the transaction: turned off again however this ends.
        defer { try? db.execute(sql: "PRAGMA writable_schema = OFF") }
        for rewrite in checkRewrites {
            try db.execute(sql: "UPDATE sqlite_schema SET sql = replace(sql, ?, ?) WHERE type = 'table' AND name = ?",
                           arguments: [rewrite.from, rewrite.to, rewrite.table])
            // A definition that does not read as shipped is left alone, loudly.
            guard db.changesCount == 1, try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", arguments: [rewrite.table])?.contains(rewrite.to) == true else {
                throw StoreError("the \(rewrite.table) table's definition is not the one this migration expects")
            }
        }
        try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
        // Off before the definitions are read back: while it is on, SQLite passes over errors
        // in the schema. (A typo then fails here, inside the transaction.)
        try db.execute(sql: "PRAGMA writable_schema = OFF")
        db.clearSchemaCache()
        for rewrite in checkRewrites { _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(rewrite.table) WHERE 0") }
    }
}
