import Foundation
import Testing
import SidelineFakeSleeper
import SidelineTestSupport

/// The commands a self-hoster runs, through the binary, on a PostgreSQL store (issue 31):
/// `migrate`, `users`, `devices`, `tick`, `status`, `check`, `backup` and `serve`, against a
/// fresh schema of the test server, the URL's password never in any output.
@Suite("Command line on a PostgreSQL store", .enabled(if: StoreUnderTest.available.contains(.postgres), "needs the PostgreSQL test server (scripts/test-env)"))
struct CLIPostgresTests {
    @Test("migrate, users, devices, a kickoff tick, status, check, backup's refusal and serve all work on PostgreSQL; the password is never shown")
    func everyCommand() async throws {
        try await StoreUnderTest.postgres.withLocation { overrides in
            let url = try #require(overrides["store.url"])
            let password = try #require(URLComponents(string: url)?.password)
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T14:25:00Z", extra: ["SIDELINE_STORE_URL": url, "SIDELINE_SERVER_ADMIN_TOKEN": Self.adminToken]) { cli, world in
                var outputs: [String] = []
                func run(_ arguments: String...) async throws -> ChildOutput {
                    let result = try await cli.run(arguments)
                    outputs += [result.stdout, result.stderr]
                    return result
                }
                let migrated = try await run("migrate")
                #expect(migrated.status == 0, "\(migrated.stderr)")
                #expect(migrated.stdout.contains("PostgreSQL sideline@127.0.0.1:"), "\(migrated.stdout)")
                #expect(try await run("migrate").stdout.contains("is up to date"))

                #expect(try await run("users", "add", GameDayScript.alex.username).status == 0)
                let users = try await run("users", "list", "--json")
                #expect(users.stdout.contains(GameDayScript.alex.userID), "\(users.stdout)")
                let token = String(repeating: "ab", count: 32)
                #expect(try await run("devices", "add", GameDayScript.alex.username, "--push-to-start", token, "--sandbox").status == 0)
                #expect(try await run("devices", "add", GameDayScript.alex.username, "--push-to-start", token, "--sandbox").stdout.contains("already"))
                #expect(try await run("devices", "list", "--json").stdout.contains(GameDayScript.alex.userID))

                // Alex's activity starts a minute after the London kickoff, on PostgreSQL.
                world.setNow(utc("2026-11-22T14:31:00Z"))
                let tick = try await run("tick", "--now", "2026-11-22T14:31:00Z", "--dry-run", "--json")
                #expect(tick.status == 0, "\(tick.stderr)")
                #expect(tick.stdout.contains("\"event\":\"start\""), "\(tick.stdout)")
                let status = try await run("status", "--json")
                #expect(status.status == 0, "\(status.stderr)")
                #expect(status.stdout.contains("PostgreSQL sideline@127.0.0.1"), "\(status.stdout)")
                let check = try await run("check")
                #expect(check.stdout.contains("database: PostgreSQL sideline@127.0.0.1"), "\(check.stdout)")

                let copy = cli.directory.appendingPathComponent("copy.sqlite").path
                let backup = try await run("backup", copy)
                #expect(backup.status != 0)
                #expect(backup.stderr.contains("pg_dump"), "\(backup.stderr)")
                #expect(!FileManager.default.fileExists(atPath: copy))

                let (_, served) = try await cli.withServer { base, server in
                    let (code, body) = try await CLIIsItWorkingTests.get(base.appendingPathComponent("readyz"))
                    #expect(code == 200 || code == 503, "\(code)")
                    #expect(body["ready"] != nil || body["status"] != nil, "\(body)")
                    let (pageStatus, page) = try await getText(base, bearer: Self.adminToken)
                    #expect(pageStatus == 200, "\(page)")
                    #expect(page.contains(GameDayScript.alex.username), "the status page lists the registration read from PostgreSQL")
                    outputs.append(page)
                    server.terminate()
                    try await server.waitForExit(timeout: .seconds(60))
                }
                #expect(served.status == 0, "\(served.stderr)")
                outputs += [served.stdout, served.stderr]
                for output in outputs { #expect(!output.contains(password), "the password never appears: \(output)") }
            }
        }
    }

    static let adminToken = "cli-admin-token-0123456789abcdef"

    @Test("The password may come from store.password_file or PGPASSWORD instead of the URL; a wrong one is refused at once, unechoed")
    func passwordFile() async throws {
        try await StoreUnderTest.postgres.withLocation { overrides in
            let url = try #require(overrides["store.url"])
            var parts = try #require(URLComponents(string: url))
            let password = try #require(parts.password)
            parts.password = nil
            let withoutPassword = try #require(parts.string)
            try await withSidelineBinary(sleeper: nil) { cli in
                let file = cli.directory.appendingPathComponent("pg-password")
                try (password + "\n").write(to: file, atomically: true, encoding: .utf8)
                let environment = ["SIDELINE_STORE_URL": withoutPassword, "SIDELINE_STORE_PASSWORD_FILE": file.path]
                let good = try await cli.run(["migrate"], environment: environment)
                #expect(good.status == 0, "\(good.stderr)")
                // libpq's own variable, as every PostgreSQL tool reads it.
                let fromVariable = try await cli.run(["users", "list"], environment: ["SIDELINE_STORE_URL": withoutPassword, "PGPASSWORD": password])
                #expect(fromVariable.status == 0, "\(fromVariable.stderr)")
                try "not-the-password\n".write(to: file, atomically: true, encoding: .utf8)
                let wrong = try await cli.run(["users", "list"], environment: environment)
                #expect(wrong.status == 74, "\(wrong.stderr)")
                #expect(wrong.stderr.contains("password authentication failed"), "\(wrong.stderr)")
                #expect(!wrong.stderr.contains("not-the-password"))
            }
        }
    }
}
