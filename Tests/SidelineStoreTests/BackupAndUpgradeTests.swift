import Foundation
import GRDB
import Testing
@testable import SidelineCore
@testable import SidelineStore

/// `sideline backup` and the refusal of a database a newer Sideline migrated (ADR 035).
@Suite("Backups while a pass writes, and databases from a newer version")
struct BackupAndUpgradeTests {
    @Test("A backup taken while another connection holds a write transaction is the committed state, checked and for its owner alone")
    func backupWhileAPassWrites() throws {
        let path = temporaryDatabase()
        let store = try SQLiteStore(path: path, version: "0.1.0")
        try store.setMeta("committed", "yes")
        // A pass in another process: a write transaction open, its rows not yet committed.
        let pass = try DatabaseQueue(path: path)
        let file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("backup.sqlite").path
        var taken: DatabaseBackup?
        try pass.inTransaction(.immediate) { db in
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('uncommitted', 'yes')")
            taken = try SQLiteStore.backup(databaseAt: path, to: file, replacing: false)
            return .commit
        }
        let backup = try #require(taken)
        #expect(backup.bytes > 0)
        #expect(backup.migration == Schema.migrator.migrations.last)
        #expect(backup.migratedBy == "0.1.0")
        let copy = try SQLiteStore(path: file, version: "0.1.0")
        #expect(try copy.meta("committed") == "yes")
        #expect(try copy.meta("uncommitted") == nil, "one snapshot: the open transaction is not in it")
        #expect(try store.meta("uncommitted") == "yes", "the pass committed after the backup")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: file).deletingLastPathComponent().path).filter { $0.contains("partial") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("A backup refuses an existing file unless told to replace it, and refuses the database itself")
    func backupRefusesToOverwrite() throws {
        let path = temporaryDatabase()
        let store = try SQLiteStore(path: path)
        let file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("backup.sqlite").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("keep me".utf8)))
        let refused = #expect(throws: StoreError.self) { try SQLiteStore.backup(databaseAt: path, to: file, replacing: false) }
        #expect(refused?.message.contains("--force") == true, "\(refused?.message ?? "")")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me")
        try store.setMeta("k", "v")
        _ = try SQLiteStore.backup(databaseAt: path, to: file, replacing: true)
        #expect(try SQLiteStore(path: file).meta("k") == "v")
        #expect(throws: StoreError.self) { try SQLiteStore.backup(databaseAt: path, to: path, replacing: true) }
        #expect(throws: StoreError.self) { try SQLiteStore.backup(databaseAt: path + ".missing", to: file + "2", replacing: false) }
    }

    @Test("A database migrated by a newer Sideline is refused with one line naming both versions, and left as it was")
    func newerDatabaseRefused() throws {
        let path = temporaryDatabase()
        let store = try SQLiteStore(path: path, version: "0.1.0")
        #expect(try store.meta(SQLiteStore.migratedByKey) == "0.1.0", "the version that migrated it is recorded")
        try store.pool.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
            try db.execute(sql: "UPDATE meta SET value = '0.9.0' WHERE key = ?", arguments: [SQLiteStore.migratedByKey])
        }
        let refused = #expect(throws: StoreError.self) { try SQLiteStore(path: path, version: "0.1.0") }
        let message = refused?.message ?? ""
        #expect(message.contains("Sideline 0.9.0") && message.contains("0.1.0") && message.contains("v99-from-the-future") && message.contains(path), "\(message)")
        #expect(!message.contains("\n"))
        #expect(try store.meta(SQLiteStore.migratedByKey) == "0.9.0", "nothing rewritten")
    }

    @Test("Opening an up-to-date database does not claim its migration for the version opening it")
    func reopeningKeepsTheMigratingVersion() throws {
        let path = temporaryDatabase()
        _ = try SQLiteStore(path: path, version: "0.1.0")
        let later = try SQLiteStore(path: path, version: "0.1.1")
        #expect(try later.meta(SQLiteStore.migratedByKey) == "0.1.0")
    }

    @Test("The pass summary is kept with the instant /readyz reads, and today's pushes are counted per sink")
    func passSummaryKept() throws {
        let store = try SQLiteStore(path: temporaryDatabase())
        #expect(try store.lastPass() == nil)
        let summary = PassSummary(at: storeT0, calls: 2, unanswered: 2, problems: (1...8).map { "problem \($0)" }, nextKickoff: storeT0.addingTimeInterval(3600))
        try store.recordPass(summary)
        #expect(try store.lastPass() == summary)
        #expect(try store.lastPassAt() == storeT0)
        #expect(summary.problems.count == PassSummary.keptProblems && summary.problemCount == 8)
        #expect(try store.pushes(since: storeT0).isEmpty)
    }
}
