import Foundation
import SidelinePostgres
import Testing

// The PostgreSQL these tests run against: `scripts/pg-test-server` (started by
// scripts/test-env, so by scripts/test and .ci/run) exports SIDELINE_TEST_POSTGRES_URL.
// Without it the suites are skipped with that reason, except under CI, where they run and
// fail saying how to start the server: CI must never pass by running none of them.

public enum TestDatabase {
    public static let urlText = ProcessInfo.processInfo.environment["SIDELINE_TEST_POSTGRES_URL"]
    public static let underCI = ProcessInfo.processInfo.environment["CI"] != nil

    /// Whether the suites that need a server run (with a server, or under CI to fail).
    public static var runs: Bool { urlText != nil || underCI }
    public static let skipReason: Comment = "SIDELINE_TEST_POSTGRES_URL is not set: run `scripts/pg-test-server start` and export its URL (scripts/test does both)"

    public static func url() throws -> PostgresURL {
        guard let urlText else {
            throw TestDatabaseMissing()
        }
        return try PostgresURL(urlText)
    }

    /// A schema of its own for one test (and the URL that uses it), so tests running side by
    /// side never see each other's tables; dropped with everything in it by ``drop(_:)``.
    public static func freshSchema() throws -> (url: PostgresURL, schema: String) {
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try PostgresConnection(url: url()).execute("CREATE SCHEMA \(schema)")
        return (try url(schema: schema), schema)
    }

    /// The test database's URL with `schema` as the search path: another connection to a
    /// schema ``freshSchema()`` made, as another poller would have.
    public static func url(schema: String) throws -> PostgresURL {
        let base = try url()
        var parameters = base.parameters
        parameters["options"] = "-c search_path=\(schema)"
        return PostgresURL(host: base.host, port: base.port, user: base.user, database: base.database, password: base.password, parameters: parameters)
    }

    /// ``url(schema:)`` as the text `store.url` takes (the password in it: tests only).
    public static func urlText(schema: String) throws -> String {
        guard let urlText else { throw TestDatabaseMissing() }
        return urlText + (urlText.contains("?") ? "&" : "?") + "options=-c%20search_path%3D" + schema
    }

    public static func drop(_ schema: String) throws {
        try PostgresConnection(url: url()).execute("DROP SCHEMA \(schema) CASCADE")
    }
}

public struct TestDatabaseMissing: Error, CustomStringConvertible {
    public var description: String {
        "CI is set and SIDELINE_TEST_POSTGRES_URL is not: the PostgreSQL tests need the server scripts/pg-test-server starts (source scripts/test-env, as scripts/test does)"
    }
}
