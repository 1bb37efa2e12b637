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
    let key: Int64

    /// Polls `pg_try_advisory_lock` every 0.1 s for up to `wait` seconds (never blocks in
    /// the server: a pass that cannot start says so, with what holds the lock).
    init(url: PostgresURL, wait: TimeInterval, sleep: (TimeInterval) -> Void = { Thread.sleep(forTimeInterval: $0) }) throws(PassLockError) {
        let connection = try Self.failing(url) { () throws(PostgresError) in try PostgresConnection(url: Self.named(url)) }
        let schema = try Self.failing(url) { () throws(PostgresError) in
            try connection.execute("SELECT coalesce(current_schema(), '') AS schema").first?.value("schema", as: String.self) ?? ""
        }
        let key = PostgresLockKey.pass(schema: schema)
        var waited: TimeInterval = 0
        while try !Self.failing(url, { () throws(PostgresError) in try connection.tryAdvisoryLock(key) }) {
            guard waited < wait else {
                let holder = try Self.failing(url) { () throws(PostgresError) in try Self.holder(of: key, connection) }
                throw PassLockError(Messages.Postgres.passLockHeld(url.description, schema: schema, holder: holder))
            }
            sleep(0.1)
            waited += 0.1
        }
        self.connection = connection
        self.key = key
    }

    deinit {
        // Unlocked at once, so the next pass need not wait for the server to notice the
        // closed connection. If this fails the connection is gone, and its lock with it.
        do { try connection.advisoryUnlock(key) } catch {}
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
    static func hostName() -> String {
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
