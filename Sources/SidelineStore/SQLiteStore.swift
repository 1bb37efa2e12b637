import Foundation
import GRDB
import SidelineCore

/// All of Sideline's state in one SQLite file (GRDB over the system libsqlite3).
///
/// One instance per process. Every invariant is one write transaction: a pass's lifecycle
/// states and the events they produced are committed together, before any sink sees them.
public final class SQLiteStore: Sendable, DatabaseTiming {
    let pool: DatabasePool
    /// Time spent in ``read(_:)`` and ``write(_:)`` (the benchmark's database time).
    public let databaseClock = DatabaseClock()
    public let path: String
    /// The running Sideline's version, recorded by a migration it applies (ADR 035).
    let version: String?

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    /// `directory` says whether a missing directory is created (the default paths) or an
    /// error (a configured path). A file Sideline could only read is an error naming it.
    /// `version` is the running Sideline's: recorded when it migrates the database, and
    /// named when a database migrated by a newer Sideline is refused (ADR 035). `migrating:
    /// false` leaves the schema as it is, for `sideline migrate` to say what it applies.
    public init(path: String, directory: DatabaseDirectory = .create, version: String? = nil, migrating: Bool = true) throws(StoreError) {
        self.path = path
        self.version = version
        try DatabaseFiles(path: path).prepare(directory)
        do {
            pool = try DatabasePool(path: path, configuration: Self.configuration)
        } catch {
            throw StoreError("cannot open the database \(path): \(Self.describe(error, path: path))")
        }
        if migrating { try migrate() }
    }

    /// How every connection to a Sideline database is configured.
    static var configuration: Configuration {
        var configuration = Configuration()
        // Another process (a `status` call, an overlapping cron pass) may hold the write lock briefly.
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        return configuration
    }

    static func describe(_ error: any Error, path: String) -> String {
        guard let error = error as? DatabaseError else { return "\(error)" }
        // SQLite's "attempt to write a readonly database" does not say which file is at fault.
        if error.resultCode == .SQLITE_READONLY { return DatabaseFiles(path: path).readOnlyProblem() }
        return error.message ?? error.description
    }

    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try databaseClock.measure { try pool.read(body) } } catch { throw StoreError("database read failed: \(Self.describe(error, path: path))") }
    }

    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try databaseClock.measure { try pool.write(body) } } catch let error as StoreError { throw error } catch {
            throw StoreError("database write failed: \(Self.describe(error, path: path))")
        }
    }
}

// MARK: - JSON columns

package enum JSONColumn {
    package static func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder().encode(value), as: UTF8.self)
    }

    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        // No sorted keys: these columns are only ever read back whole, and sorting every
        // object's keys was a fifth of a kickoff pass's encoding time.
        return encoder
    }

    package static func encodeData<T: Encodable>(_ value: T) throws -> Data {
        try encoder().encode(value)
    }

    package static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try decode(type, fromData: Data(text.utf8))
    }

    package static func decode<T: Decodable>(_ type: T.Type, fromData data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: data)
    }
}

extension WeekKey {
    /// The text form used as a key in the database: `2026/regular/12`.
    public var storageKey: String { "\(season)/\(seasonType.rawValue)/\(week)" }

    public init?(storageKey: String) {
        let parts = storageKey.split(separator: "/")
        guard parts.count == 3, let type = SeasonType(rawValue: String(parts[1])), let week = Int(parts[2]) else { return nil }
        self.init(season: String(parts[0]), seasonType: type, week: week)
    }
}

extension Date {
    var seconds: Double { timeIntervalSince1970 }
    init(seconds: Double) { self.init(timeIntervalSince1970: seconds) }
}
