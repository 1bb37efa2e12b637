import Foundation
import SidelinePostgres
import SidelineStore

/// PostgreSQL's stand-in for SQLite's `PRAGMA data_version` (``RegistrationStore/externalChangeToken()``):
/// a number that moves when ANOTHER connection commits a change to what the scheduler's cache
/// holds, and stays put for this connection's own commits (the scheduler writes through its
/// cache, so a token that moved on its own writes would refill 50,000 registrations every pass).
///
/// Every connection that writes keeps a counter row of its own, keyed by its backend's process
/// id and raised once per transaction by a statement-level trigger on each table the cache
/// reads. The token is the sum of the OTHER rows: a commit elsewhere raises it, one here does
/// not, and it is one cheap statement per pass. A row per backend, not one shared counter, so
/// that two pollers' transactions never wait on each other's counter row. Rolled-back writes
/// roll their count back with them.
///
/// Process ids are unique among live backends, so a row under this connection's id is its own
/// or a finished backend's (which writes no more): excluding it stays consistent. After a
/// reconnect (a new id) this connection's earlier count reads as another's, once: a cache
/// refill, never a stale read. Rows of finished backends stay (their sum is what makes the
/// token move); there is at most one per process id the server ever handed out. This needs
/// the store's connection to stay one backend (direct, or a session-mode pooler), as session
/// advisory locks do: behind a transaction-mode pooler another client's commit could land in
/// the row this connection skips.
enum PostgresChangeCounter {
    /// The tables the scheduler's cache reads (``SchedulerCache`` in SidelineEngine): its
    /// registrations, leagues, NFL state, schedules, snapshots and their marks (`meta`),
    /// lifecycle headers, person settings and rows, and the live points (`stat_feed`, `meta`).
    static let watchedTables = ["registration", "league", "person", "nfl_state", "schedule", "snapshot",
                                "lifecycle", "person_lifecycle", "stat_feed", "meta"]

    /// The migration that adds the counters and their triggers (`pg3-pg-admin-change-token`).
    static let migration = counters("change_counter", function: "count_change", trigger: "changed", on: watchedTables)

    /// The tables whose change makes a cluster poller refill its whole cache: who is
    /// registered, their leagues, and each user's scope. The other watched tables change on
    /// every pass of every poller (snapshots, feeds, lifecycle rows), which a poller folds in
    /// without a refill (issue 32, `SchedulerCache`'s cluster refresh).
    static let structureTables = ["registration", "league", "person"]

    /// `pg6-structure-token`: a second set of counters, kept exactly as the first, raised only
    /// by the structure tables.
    static let structureMigration = counters("structure_counter", function: "count_structure_change", trigger: "structure_changed", on: structureTables)

    /// A counter table, the trigger function that raises this backend's row once per
    /// transaction, and a statement trigger on each of `tables`.
    static func counters(_ table: String, function: String, trigger: String, on tables: [String]) -> [String] {
        [
            """
            CREATE TABLE \(table) (
                backend_pid integer PRIMARY KEY,
                commits bigint NOT NULL,
                last_xact xid8 NOT NULL
            )
            """,
            // Once per transaction: a later statement of the same transaction finds its own
            // `last_xact` and writes nothing. `search_path` is fixed at creation, so the trigger
            // finds this schema's table whatever the writing session's path.
            """
            CREATE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
            BEGIN
                INSERT INTO \(table) (backend_pid, commits, last_xact) VALUES (pg_backend_pid(), 1, pg_current_xact_id())
                ON CONFLICT (backend_pid) DO UPDATE SET commits = \(table).commits + 1, last_xact = excluded.last_xact
                    WHERE \(table).last_xact <> excluded.last_xact;
                RETURN NULL;
            END
            $$
            """,
        ] + tables.map { watched in
            "CREATE TRIGGER \(watched)_\(trigger) AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(watched) FOR EACH STATEMENT EXECUTE FUNCTION \(function)()"
        }
    }
}

extension PostgresStore {
    /// The other connections' commits to the registrations, leagues and scopes only
    /// (``ClusterStore/structureChangeToken()``): when it has not moved but
    /// ``externalChangeToken()`` has, the others committed pass work, not new structure.
    public func structureChangeToken() throws(StoreError) -> Int { try othersCommits("structure_counter") }

    /// The other connections' commits to the cached tables, summed (see ``PostgresChangeCounter``).
    public func externalChangeToken() throws(StoreError) -> Int { try othersCommits("change_counter") }

    /// The other backends' rows of a counter table, summed.
    private func othersCommits(_ table: String) throws(StoreError) -> Int {
        let rows = try execute("SELECT coalesce(sum(commits), 0)::bigint AS token FROM \(table) WHERE backend_pid <> pg_backend_pid()")
        return try decoding { () throws(PostgresError) in try rows.first?.value("token") ?? 0 }
    }
}
