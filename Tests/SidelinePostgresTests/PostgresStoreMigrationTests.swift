import Foundation
import SidelinePostgres
import SidelinePostgresTestDatabase
@testable import SidelinePostgresStore
import Testing

@Suite("PostgreSQL store: migrations from zero, serialised across processes", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresStoreMigrationTests {
    @Test("Migrating twice changes nothing the second time")
    func migrateTwice() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let first = try PostgresStore(url: url, version: "1.0")
        let second = try PostgresStore(url: url, version: "1.1")
        let everyMigration = PostgresSchema.migrations.map(\.name)
        #expect(try first.appliedMigrations() == everyMigration)
        #expect(try second.appliedMigrations() == everyMigration)
        let migratedBy = try PostgresConnection(url: url).execute("SELECT migrated_by FROM schema_migrations").map { try $0.value("migrated_by", as: String?.self) }
        #expect(migratedBy == everyMigration.map { _ in "1.0" }, "the second store applied nothing, so recorded nothing")
    }

    @Test("Two processes migrating one new database at once both succeed, and it is migrated once")
    func concurrentMigrators() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        // Four stores opening together: without the advisory lock two would both create the
        // tables, and one would fail on "relation already exists".
        let applied = try inParallel(4) { _ in try PostgresStore(url: url).appliedMigrations() }
        #expect(applied == Array(repeating: PostgresSchema.migrations.map(\.name), count: 4))
        let tables = try PostgresConnection(url: url).execute("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = $1", [.text(schema)]).first?.value("n", as: Int.self)
        #expect(tables == 28, "every table of SQLite's schema, schema_migrations, the change token's counters (two sets), the pressure per egress, poller and lease")
    }

    @Test("A database a newer Sideline migrated is refused, naming the migration it does not know")
    func newerDatabaseRefused() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        _ = try PostgresStore(url: url, version: "1.0")
        try PostgresConnection(url: url).execute("INSERT INTO schema_migrations (name, migrated_by) VALUES ('pg9-future', '9.0')")
        #expect { try PostgresStore(url: url, version: "1.0") } throws: { error in
            let message = "\(error)"
            return message.contains("pg9-future") && message.contains("Sideline 9.0") && !message.contains(url.password ?? "\u{0}")
        }
    }
}
