import Foundation
import Testing
import SidelineTestSupport

/// `store.url` and `sideline migrate` (issue 31): the SQLite file as before; a PostgreSQL URL
/// that cannot be used is a clear error (the commands on a real server: CLIPostgresTests).
@Suite("Command line: which store, and migrating it")
struct CLIStoreTests {
    @Test("migrate applies the migrations to a new database and says from which to which; run again it is up to date")
    func migrate() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let first = try await cli.run("migrate")
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("migrated \(cli.databasePath) from an empty schema to "), "\(first.stdout)")
            let again = try await cli.run("migrate")
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.contains("\(cli.databasePath) is up to date"), "\(again.stdout)")
        }
    }

    @Test("store.url as sqlite:PATH is the database: commands open that file, whatever database says")
    func sqliteURL() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let other = cli.directory.appendingPathComponent("other.sqlite").path
            let result = try await cli.run(["migrate"], environment: ["SIDELINE_STORE_URL": "sqlite:" + other])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(other), "\(result.stdout)")
            #expect(FileManager.default.fileExists(atPath: other))
        }
    }

    @Test("A PostgreSQL server that cannot be reached is a database error (exit 74) naming it, never echoing the password")
    func postgresUnreachable() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            for arguments in [["users", "list"], ["migrate"], ["status"]] {
                let result = try await cli.run(arguments, environment: ["SIDELINE_STORE_URL": "postgres://sideline:hunter2-secret@127.0.0.1:1/sideline"])
                #expect(result.status == 74, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains("127.0.0.1"), "\(result.stderr)")
                #expect(!result.stderr.contains("hunter2") && !result.stdout.contains("hunter2"), "the password never appears: \(result.stderr)")
            }
        }
    }

    @Test("A PostgreSQL URL that does not parse, or a password file that cannot be read, is a configuration error (exit 78)")
    func postgresConfigurationErrors() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let noUser = try await cli.run(["users", "list"], environment: ["SIDELINE_STORE_URL": "postgres://db.example/sideline"])
            #expect(noUser.status == 78, "\(noUser.stderr)")
            #expect(noUser.stderr.contains("names no user"), "\(noUser.stderr)")
            let missing = cli.directory.appendingPathComponent("no-such-password").path
            let unreadable = try await cli.run(["users", "list"], environment: ["SIDELINE_STORE_URL": "postgres://sideline@db.example/sideline",
                                                                              "SIDELINE_STORE_PASSWORD_FILE": missing])
            #expect(unreadable.status == 78, "\(unreadable.stderr)")
            #expect(unreadable.stderr.contains(missing), "\(unreadable.stderr)")
        }
    }

    @Test("A store.url with a scheme Sideline does not know is refused naming it")
    func unknownScheme() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let result = try await cli.run(["users", "list"], environment: ["SIDELINE_STORE_URL": "mysql://db.example/sideline"])
            #expect(result.status == 78, "\(result.stderr)")
            #expect(result.stderr.contains("mysql:"), "\(result.stderr)")
        }
    }
}
