import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PostgresStore: PassLocking {
    /// Tries for up to `wait` seconds, then throws naming the session that holds it.
    public func passLock(wait: TimeInterval) throws(PassLockError) -> any HeldPassLock {
        try PostgresPassLock(url: url, wait: wait)
    }

    /// A cluster poller's pass lock (issue 32): the schema's pass lock **shared**, so the
    /// pollers' passes run side by side while a pass of a poller outside the cluster (which
    /// takes it exclusively and would do every league's work) waits for them all, and they
    /// for it; and `pollerID`'s own lock exclusively, so two processes with one fixed
    /// poller id (overlapping `tick`s from cron) never run a pass at once.
    public func pollerPassLock(_ pollerID: String, wait: TimeInterval) throws(PassLockError) -> any HeldPassLock {
        try PostgresPassLock(url: url, wait: wait, poller: pollerID)
    }
}

/// The pass lock on PostgreSQL (issue 31): a session-level advisory lock, seen by every
/// poller on the database, on a connection of its own. Not the store's connection: the
/// store's statements and transactions go on while the pass runs, and a lock taken there
/// would be lost silently if that connection were reset. This connection runs nothing
/// while the lock is held, so it is never reset under it.
///
/// Released when the last reference goes (unlocked, then the connection closed), and by
/// the server when the process dies: its socket closes and the server ends the session
/// and its locks, as the kernel drops SQLite's `flock`.
public final class PostgresPassLock: HeldPassLock {
    let connection: PostgresConnection
    /// The locks held, in the order taken: the schema's (shared for a cluster poller), then
    /// the poller's own.
    let keys: [(key: Int64, shared: Bool)]

    /// Polls `pg_try_advisory_lock` every 0.1 s for up to `wait` seconds (never blocks in
    /// the server: a pass that cannot start says so, with what holds the lock). With a
    /// `poller`, the schema's lock is taken shared and the poller's exclusively.
    init(url: PostgresURL, wait: TimeInterval, poller: String? = nil, sleep: (TimeInterval) -> Void = { Thread.sleep(forTimeInterval: $0) }) throws(PassLockError) {
        let connection = try Self.failing(url) { () throws(PostgresError) in try PostgresConnection(url: Self.named(url)) }
        let schema = try Self.failing(url) { () throws(PostgresError) in
            try connection.execute("SELECT coalesce(current_schema(), '') AS schema").first?.value("schema", as: String.self) ?? ""
        }
        var wanted: [(key: Int64, shared: Bool)] = [(PostgresLockKey.pass(schema: schema), poller != nil)]
        if let poller { wanted.append((PostgresLockKey.pass(schema: "\(schema)/poller/\(poller)"), false)) }
        var held: [(key: Int64, shared: Bool)] = []
        for lock in wanted {
            do {
                try Self.take(lock, connection: connection, url: url, schema: schema, wait: wait, sleep: sleep)
            } catch {
                Self.release(held, connection)
                throw error
            }
            held.append(lock)
        }
        self.connection = connection
        keys = held
    }

    private static func take(_ lock: (key: Int64, shared: Bool), connection: PostgresConnection, url: PostgresURL, schema: String, wait: TimeInterval,
                             sleep: (TimeInterval) -> Void) throws(PassLockError) {
        var waited: TimeInterval = 0
        while try !Self.failing(url, { () throws(PostgresError) in
            try lock.shared ? connection.tryAdvisoryLockShared(lock.key) : connection.tryAdvisoryLock(lock.key)
        }) {
            guard waited < wait else {
                let holder = try Self.failing(url) { () throws(PostgresError) in try Self.holder(of: lock.key, connection) }
                throw PassLockError(Messages.Postgres.passLockHeld(url.description, schema: schema, holder: holder))
            }
            sleep(0.1)
            waited += 0.1
        }
    }

    /// Unlocks, last taken first. If this fails the connection is gone, and its locks with it.
    private static func release(_ held: [(key: Int64, shared: Bool)], _ connection: PostgresConnection) {
        for lock in held.reversed() {
            do {
                if lock.shared { try connection.advisoryUnlockShared(lock.key) } else { try connection.advisoryUnlock(lock.key) }
            } catch {}
        }
    }

    deinit {
        // Unlocked at once, so the next pass need not wait for the server to notice the
        // closed connection.
        Self.release(keys, connection)
    }

    /// The URL with an application name saying which host and process hold the lock, for
    /// the error another poller shows (`pg_stat_activity` lists it).
    static func named(_ url: PostgresURL) -> PostgresURL {
        var parameters = url.parameters
        parameters["application_name"] = "sideline pass on \(hostName()) pid \(getpid())"
        return PostgresURL(host: url.host, port: url.port, user: url.user, database: url.database, password: url.password, parameters: parameters)
    }

    /// This machine's name, as `hostname` prints it (`gethostname`: no lookup, which
    /// `ProcessInfo.hostName` may make).
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "an unnamed host" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The session holding `key` in this database, as the server lists it (`nil` if it let
    /// go meanwhile). A `bigint` advisory key is two halves in `pg_locks`, `objsubid` 1.
    static func holder(of key: Int64, _ connection: PostgresConnection) throws(PostgresError) -> String? {
        let rows = try connection.execute("""
            SELECT a.pid, a.application_name, host(a.client_addr) AS client FROM pg_locks l
            JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
              AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
              AND l.classid::bigint = $1 AND l.objid::bigint = $2
            """, [.int(key >> 32 & 0xFFFF_FFFF), .int(key & 0xFFFF_FFFF)])
        guard let row = rows.first else { return nil }
        return Messages.Postgres.passLockHolder(application: try row.value("application_name"), client: try row.value("client"), backendPID: try row.value("pid"))
    }

    /// `body`'s database error as the lock's: the server could not be asked.
    static func failing<Value>(_ url: PostgresURL, _ body: () throws(PostgresError) -> Value) throws(PassLockError) -> Value {
        do {
            return try body()
        } catch {
            throw PassLockError(Messages.Postgres.passLockFailed(url.description, error.message))
        }
    }
}
