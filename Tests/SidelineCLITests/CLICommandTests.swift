import Foundation
import Testing
import SidelineEngine
import SidelineStore
import SidelineFakeSleeper
import SidelineTestSupport

@Suite("Command-line behaviour: registration, bad input, configuration, exit codes")
struct CLICommandTests {
    @Test("users add registers, prints what it did, and is idempotent; list --json has the documented fields")
    func registerAndList() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z") { cli, _ in

            #expect(try await cli.run("users", "list", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
            let added = try await cli.run("users", "add", GameDayScript.alex.username)
            #expect(added.status == 0, "\(added.stderr)")
            #expect(added.stdout.contains("registered #1: demo_alex in Sideline Demo League"))
            // By user id this time: the same registration.
            let again = try await cli.run("users", "add", GameDayScript.alex.userID, "--league", GameDayScript.leagueID)
            #expect(again.status == 0)
            #expect(again.stdout.contains("already registered #1"))

            let list = try await cli.run("users", "list", "--json")
            let rows = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
            #expect(rows?.count == 1)
            let row = try #require(rows?.first)
            #expect(row["registration"] as? String == "1")
            #expect(row["sleeper_user_id"] as? String == GameDayScript.alex.userID)
            #expect(row["username"] as? String == "demo_alex")
            #expect(row["league_id"] as? String == GameDayScript.leagueID)
            #expect(row["league_name"] as? String == "Sideline Demo League")
            #expect(row["roster_id"] as? Int == 1)
            #expect(row["season"] as? String == "2026")

            let removed = try await cli.run("users", "remove", "1")
            #expect(removed.status == 0)
            #expect(try await cli.run("users", "list", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
            let missing = try await cli.run("users", "remove", "1")
            #expect(missing.status == 1)
            #expect(missing.stderr.hasPrefix("sideline: no registration 1"))
        }
    }

    @Test("users remove on a database it cannot read is a database error (74), not \"no registration\"")
    func removeOnAnUnreadableDatabase() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z") { cli, _ in
            #expect(try await cli.run("users", "add", GameDayScript.alex.username).status == 0)
            // The table the look-up reads is gone (a damaged or hand-edited database).
            let broken = try await TestTools.run(TestTools.python, ["-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('ALTER TABLE registration RENAME TO registration_elsewhere'); c.commit()", cli.databasePath])
            #expect(broken.status == 0, "\(broken.stderr)")
            let removed = try await cli.run("users", "remove", "1")
            #expect(removed.status == 74, "\(removed.stderr)")
            #expect(!removed.stderr.contains("no registration 1"))
        }
    }

    @Test("devices add/list/remove and tokens set: shortened tokens, clear refusals, nothing stored on error")
    func devices() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z") { cli, _ in
            let token = "ab" + String(repeating: "cd", count: 40)

            let unknown = try await cli.run("devices", "add", "demo_alex", "--push-to-start", token)
            #expect(unknown.status == 1)
            #expect(unknown.stderr.hasPrefix("sideline: no registration for Sleeper user 'demo_alex'"))
            #expect(try await cli.run("users", "add", GameDayScript.alex.username).status == 0)
            for bad in ["not-hex", "abc", String(repeating: "a", count: 600)] {
                let refused = try await cli.run("devices", "add", "demo_alex", "--push-to-start", bad)
                #expect(refused.status == 1)
                #expect(refused.stderr.hasPrefix("sideline: invalid push-to-start token"))
                #expect(refused.stderr.split(separator: "\n").count == 1)
            }
            #expect(try await cli.run("devices", "list").stdout.contains("no devices yet"))

            let added = try await cli.run("devices", "add", "DEMO_ALEX", "--push-to-start", token.uppercased(), "--sandbox", "--name", "Alex's iPhone")
            #expect(added.status == 0, "\(added.stderr)")
            let list = try await cli.run("devices", "list", "--json")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
            #expect(rows.count == 1)
            #expect(rows.first?["environment"] as? String == "sandbox")
            #expect(rows.first?["sleeper_user_id"] as? String == GameDayScript.alex.userID)
            #expect(rows.first?["push_to_start_token"] as? String == "abcdcdcd…cdcd", "never printed whole")
            #expect(!list.stdout.contains(token))
            let id = try #require(rows.first?["id"] as? String)

            let noActivity = try await cli.run("tokens", "set", "1-2026w12-1", token)
            #expect(noActivity.status == 1)
            #expect(noActivity.stderr.hasPrefix("sideline: no activity 1-2026w12-1 has started"))

            #expect(try await cli.run("devices", "remove", id).status == 0)
            #expect(try await cli.run("devices", "remove", id).status == 1)
            #expect(try await cli.run("devices", "list", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        }
    }

    @Test("Bad input gets one clear line, exit 1, and nothing stored")
    func badInput() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z") { cli, world in
            world.setProvider { now in
                var snapshot = GameDayScript.snapshot(at: now)
                snapshot.users.append(.init(userID: "799", username: "stranger", displayName: "stranger"))
                return snapshot
            }

            let cases: [([String], String)] = [
                (["users", "add", "nobody_here"], "Sleeper has no user named \"nobody_here\""),
                (["users", "add", "demo_alex", "--league", "42"], "Sleeper has no league with id 42"),
                (["users", "add", "stranger", "--league", GameDayScript.leagueID], "stranger has no roster in Sideline Demo League"),
                (["users", "add", "demo_alex", "--league", GameDayScript.leagueID, "--league", "42"], "no league with id 42"),
            ]
            for (arguments, message) in cases {
                let result = try await cli.run(arguments)
                #expect(result.status == 1, "\(arguments)")
                #expect(result.stderr.hasPrefix("sideline: "), "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
            #expect(try await cli.run("users", "list", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")

            // Sleeper unreachable: a port nothing listens on.
            try await withSidelineBinary(sleeper: URL(string: "http://127.0.0.1:9")!) { offline in
                let unreachable = try await offline.run("users", "add", "demo_alex")
                #expect(unreachable.status == 1)
                #expect(unreachable.stderr.contains("could not reach"))
                #expect(try await offline.run("users", "list", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
            }
        }
    }

    @Test("A malformed configuration is exit 78 with the key named")
    func badConfiguration() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let tooMany = try await cli.run("status", environment: ["SIDELINE_SLEEPER_MAX_CALLS_PER_MINUTE": "5000"])
            #expect(tooMany.status == 78)
            #expect(tooMany.stderr.contains("sleeper.max_calls_per_minute"))
            let typo = try await cli.run("status", environment: ["SIDELINE_SLEEPER_MAX_CALLS": "5"])
            #expect(typo.status == 78)
            #expect(typo.stderr.contains("SIDELINE_SLEEPER_MAX_CALLS"))

            let file = cli.directory.appendingPathComponent("bad.json")
            try Data(#"{"lifecycle": {"grace_minute": 30}}"#.utf8).write(to: file)
            let unknown = try await cli.run("status", "--config", file.path)
            #expect(unknown.status == 78)
            #expect(unknown.stderr.contains("lifecycle.grace_minute"))
            let missing = try await cli.run("status", "--config", "/nonexistent/sideline.json")
            #expect(missing.status == 78)
            #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        }
    }

    @Test("Usage errors exit 64; --help explains the commands")
    func usage() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            #expect(try await cli.run("tick", "--now", "yesterday").status == 64)
            #expect(try await cli.run("users", "add", "x", "--league", "abc").status == 64)
            let help = try await cli.run("--help")
            #expect(help.status == 0)
            for command in ["tick", "run", "status", "users", "demo"] { #expect(help.stdout.contains(command)) }
            #expect(try await cli.run("tick", "--help").stdout.contains("--dry-run"))
            let schema = try await cli.run("schema")
            #expect(schema.status == 0)
            #expect((try? JSONSerialization.jsonObject(with: Data(schema.stdout.utf8))) != nil)
        }
    }

    @Test("A second pass against the same database waits briefly, then exits 75")
    func lockBusy() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: cli.databasePath).deletingLastPathComponent().path, withIntermediateDirectories: true)
            do {
                let held = try PassLock(databasePath: cli.databasePath)
                let result = try await cli.run("tick", "--now", "2026-11-25T12:00:00Z")
                #expect(result.status == 75)
                #expect(result.stderr.contains("another sideline pass is running"))
                withExtendedLifetime(held) {}
            }
            #expect(try await cli.run("tick", "--now", "2026-11-25T12:00:00Z").status == 0)
        }
    }

    /// The binary against a world with the script's users and league but no games, so the
    /// daemon (which runs on the wall clock) sees nothing live whatever day the tests run.
    func withGamelessSleeper(extra: [String: String] = [:], _ body: (SidelineBinary) async throws -> Void) async throws {
        let world = FakeSleeperWorld()
        world.setProvider { now in
            var snapshot = GameDayScript.snapshot(at: now)
            snapshot.games = [:]
            return snapshot
        }
        try await withFakeSleeper(world) { base, _ in
            try await withSidelineBinary(sleeper: base, extra: extra, body)
        }
    }

    @Test("The daemon runs passes and exits with --until-idle")
    func daemonUntilIdle() async throws {
        try await withGamelessSleeper { cli in
            #expect(try await cli.run("users", "add", "demo_blake", "--league", GameDayScript.leagueID).status == 0)
            let result = try await cli.run("run", "--dry-run", "--until-idle", environment: ["SIDELINE_LOG_LEVEL": "info"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("exiting (--until-idle)"))
        }
    }

    @Test("The daemon shuts down gracefully on SIGTERM")
    func daemonSigterm() async throws {
        try await withGamelessSleeper(extra: ["SIDELINE_LOG_LEVEL": "debug"]) { cli in
            let (ranAPass, daemon) = try await cli.withRunning(["run", "--dry-run"]) { daemon in
                // Signal only once a pass has run: by then the signal handlers are installed,
                // however slow the machine. The pass's own line ("pass 2026-…"), not the
                // start-up line ("a pass every 30 s"), which comes before the handlers are.
                let ran = try await daemon.waitFor("a pass") { $0.stderr.contains(/\ pass [0-9]{4}-/) ? true : nil }
                daemon.terminate()
                try await daemon.waitForExit(timeout: .seconds(60))
                return ran
            }
            #expect(ranAPass)
            #expect(daemon.status == 0, "\(daemon.stderr)")
            #expect(daemon.signal == nil, "it exited by itself, not by the signal's default action")
            #expect(daemon.stderr.contains("shutting down"))
        }
    }
}

@Suite("Sink configuration through the command line")
struct CLISinkTests {
    let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

    @Test("A webhook sink without a URL, or with a bad secret, is exit 78 and never echoes the secret")
    func badSinkConfiguration() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let missing = try await cli.run("tick", environment: ["SIDELINE_SINKS_ENABLED": "webhook", "SIDELINE_SINKS_WEBHOOK_SECRET": secret])
            #expect(missing.status == 78)
            #expect(missing.stderr.contains("sinks.webhook.url"))
            let badSecret = try await cli.run("tick", environment: ["SIDELINE_SINKS_ENABLED": "webhook", "SIDELINE_SINKS_WEBHOOK_URL": "http://127.0.0.1:9/hook", "SIDELINE_SINKS_WEBHOOK_SECRET": "whsec_not*base64"])
            #expect(badSecret.status == 78)
            #expect(badSecret.stderr.hasPrefix("sideline: sinks.webhook:"))
            #expect(!badSecret.stderr.contains("not*base64"))
            let ntfy = try await cli.run("tick", environment: ["SIDELINE_SINKS_ENABLED": "ntfy"])
            #expect(ntfy.status == 78)
            #expect(ntfy.stderr.contains("sinks.ntfy.topic"))
        }
    }

    @Test("A real pass whose webhook is down completes, keeps the events pending, and status shows them")
    func webhookDown() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T18:05:00Z", extra: [
            "SIDELINE_SINKS_ENABLED": "webhook",
            "SIDELINE_SINKS_WEBHOOK_URL": "http://127.0.0.1:9/hook",
            "SIDELINE_SINKS_WEBHOOK_SECRET": secret,
        ]) { cli, world in
            #expect(try await cli.run("users", "add", "demo_blake", "--league", GameDayScript.leagueID).status == 0)
            world.setNow(utc("2026-11-22T18:05:00Z"))
            let tick = try await cli.run("tick", "--now", "2026-11-22T18:05:00Z")
            #expect(tick.status == 0, "\(tick.stderr)")
            #expect(tick.stderr.contains("delivery of event"))
            #expect(!tick.stderr.contains(secret))
            let status = try await cli.run("status", "--json")
            let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            let deliveries = object?["deliveries"] as? [[String: Any]] ?? []
            #expect(deliveries.contains { $0["sink"] as? String == "webhook" && $0["status"] as? String == "pending" })
        }
    }
}
