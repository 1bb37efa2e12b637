import Foundation
import SidelinePostgresTestDatabase
import Testing

/// Which store an engine harness runs on (issue 31): the SQLite file in its directory, as
/// every suite before, or a fresh schema of the PostgreSQL test server
/// (`scripts/pg-test-server`, started by `scripts/test-env`), reached through `store.url`
/// exactly as `sideline` reaches a configured server.
public enum StoreUnderTest: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case sqlite
    case postgres

    public var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// SQLite and, when the test server runs (always under CI), PostgreSQL.
    public static var available: [StoreUnderTest] { TestDatabase.runs ? [.sqlite, .postgres] : [.sqlite] }

    /// Runs `body` with the configuration overrides that select this store; a PostgreSQL
    /// schema is made first and dropped after.
    public func withLocation<T>(_ body: ([String: String]) async throws -> T) async throws -> T {
        guard self == .postgres else { return try await body([:]) }
        let schema = try TestDatabase.freshSchema().schema
        do {
            let result = try await body(["store.url": try TestDatabase.urlText(schema: schema)])
            try TestDatabase.drop(schema)
            return result
        } catch {
            // The test's own failure is the one to report; a schema left behind is scratch.
            _ = try? TestDatabase.drop(schema)
            throw error
        }
    }
}
