import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

/// One migration: a name, never reused, and the statements that apply it.
typealias PostgresMigrationSteps = (name: String, statements: [String])

extension PostgresStore: StoreMaintenance {
    /// Runs the migrations this version knows, each recorded in the transaction that applies
    /// it, all under one advisory lock: two processes starting together migrate one after
    /// the other, and the second finds nothing to do. A database a newer Sideline migrated
    /// is refused, as the SQLite store refuses one (ADR 035).
    @discardableResult
    public func migrate() throws(StoreError) -> StoreMigration {
        try migrate(PostgresSchema.migrations)
    }

    /// The same with `migrations` for this version's (the tests name theirs so that text
    /// order and the list's order differ).
    func migrate(_ migrations: [PostgresMigrationSteps]) throws(StoreError) -> StoreMigration {
        let known = migrations.map(\.name)
        let url = url
        let version = version
        return try transaction { session in
            try session.advisoryTransactionLock(PostgresLockKey.migrations)
            try session.execute(PostgresSchema.migrationsTable)
            // Newest first: the migrated_by of an unknown migration is the newer Sideline.
            let recorded = try session.execute("SELECT name, migrated_by FROM schema_migrations ORDER BY applied_at DESC").map { row throws(PostgresError) in
                (name: try row.value("name", as: String.self), migratedBy: try row.value("migrated_by", as: String?.self))
            }
            let names = Set(recorded.map(\.name))
            let unknown = names.subtracting(known)
            guard unknown.isEmpty else {
                let writtenBy = recorded.first { unknown.contains($0.name) }?.migratedBy
                throw StoreError(Messages.Storage.newerDatabase(url.description, writtenBy: writtenBy, binary: version, unknown: Array(unknown)))
            }
            var applied: [String] = []
            for migration in migrations where !names.contains(migration.name) {
                for statement in migration.statements { try session.execute(statement) }
                try session.execute("INSERT INTO schema_migrations (name, migrated_by) VALUES ($1, $2)", [.text(migration.name), PostgresValue(version)])
                applied.append(migration.name)
            }
            let before = Self.inOrder(names, known: known)
            return StoreMigration(from: before.last, to: Self.inOrder(names.union(applied), known: known).last, applied: applied)
        }
    }

    /// `sideline backup` copies SQLite files; a database server has its own tool.
    public func backup(to file: String, replacing: Bool) throws(StoreError) -> DatabaseBackup {
        throw StoreError(Messages.Backup.useServerTool(Messages.Postgres.store(url.description), tool: "pg_dump"))
    }

    /// The migrations applied, oldest first (for `status`); none before the first migration.
    public func appliedMigrations() throws(StoreError) -> [String] {
        try appliedMigrations(known: PostgresSchema.migrations.map(\.name))
    }

    /// The same, ordered by `known`. Applied in one run, migrations share `applied_at` (the
    /// transaction's start), and their names' text order is not theirs (`pg10` before `pg2`):
    /// the list is the order. Migrations this version does not know (a newer Sideline's)
    /// come after, as they were applied.
    func appliedMigrations(known: [String]) throws(StoreError) -> [String] {
        let rows = try transaction { session in
            // A store opened without migrating may not have the table yet.
            guard try session.execute("SELECT to_regclass('schema_migrations') IS NOT NULL AS present").first?.value("present", as: Bool.self) == true else { return [String]() }
            return try session.execute("SELECT name FROM schema_migrations ORDER BY applied_at, name").map { row throws(PostgresError) in try row.value("name", as: String.self) }
        }
        return Self.inOrder(Set(rows), known: known) + rows.filter { !known.contains($0) }
    }

    /// The names of `known` that are in `applied`, in `known`'s order.
    static func inOrder(_ applied: Set<String>, known: [String]) -> [String] {
        known.filter(applied.contains)
    }
}
