import Foundation
import SidelinePostgres
import SidelinePostgresTestDatabase
@testable import SidelinePostgresStore
import SidelineStore
import Testing

/// What only PostgreSQL needs shown of `sideline migrate` and `sideline backup`: the
/// migrations' order when their names mislead, a store opened to report, the refusal to copy.
@Suite("PostgreSQL store: migrations in the list's order, migrate's report, backup's refusal", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresMaintenanceTests {
    /// Migrations after this version's whose names sort wrongly as text: `pg10` before `pg3`.
    static let later: [PostgresMigrationSteps] = (3...10).map { (name: "pg\($0)-later", statements: ["CREATE TABLE later_\($0) (x bigint)"]) }
    static let all = PostgresSchema.migrations + later

    @Test("Migrations applied in one run read back in the list's order, pg10 last, not by their names' text")
    func orderedByTheList() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let store = try PostgresStore(url: url, version: "2.0", migrating: false)
        let names = Self.all.map(\.name)
        #expect(try store.migrate(Self.all) == StoreMigration(from: nil, to: "pg10-later", applied: names))
        #expect(try store.appliedMigrations(known: names) == names)
        #expect(try store.migrate(Self.all) == StoreMigration(from: "pg10-later", to: "pg10-later", applied: []))
    }

    @Test("An older Sideline lists the newer one's migrations after its own, and refuses to open the database")
    func olderSidelineRefuses() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let newer = try PostgresStore(url: url, version: "2.0", migrating: false)
        _ = try newer.migrate(Self.all)
        let known = PostgresSchema.migrations.map(\.name)
        #expect(try newer.appliedMigrations() == known + Self.later.map(\.name).sorted(), "this version's in order, then the unknown ones")
        #expect { try PostgresStore(url: url, version: "1.0") } throws: { error in
            "\(error)".contains("pg10-later") && "\(error)".contains("Sideline 2.0")
        }
    }

    @Test("A store opened without migrating migrates on migrate(), and says what it applied")
    func openedWithoutMigrating() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let store = try PostgresStore(url: url, version: "1.0", migrating: false)
        #expect(try store.appliedMigrations().isEmpty, "no table yet, and no error")
        let names = PostgresSchema.migrations.map(\.name)
        #expect(try store.migrate() == StoreMigration(from: nil, to: names.last, applied: names))
        #expect(try PostgresStore(url: url, migrating: false).migrate() == StoreMigration(from: names.last, to: names.last, applied: []))
    }

    @Test("Backup refuses, naming pg_dump and the store without its password, and writes nothing")
    func backupRefuses() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let store = try PostgresStore(url: url)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-backup-\(UUID().uuidString).sqlite").path
        #expect { try store.backup(to: file, replacing: true) } throws: { error in
            let message = "\(error)"
            return message.contains("pg_dump") && message.contains(url.host) && !message.contains(url.password ?? "\u{0}")
        }
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
