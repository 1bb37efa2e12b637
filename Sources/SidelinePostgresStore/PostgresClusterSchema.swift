import Foundation

/// The tables several pollers divide the work with (issue 32).
///
/// **One `lease` table for every kind**, keyed by (kind, key), not one table per kind: the
/// kinds behave the same (claim, renew, release, fence), so one set of statements and one
/// fencing helper serve all three, and `status` reads them in one query. A claim filters on
/// the primary key's first column, so claims of different kinds never touch each other's
/// rows or index pages. The kind's check keeps out a typo.
///
/// A free lease has no holder and no expiry; its epoch stays, so the next holder's is still
/// one more than any before it. `holder` has no foreign key to `poller`: a dead poller's row
/// is pruned while its expired leases stay until someone claims them, and the epoch, not
/// the poller row, is what fences.
///
/// A poller row has two instants: `heartbeat_at` on the lease clock (the database's, or the
/// pass instant under the test setting), which decides who is live for the shares, and
/// `seen_at` on the database's clock always, which decides whose clock mode a newcomer must
/// agree with (a replayed pass instant says nothing about who is running now).
enum PostgresClusterSchema {
    static let migration = [
        """
        CREATE TABLE poller (
            poller_id text PRIMARY KEY,
            egress text NOT NULL,
            host text NOT NULL,
            pid bigint NOT NULL,
            calls_per_minute bigint NOT NULL CHECK (calls_per_minute >= 0),
            clock_mode text NOT NULL CHECK (clock_mode IN ('database', 'pass-instant')),
            heartbeat_at double precision NOT NULL,
            seen_at double precision NOT NULL,
            started_at double precision NOT NULL
        )
        """,
        """
        CREATE TABLE lease (
            kind text NOT NULL CHECK (kind IN ('league', 'person', 'feeds')),
            key text NOT NULL,
            holder text,
            epoch bigint NOT NULL DEFAULT 0,
            expires_at double precision,
            PRIMARY KEY (kind, key),
            CHECK ((holder IS NULL) = (expires_at IS NULL))
        )
        """,
        "CREATE INDEX lease_holder ON lease (holder) WHERE holder IS NOT NULL",
    ]

    /// The lease clock's now in SQL, `$index` being the pass instant or NULL: one statement
    /// serves both clocks. `clock_timestamp()`, not `now()`: a transaction's `now()` is its
    /// start, and a lease must not look fresher than it is after a wait for a lock.
    static func now(_ index: Int) -> String {
        "coalesce($\(index)::double precision, extract(epoch FROM clock_timestamp()))"
    }
}

