import Foundation

extension PostgresConnection {
    /// Runs `body` between BEGIN and COMMIT; a thrown error rolls back and is rethrown.
    /// The connection is held for the whole transaction, so nothing else interleaves.
    public func transaction<Result: Sendable>(_ body: (PostgresSession) throws -> Result) throws -> Result {
        try withSession { session throws -> Result in
            try session.execute("BEGIN")
            let result: Result
            do {
                result = try body(session)
            } catch {
                // The body's error is the one worth reporting. A ROLLBACK that fails means the
                // connection broke, and then the server has discarded the transaction itself.
                _ = try? session.execute("ROLLBACK")
                throw error
            }
            try session.execute("COMMIT")
            return result
        }
    }

    /// Takes the session-level advisory lock `key` if no other session holds it. Held until
    /// ``advisoryUnlock(_:)`` or the end of the connection (a reset releases it too).
    public func tryAdvisoryLock(_ key: Int64) throws(PostgresError) -> Bool {
        try execute("SELECT pg_try_advisory_lock($1::bigint) AS locked", [.int(key)]).first?.value("locked") ?? false
    }

    /// The shared form of ``tryAdvisoryLock(_:)``: any number of sessions hold it together,
    /// and none of them while a session holds it exclusively.
    public func tryAdvisoryLockShared(_ key: Int64) throws(PostgresError) -> Bool {
        try execute("SELECT pg_try_advisory_lock_shared($1::bigint) AS locked", [.int(key)]).first?.value("locked") ?? false
    }

    /// Releases a lock taken by ``tryAdvisoryLockShared(_:)``.
    @discardableResult
    public func advisoryUnlockShared(_ key: Int64) throws(PostgresError) -> Bool {
        try execute("SELECT pg_advisory_unlock_shared($1::bigint) AS unlocked", [.int(key)]).first?.value("unlocked") ?? false
    }

    /// Releases a lock taken by ``tryAdvisoryLock(_:)``; `false` if this session did not hold it.
    @discardableResult
    public func advisoryUnlock(_ key: Int64) throws(PostgresError) -> Bool {
        try execute("SELECT pg_advisory_unlock($1::bigint) AS unlocked", [.int(key)]).first?.value("unlocked") ?? false
    }
}

extension PostgresSession {
    /// Waits for the transaction-level advisory lock `key`, held until COMMIT or ROLLBACK:
    /// how the call log's check-and-insert and the migrations are serialised across processes.
    public func advisoryTransactionLock(_ key: Int64) throws(PostgresError) {
        try execute("SELECT pg_advisory_xact_lock($1::bigint)", [.int(key)])
    }
}
