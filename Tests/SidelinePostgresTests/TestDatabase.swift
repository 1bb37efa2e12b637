import Foundation
import SidelinePostgres
import Testing

// The PostgreSQL these tests run against: `scripts/pg-test-server` (started by
// scripts/test-env, so by scripts/test and .ci/run) exports SIDELINE_TEST_POSTGRES_URL.
// Without it the suites are skipped with that reason, except under CI, where they run and
// fail saying how to start the server: CI must never pass by running none of them.

enum TestDatabase {
    static let urlText = ProcessInfo.processInfo.environment["SIDELINE_TEST_POSTGRES_URL"]
    static let underCI = ProcessInfo.processInfo.environment["CI"] != nil

    /// Whether the suites that need a server run (with a server, or under CI to fail).
    static var runs: Bool { urlText != nil || underCI }
    static let skipReason: Comment = "SIDELINE_TEST_POSTGRES_URL is not set: run `scripts/pg-test-server start` and export its URL (scripts/test does both)"

    static func url() throws -> PostgresURL {
        guard let urlText else {
            throw TestDatabaseMissing()
        }
        return try PostgresURL(urlText)
    }

    /// A schema of its own for one test (and the URL that uses it), so tests running side by
    /// side never see each other's tables; dropped with everything in it by ``drop(_:)``.
    static func freshSchema() throws -> (url: PostgresURL, schema: String) {
        let base = try url()
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try PostgresConnection(url: base).execute("CREATE SCHEMA \(schema)")
        var parameters = base.parameters
        parameters["options"] = "-c search_path=\(schema)"
        let url = PostgresURL(host: base.host, port: base.port, user: base.user, database: base.database, password: base.password, parameters: parameters)
        return (url, schema)
    }

    static func drop(_ schema: String) throws {
        try PostgresConnection(url: url()).execute("DROP SCHEMA \(schema) CASCADE")
    }
}

struct TestDatabaseMissing: Error, CustomStringConvertible {
    var description: String {
        "CI is set and SIDELINE_TEST_POSTGRES_URL is not: the PostgreSQL tests need the server scripts/pg-test-server starts (source scripts/test-env, as scripts/test does)"
    }
}
