import CLibPQ
import Foundation
import SidelineCore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One synchronous connection to PostgreSQL through libpq (ADR 038).
///
/// Statements run one at a time: the `PGconn` is only touched with its lock held, so the
/// connection can be shared by tasks and threads (libpq allows a connection on any thread,
/// one at a time). A call blocks its thread for the round trip, as a SQLite call does.
///
/// A connection lost between statements (the server restarted, an idle connection cut by
/// a firewall, `pg_terminate_backend`) is reset before the next statement. A statement
/// that fails because the connection broke under it is not retried: whether it ran is
/// unknown, and the caller decides (its error has ``PostgresError/connectionLost``).
/// Session-level advisory locks do not survive a reset.
public final class PostgresConnection: Sendable {
    public let url: PostgresURL
    private let handle: Mutex<OpaquePointer>

    public init(url: PostgresURL) throws(PostgresError) {
        self.url = url
        handle = Mutex(try Self.connect(url))
    }

    deinit {
        handle.withLock { PQfinish($0) }
    }

    /// Runs one statement on its own (autocommit) and reads its result.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> PostgresRows {
        try handle.withLock { pointer throws(PostgresError) -> PostgresRows in
            try Self.ensureAlive(pointer, url: url)
            return try PostgresSession(handle: pointer, url: url).execute(sql, parameters)
        }
    }

    /// Runs `body` with the connection to itself (reconnected first if it was lost).
    public func withSession<Result: Sendable>(_ body: (PostgresSession) throws -> Result) throws -> Result {
        try handle.withLock { pointer throws -> Result in
            try Self.ensureAlive(pointer, url: url)
            return try body(PostgresSession(handle: pointer, url: url))
        }
    }

    /// The backend's process id (for `pg_terminate_backend` in tests, and logs).
    public func backendPID() -> Int32 {
        handle.withLock { PQbackendPID($0) }
    }

    static func connect(_ url: PostgresURL) throws(PostgresError) -> OpaquePointer {
        // Keyword/value pairs, not a connection string: nothing needs quoting.
        let pairs = url.connectionParameters + [("client_encoding", "UTF8")]
        let keys = pairs.map { strdup($0.0) }
        let values = pairs.map { strdup($0.1) }
        defer { (keys + values).forEach { free($0) } }
        let keyPointers = keys.map { $0.map { UnsafePointer($0) } } + [nil]
        let valuePointers = values.map { $0.map { UnsafePointer($0) } } + [nil]
        guard let connection = PQconnectdbParams(keyPointers, valuePointers, 0) else {
            throw PostgresError(Messages.Postgres.cannotConnect(url.description, Messages.Postgres.outOfMemory))
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let why = PostgresError.scrubbed(PostgresSession.text(PQerrorMessage(connection)), password: url.password)
            PQfinish(connection)
            throw PostgresError(Messages.Postgres.cannotConnect(url.description, why), connectionLost: true)
        }
        // libpq prints the server's notices ("already exists, skipping") on stderr by default.
        // They are not errors (those come back as PostgresError), and a daemon's stderr is its
        // log: dropped. The processor is kept across PQreset.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        return connection
    }

    /// Resets a connection that is gone, or going: an idle connection's server says
    /// nothing unless it is ending the session (a FATAL "terminating connection" notice,
    /// then the end of the stream; we never LISTEN). Input waiting on an idle socket is
    /// that notice, which arrives a moment before the close: reset now rather than send a
    /// statement into a session that is ending.
    static func ensureAlive(_ pointer: OpaquePointer, url: PostgresURL) throws(PostgresError) {
        guard PQstatus(pointer) != CONNECTION_OK || Self.readable(PQsocket(pointer)) else { return }
        PQreset(pointer)
        guard PQstatus(pointer) == CONNECTION_OK else {
            let why = PostgresError.scrubbed(PostgresSession.text(PQerrorMessage(pointer)), password: url.password)
            throw PostgresError(Messages.Postgres.cannotConnect(url.description, why), connectionLost: true)
        }
    }

    /// Whether `socket` has input (or its end) waiting, without waiting for any.
    static func readable(_ socket: Int32) -> Bool {
        guard socket >= 0 else { return false }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }
}
