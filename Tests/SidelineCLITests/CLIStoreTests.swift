import Foundation
import Testing
import SidelineTestSupport

/// `store.url` and `sideline migrate` (issue 31): the SQLite file as before, a PostgreSQL URL
/// recognised and refused clearly while that store is not in the build.
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

    @Test("A PostgreSQL store.url is a configuration error (exit 78) saying the store is not in this build, never echoing the URL")
    func postgresNotYet() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            for arguments in [["users", "list"], ["migrate"], ["backup", cli.directory.appendingPathComponent("copy").path]] {
                let result = try await cli.run(arguments, environment: ["SIDELINE_STORE_URL": "postgres://sideline:hunter2-secret@db.example/sideline"])
                #expect(result.status == 78, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains("PostgreSQL store is not in this build yet"), "\(result.stderr)")
                #expect(!result.stderr.contains("hunter2"), "the password never appears: \(result.stderr)")
            }
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
