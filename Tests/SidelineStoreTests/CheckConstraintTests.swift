import Foundation
import GRDB
import Testing
@testable import SidelineStore

/// The status checks rewritten from `IN (...)` to `=`/`OR` (ADR 019): the same values are
/// accepted and refused, no insert builds a temporary b-tree any more, and a database
/// written before the rewrite keeps every row.
@Suite("Status check constraints")
struct CheckConstraintTests {
    /// Opcodes SQLite would run for `sql` (`EXPLAIN`'s second column).
    static func opcodes(_ db: Database, _ sql: String) throws -> [String] {
        try Row.fetchAll(db, sql: "EXPLAIN " + sql).map { $0[1] as String }
    }

    static let writes = [
        "INSERT INTO outbox (registration_id, activity_id, mode, kind, reason, at, payload, created_at) VALUES (1, 'a', 'live', 'start', 'kickoff', 0, '{}', 0)",
        "INSERT INTO delivery (event_id, sink, status, updated_at) VALUES (1, 'stdout', 'pending', 0)",
        "UPDATE delivery SET status = 'delivered' WHERE event_id = 1",
        "INSERT INTO device_push (event_id, device_id, status, updated_at) VALUES (1, 'dev-1', 'pending', 0)",
        "UPDATE device_push SET status = 'sent' WHERE event_id = 1",
    ]

    /// Adds a registration, a device and one event with its delivery and device push.
    static func seed(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO registration (id, sleeper_user_id, username, display_name, league_id, league_name, roster_id, season, created_at)
            VALUES (1, '700', 'alex', 'Alex', '900', 'Demo', 3, '2026', 0);
            INSERT INTO device (id, sleeper_user_id, name, environment, created_at) VALUES ('dev-1', '700', 'phone', 'sandbox', 0);
            """)
        for sql in writes { try db.execute(sql: sql) }
    }

    @Test("A new database's status checks compare in place and still refuse unknown values")
    func freshDatabase() throws {
        let store = try SQLiteStore(path: temporaryDatabase())
        try store.pool.write { db in
            for sql in Self.writes {
                let opcodes = try Self.opcodes(db, sql)
                #expect(!opcodes.contains("OpenEphemeral"), "\(sql)")
            }
            try Self.seed(db)
            for bad in [
                "INSERT INTO outbox (registration_id, activity_id, mode, kind, reason, at, payload, created_at) VALUES (1, 'b', 'live', 'restart', 'kickoff', 0, '{}', 0)",
                "UPDATE delivery SET status = 'lost' WHERE event_id = 1",
                "UPDATE device_push SET status = 'Sent' WHERE event_id = 1",
                "INSERT INTO delivery (event_id, sink, status, updated_at) VALUES (1, 'ntfy', NULL, 0)",
            ] {
                #expect(throws: DatabaseError.self, "\(bad)") { try db.execute(sql: bad) }
            }
            for status in ["pending", "delivered", "failed"] {
                try db.execute(sql: "UPDATE delivery SET status = ? WHERE event_id = 1", arguments: [status])
            }
            for status in ["pending", "sending", "sent", "failed", "skipped"] {
                try db.execute(sql: "UPDATE device_push SET status = ? WHERE event_id = 1", arguments: [status])
            }
        }
    }

    @Test("A database written before v8 keeps its rows and gets the new checks on open")
    func upgradedDatabase() throws {
        let path = try olderDatabase(upTo: "v7-snapshot-etag") { db in
            let opcodes = try Self.opcodes(db, Self.writes[0])
            #expect(opcodes.contains("OpenEphemeral"))
            try Self.seed(db)
        }
        let store = try SQLiteStore(path: path)
        try store.pool.read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox") == 1)
            #expect(try String.fetchOne(db, sql: "SELECT status FROM delivery") == "delivered")
            #expect(try String.fetchOne(db, sql: "SELECT status FROM device_push") == "sent")
            for rewrite in Schema.checkRewrites {
                let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE name = ?", arguments: [rewrite.table]) ?? ""
                #expect(sql.contains(rewrite.to) && !sql.contains(rewrite.from), "\(rewrite.table)")
            }
        }
        // A connection opened afterwards (another process) reads the new definitions too.
        let other = try DatabaseQueue(path: path)
        try other.write { db in
            for sql in Self.writes {
                let opcodes = try Self.opcodes(db, sql)
                #expect(!opcodes.contains("OpenEphemeral"), "\(sql)")
            }
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO outbox (registration_id, activity_id, mode, kind, reason, at, payload, created_at) VALUES (1, 'b', 'live', 'restart', 'kickoff', 0, '{}', 0)")
            }
        }
    }

    @Test("A table definition the migration does not recognise: a clear error, and nothing rewritten")
    func unexpectedDefinition() throws {
        // A hand-edited `delivery` (the migration rewrites `outbox` first, then meets this).
        let path = try olderDatabase(upTo: "v7-snapshot-etag") { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(sql: "UPDATE sqlite_schema SET sql = replace(sql, 'failed', 'gave_up') WHERE name = 'delivery'")
            try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
        #expect {
            _ = try SQLiteStore(path: path)
        } throws: { error in
            "\(error)".contains("the delivery table's definition is not the one this migration expects")
        }
        let pool = try DatabaseQueue(path: path)
        try pool.read { db in
            let outbox = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE name = 'outbox'") ?? ""
            let migrated = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM grdb_migrations WHERE identifier = 'v8-check-constraints')")
            let integrity = try String.fetchOne(db, sql: "PRAGMA integrity_check")
            #expect(outbox.contains(Schema.checkRewrites[0].from))
            #expect(migrated == false)
            #expect(integrity == "ok")
        }
    }
}
