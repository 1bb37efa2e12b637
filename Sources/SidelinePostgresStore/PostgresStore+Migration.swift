import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore {
    /// Runs the migrations this version knows, each recorded in the transaction that applies
    /// it, all under one advisory lock: two processes starting together migrate one after
    /// the other, and the second finds nothing to do. A database a newer Sideline migrated
    /// is refused, as the SQLite store refuses one (ADR 035).
    func migrate(version: String?) throws(StoreError) {
        let known = PostgresSchema.migrations.map(\.name)
        let url = url
        try transaction { session in
            try session.advisoryTransactionLock(PostgresLockKey.migrations)
            try session.execute(PostgresSchema.migrationsTable)
            let applied = try session.execute("SELECT name, migrated_by FROM schema_migrations ORDER BY applied_at, name")
            let names = try applied.map { row throws(PostgresError) in try row.value("name", as: String.self) }
            let unknown = Set(names).subtracting(known)
            guard unknown.isEmpty else {
                let writtenBy = try applied.last?.value("migrated_by", as: String?.self)
                throw StoreError(Messages.Storage.newerDatabase(url.description, writtenBy: writtenBy, binary: version, unknown: Array(unknown)))
            }
            for migration in PostgresSchema.migrations where !names.contains(migration.name) {
                for statement in migration.statements { try session.execute(statement) }
                try session.execute("INSERT INTO schema_migrations (name, migrated_by) VALUES ($1, $2)", [.text(migration.name), PostgresValue(version)])
            }
        }
    }

    /// The migrations applied, in order (for `backup`'s refusal and `status`).
    public func appliedMigrations() throws(StoreError) -> [String] {
        let rows = try execute("SELECT name FROM schema_migrations ORDER BY applied_at, name")
        return try decoding { () throws(PostgresError) in try rows.map { row throws(PostgresError) in try row.value("name") } }
    }
}
