import Foundation
import GRDB
import SidelineCore

/// What `sideline backup` wrote.
public struct DatabaseBackup: Sendable {
    public let file: String
    public let bytes: Int
    /// The newest migration in the copy, and the Sideline version that applied it.
    public let migration: String?
    public let migratedBy: String?
}

extension SQLiteStore {
    /// Copies the database at `path` to `file` with SQLite's online backup (ADR 035): the
    /// copy is one consistent snapshot, read while passes go on writing (WAL readers do not
    /// block the writer), then checked and moved into place, so `file` is never half a
    /// database. The database is not migrated first: a backup made before an upgrade keeps
    /// the schema the old version reads. `replacing` allows overwriting an existing `file`.
    public static func backup(databaseAt path: String, to file: String, replacing: Bool) throws(StoreError) -> DatabaseBackup {
        let files = FileManager.default
        let source = URL(fileURLWithPath: path).standardizedFileURL, target = URL(fileURLWithPath: file).standardizedFileURL
        guard files.fileExists(atPath: source.path) else { throw StoreError(Messages.Backup.noDatabase(path)) }
        guard source.resolvingSymlinksInPath() != target.resolvingSymlinksInPath() else { throw StoreError(Messages.Backup.isDatabase(file)) }
        guard replacing || !files.fileExists(atPath: target.path) else { throw StoreError(Messages.Backup.exists(file)) }
        let partial = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            defer { removeIfPresent(partial) }
            let version = try copy(source.path, to: partial.path)
            // The copy holds device secrets' hashes and push tokens: for its owner alone.
            try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: partial.path)
            if files.fileExists(atPath: target.path) { try files.removeItem(at: target) }
            try files.moveItem(at: partial, to: target)
            let bytes = (try files.attributesOfItem(atPath: target.path)[.size] as? NSNumber)?.intValue ?? 0
            return DatabaseBackup(file: target.path, bytes: bytes, migration: version.migration, migratedBy: version.migratedBy)
        } catch let error as StoreError {
            throw StoreError(Messages.Backup.failed(path, to: file, error.message))
        } catch {
            throw StoreError(Messages.Backup.failed(path, to: file, describe(error, path: path)))
        }
    }

    /// The online backup itself, into a fresh file at `partial`, checked before it is kept.
    private static func copy(_ path: String, to partial: String) throws -> (migration: String?, migratedBy: String?) {
        removeIfPresent(URL(fileURLWithPath: partial))
        // Read-only, and not a pool: a pool's writer first makes sure the WAL file is not
        // empty by writing, which waits on a pass holding the write lock.
        var readOnly = configuration
        readOnly.readonly = true
        let database = try DatabaseQueue(path: path, configuration: readOnly)
        let scratch = try DatabaseQueue(path: partial)
        try database.backup(to: scratch)
        try database.close()
        let result = try scratch.read { db in
            let check = try String.fetchOne(db, sql: "PRAGMA quick_check") ?? ""
            guard check == "ok" else { throw StoreError("\(Messages.Backup.checkFailed): \(check)") }
            let migration = try Schema.migrator.appliedMigrations(db).last
            let migratedBy = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [migratedByKey])
            return (migration, migratedBy)
        }
        try scratch.close()
        return result
    }

    private static func removeIfPresent(_ url: URL) {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            let file = URL(fileURLWithPath: url.path + suffix)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            // Leftovers of this backup's own scratch file: a failure to remove one leaves
            // a hidden file beside the backup and changes nothing that was kept.
            try? FileManager.default.removeItem(at: file)
        }
    }
}
