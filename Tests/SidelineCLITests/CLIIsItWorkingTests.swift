import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GRDB
import Testing
import SidelineFakeSleeper
import SidelineTestSupport

/// "Is it working?" through the binary (ADR 035): what `status` and `/readyz` say after a
/// pass, `sideline backup`, and a database a newer version migrated.
@Suite("Command line: is it working? status, readiness, backups and upgrades")
struct CLIIsItWorkingTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not one JSON object: \(text)")
    }

    static func get(_ url: URL) async throws -> (Int, [String: Any]) {
        let (status, body): (Int, Data) = try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: url) { data, response, error in
                if let error { continuation.resume(throwing: error); return }
                continuation.resume(returning: ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data()))
            }.resume()
        }
        return (status, try json(String(decoding: body, as: UTF8.self)))
    }

    @Test("After a pass with Sleeper unreachable, status names the failure and the problem, and /readyz is 503 saying why")
    func unreachablePassShows() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z") { cli, _ in
            let added = try await cli.run("users", "add", GameDayScript.alex.username, "--league", GameDayScript.leagueID)
            #expect(added.status == 0, "\(added.stderr)")
            // Then Sleeper, its scores feed and ESPN are gone: nothing listens on port 9.
            let gone = Dictionary(uniqueKeysWithValues: ["SIDELINE_SLEEPER_URL", "SIDELINE_SCORES_URL", "SIDELINE_ESPN_URL"].map { ($0, "http://127.0.0.1:9") })
            let tick = try await cli.run(["tick"], environment: gone)
            #expect(tick.status == 0, "a pass whose calls failed still completed: \(tick.stderr)")

            let text = try await cli.run("status")
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains("Now: the last pass failed"), "\(text.stdout)")
            #expect(text.stdout.contains("could not reach http://127.0.0.1:9"), "the problem itself, in words: \(text.stdout)")

            let report = try Self.json(try await cli.run("status", "--json").stdout)
            let working = try #require(report["working"] as? [String: Any])
            #expect(working["state"] as? String == "pass_failed")
            #expect(working["ready"] as? Bool == false)
            let last = try #require(working["last_pass"] as? [String: Any])
            #expect((last["calls"] as? Int ?? 0) > 0 && last["unanswered"] as? Int == last["calls"] as? Int, "\(last)")

            _ = try await cli.withServer { base, _ in
                let (status, body) = try await Self.get(base.appendingPathComponent("readyz"))
                #expect(status == 503)
                #expect(body["reason"] as? String == "pass_failed")
                #expect((body["problem"] as? String)?.contains("could not reach") == true, "\(body)")
            }
        }
    }

    @Test("An idle install says idle until the next kickoff with a registered starter, the stats feed's silence is no fault, and it is ready")
    func idleUntilKickoff() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z") { cli, world in
            let added = try await cli.run("users", "add", GameDayScript.alex.username, "--league", GameDayScript.leagueID)
            #expect(added.status == 0, "\(added.stderr)")
            let tick = try await cli.run("tick", "--now", "2026-11-22T12:00:00Z")
            #expect(tick.status == 0, "\(tick.stderr)")

            let report = try Self.json(try await cli.run("status", "--json").stdout)
            let working = try #require(report["working"] as? [String: Any])
            #expect(working["state"] as? String == "idle")
            let kickoff = try #require(working["next_kickoff"] as? String)
            #expect(kickoff.hasPrefix("2026-11-22T"), "\(kickoff)")
            #expect((working["summary"] as? String)?.hasPrefix("idle until \(kickoff)") == true, "\(working)")
            if let livePoints = report["live_points"] as? String {
                #expect(!livePoints.contains("not answered") && !livePoints.contains("failing"), "\(livePoints)")
            }
            let text = try await cli.run("status")
            #expect(text.stdout.contains("Now: idle until "), "\(text.stdout)")
            #expect(text.stdout.contains("Pushes today (UTC day): "), "\(text.stdout)")

            _ = try await cli.withServer { base, _ in
                let (status, body) = try await Self.get(base.appendingPathComponent("readyz"))
                #expect(status == 200, "\(body)")
            }
        }
    }

    @Test("backup writes a checked copy while a pass holds the database, refuses to overwrite without --force, and says what it wrote")
    func backupCommand() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            #expect(try await cli.run("users", "list").status == 0)
            let file = cli.directory.appendingPathComponent("backup.sqlite").path
            // A pass in another process: a write transaction held open for the whole backup.
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true
            let pass = try DatabaseQueue(path: cli.databasePath, configuration: configuration)
            try await pass.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE; INSERT INTO meta (key, value) VALUES ('held', 'x')") }
            let first = try await cli.run("backup", file)
            try await pass.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("backed up \(cli.databasePath) to \(file)"), "\(first.stdout)")
            #expect(try Self.meta("held", in: file) == nil, "the copy is the committed state")

            let again = try await cli.run("backup", file)
            #expect(again.status == 74)
            #expect(again.stderr.contains("already exists") && again.stderr.contains("--force"), "\(again.stderr)")
            let forced = try await cli.run("backup", file, "--force")
            #expect(forced.status == 0, "\(forced.stderr)")
            #expect(try Self.meta("held", in: file) == "x")
        }
    }

    static func meta(_ key: String, in file: String) throws -> String? {
        try DatabaseQueue(path: file).read { try String.fetchOne($0, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key]) }
    }

    @Test("A database a newer Sideline migrated is refused in one line naming both versions")
    func newerDatabaseRefused() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            #expect(try await cli.run("users", "list").status == 0)
            let version = try await cli.run("--version").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let database = try DatabaseQueue(path: cli.databasePath)
            try await database.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
                try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('schema.migrated_by', '9.9.9') ON CONFLICT(key) DO UPDATE SET value = excluded.value")
            }
            try database.close()
            for arguments in [["status"], ["tick"]] {
                let refused = try await cli.run(arguments)
                #expect(refused.status == 74, "\(arguments): \(refused.stderr)")
                let lines = refused.stderr.trimmingCharacters(in: .newlines).split(separator: "\n")
                #expect(lines.count == 1, "\(refused.stderr)")
                #expect(refused.stderr.contains("Sideline 9.9.9") && refused.stderr.contains("this sideline is \(version)"), "\(refused.stderr)")
            }
            let backup = try await cli.run("backup", cli.directory.appendingPathComponent("before-downgrade.sqlite").path)
            #expect(backup.status == 0, "an older binary can still back it up: \(backup.stderr)")
        }
    }
}
