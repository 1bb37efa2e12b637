import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore {
    /// Registers or refreshes `poller`, under the pollers' advisory lock so two newcomers on
    /// different clocks cannot both miss each other. Pollers not seen for a day are deleted
    /// (their leases stay, expired, for the next claim).
    public func heartbeat(_ poller: PollerRegistration, within: TimeInterval, clock: LeaseClock) throws(StoreError) {
        try transaction { session in
            try session.advisoryTransactionLock(PostgresLockKey.pollers)
            let databaseNow = "extract(epoch FROM clock_timestamp())"
            if let other = try session.execute("""
                SELECT poller_id, host, clock_mode FROM poller
                WHERE poller_id <> $1 AND clock_mode <> $2 AND seen_at > \(databaseNow) - $3
                ORDER BY seen_at DESC LIMIT 1
                """, [.text(poller.pollerID), .text(clock.mode), .double(within)]).first {
                throw StoreError(Messages.Cluster.clockMismatch(poller: poller.pollerID, mode: clock.mode, other: try other.value("poller_id"),
                                                                otherMode: try other.value("clock_mode"), host: try other.value("host")))
            }
            try session.execute("DELETE FROM poller WHERE seen_at < \(databaseNow) - 86400")
            try session.execute("""
                INSERT INTO poller (poller_id, egress, host, pid, calls_per_minute, clock_mode, heartbeat_at, seen_at, started_at)
                VALUES ($1, $2, $3, $4, $5, $6, \(PostgresClusterSchema.now(7)), \(databaseNow), \(databaseNow))
                ON CONFLICT (poller_id) DO UPDATE SET egress = excluded.egress, host = excluded.host, pid = excluded.pid,
                    calls_per_minute = excluded.calls_per_minute, clock_mode = excluded.clock_mode,
                    heartbeat_at = excluded.heartbeat_at, seen_at = excluded.seen_at
                """, [.text(poller.pollerID), .text(poller.egress), .text(poller.host), PostgresValue(poller.pid),
                      PostgresValue(poller.callsPerMinute), .text(clock.mode), clock.parameter])
        }
    }

    public func livePollers(within: TimeInterval, clock: LeaseClock) throws(StoreError) -> [LivePoller] {
        let rows = try execute("""
            SELECT poller_id, egress, host, pid, calls_per_minute, clock_mode, heartbeat_at FROM poller
            WHERE heartbeat_at > \(PostgresClusterSchema.now(1)) - $2 ORDER BY poller_id
            """, [clock.parameter, .double(within)])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in
                LivePoller(registration: PollerRegistration(pollerID: try row.value("poller_id"), egress: try row.value("egress"), host: try row.value("host"),
                                                            pid: try row.value("pid"), callsPerMinute: try row.value("calls_per_minute")),
                           clockMode: try row.value("clock_mode"), heartbeatAt: Date(timeIntervalSince1970: try row.value("heartbeat_at")))
            }
        }
    }

    public func retirePoller(_ pollerID: String) throws(StoreError) {
        try transaction { session in
            try session.execute("UPDATE lease SET holder = NULL, expires_at = NULL WHERE holder = $1", [.text(pollerID)])
            try session.execute("DELETE FROM poller WHERE poller_id = $1", [.text(pollerID)])
        }
    }
}

extension LeaseClock {
    /// The pass instant as a statement parameter; NULL for the database's clock
    /// (``PostgresClusterSchema/now(_:)`` reads it).
    var parameter: PostgresValue {
        switch self {
        case .database: .null
        case .passInstant(let instant): instant.stored
        }
    }
}
