import Foundation
import GRDB
import SidelineCore

extension SQLiteStore: StoreMaintenance {
    /// The meta key naming the Sideline version that last migrated the database.
    static let migratedByKey = "schema.migrated_by"

    /// Runs the migrations this version knows, and refuses a database a newer Sideline has
    /// migrated: its schema may mean what this version cannot read, and writing to it could
    /// lose what the newer one keeps. GRDB would go on silently (ADR 035).
    @discardableResult
    public func migrate() throws(StoreError) -> StoreMigration {
        let migrator = Schema.migrator
        do {
            let (unknown, complete, before) = try pool.read { db in
                (try migrator.appliedIdentifiers(db).subtracting(migrator.migrations), try migrator.hasCompletedMigrations(db),
                 try migrator.appliedMigrations(db))
            }
            guard unknown.isEmpty else {
                let writtenBy = try pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [Self.migratedByKey]) }
                throw StoreError(Messages.Storage.newerDatabase(path, writtenBy: writtenBy, binary: version, unknown: Array(unknown)))
            }
            try migrator.migrate(pool)
            // Only when this version migrated it: the version named if an older one refuses it.
            if !complete, let version {
                try pool.write { db in
                    try db.execute(sql: "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", arguments: [Self.migratedByKey, version])
                }
            }
            let after = try pool.read { db in try migrator.appliedMigrations(db) }
            return StoreMigration(from: before.last, to: after.last, applied: after.filter { !before.contains($0) })
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError("cannot open the database \(path): \(Self.describe(error, path: path))")
        }
    }

    /// The SQLite copy of ``backup(databaseAt:to:replacing:)``, of this store's file.
    public func backup(to file: String, replacing: Bool) throws(StoreError) -> DatabaseBackup {
        try Self.backup(databaseAt: path, to: file, replacing: replacing)
    }

    /// The newest migration applied, and the version that applied it (for `backup`).
    func schemaVersion() throws(StoreError) -> (migration: String?, migratedBy: String?) {
        try read { db in (try Schema.migrator.appliedMigrations(db).last, try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [Self.migratedByKey])) }
    }
}
