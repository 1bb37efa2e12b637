import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

/// Sideline's state in a PostgreSQL database that several pollers may share (issue 31,
/// ADR 038): the same tables and invariants as ``SQLiteStore``, its own migrations.
///
/// One connection per store, as one SQLite writer: statements from the actor and the HTTP
/// handlers take turns on it. Every invariant is one transaction; the ones that read and
/// then write across processes (the call log) also take an advisory lock.
public final class PostgresStore: Sendable, DatabaseTiming {
    public let url: PostgresURL
    /// Time spent in statements and transactions (the benchmark's database time).
    public let databaseClock = DatabaseClock()
    /// The running Sideline's version: recorded with the migrations it applies, named if a
    /// newer database is refused.
    let version: String?
    /// The address this poller's Sleeper calls leave from (`cluster.egress`, issue 32; `''`:
    /// the default, one machine): the call log, backoffs and pressure this store reads and
    /// writes are this egress's (PostgresStore+Egress.swift).
    public let egress: String
    /// The advisory lock that orders this egress's admits, backoffs and push-backs.
    let callLogLock: Int64
    let connection: PostgresConnection

    /// Connects and brings the schema up to date. `migrating: false` leaves the schema as
    /// it is, for `sideline migrate` to say what ``migrate()`` applies.
    public init(url: PostgresURL, version: String? = nil, migrating: Bool = true, egress: String = "") throws(StoreError) {
        self.url = url
        self.version = version
        self.egress = egress
        callLogLock = PostgresLockKey.callLog(egress: egress)
        do {
            connection = try PostgresConnection(url: url)
        } catch {
            throw StoreError(error.message)
        }
        if migrating { try migrate() }
    }

    /// One statement, on its own.
    @discardableResult
    func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(StoreError) -> PostgresRows {
        do {
            return try databaseClock.measure { () throws(PostgresError) in try connection.execute(sql, parameters) }
        } catch {
            throw StoreError("database statement failed: \(error)")
        }
    }

    /// Reads values out of rows, a column that does not read as expected a ``StoreError``.
    func decoding<Value>(_ body: () throws(PostgresError) -> Value) throws(StoreError) -> Value {
        do {
            return try body()
        } catch {
            throw StoreError("database read failed: \(error)")
        }
    }

    /// `body` in one transaction; any error rolls it back and comes out as a ``StoreError``.
    func transaction<Result: Sendable>(_ body: (PostgresSession) throws -> Result) throws(StoreError) -> Result {
        do {
            return try databaseClock.measure { try connection.transaction(body) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError("database transaction failed: \(error)")
        }
    }
}

// MARK: - JSON columns

/// JSON in text columns, encoded as the SQLite store encodes it (dates as seconds since
/// 1970), so a row means the same in either store.
enum PostgresJSON {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: Data(text.utf8))
    }
}

extension Date {
    /// Instants are stored as seconds since 1970 in `double precision` columns (ADR 038).
    var stored: PostgresValue { .double(timeIntervalSince1970) }
}
