import Foundation

/// The call budget per egress (issue 32): pollers whose Sleeper calls leave from one address
/// (`cluster.egress`) share one window of `sleeper.max_calls_per_minute`, one set of backoffs
/// and one push-back pressure; pollers on another address have all three of their own. A
/// store keeps the egress it was opened with and reads and writes only that egress's rows.
///
/// Existing rows become the default egress `''`, so one poller, or several that name no
/// egress, go on sharing the one budget they always had.
enum PostgresEgressBudget {
    /// `pg4-egress-budget`.
    static let migration: [String] = [
        "ALTER TABLE call_log ADD COLUMN egress text NOT NULL DEFAULT ''",
        // Every read of the call log now names its egress first (the window, status, pruning).
        "CREATE INDEX call_log_egress_at ON call_log (egress, at)",
        "DROP INDEX call_log_at",
        "ALTER TABLE backoff ADD COLUMN egress text NOT NULL DEFAULT ''",
        "ALTER TABLE backoff DROP CONSTRAINT backoff_pkey",
        "ALTER TABLE backoff ADD PRIMARY KEY (egress, scope)",
        // The pressure leaves `meta` for a table keyed by egress. `meta` is one of the tables
        // the change token watches, so a push-back there also made every other poller refill
        // its cache; here it does not.
        """
        CREATE TABLE egress_pressure (
            egress text PRIMARY KEY,
            pressure text NOT NULL
        )
        """,
        "INSERT INTO egress_pressure (egress, pressure) SELECT '', value FROM meta WHERE key = 'budget_pressure'",
        "DELETE FROM meta WHERE key = 'budget_pressure'",
    ]
}

extension PostgresLockKey {
    /// The call-log lock of `egress`: the one key the store always took for the default
    /// egress `''` (so one poller, or pollers naming no egress, serialise exactly as before),
    /// and for any other egress "SDLE" in the high half and its name hashed into the low half.
    ///
    /// A key per egress, so pollers on two addresses never wait on each other's admits: each
    /// egress's budget is a different window, and the lock only has to order the admits that
    /// count against the same window. Two names whose hashes collide (or one name in two
    /// schemas of one database) share a key: that costs a wait, never a wrong count.
    static func callLog(egress: String) -> Int64 {
        egress.isEmpty ? callLog : 0x5344_4C45_0000_0000 | Int64(fnv1a(egress))
    }

    /// FNV-1a, 32 bits: a stable hash of a name into the low half of a key (Swift's `Hasher`
    /// is seeded per process, and every poller must derive the same key).
    static func fnv1a(_ text: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hash
    }
}
