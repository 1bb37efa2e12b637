import Foundation
import Testing
import SidelineFakeSleeper
import SidelineTestSupport

/// `sideline users scope` through the binary (issue 30): the exit code and usage line for
/// anything but person|league, the wait while something is open, and `users list`.
@Suite("users scope: person or league, through the binary")
struct CLIUsersScopeTests {
    @Test("users scope refuses anything but person|league (64, usage); a change while an activity is open says it waits; users list shows the scope")
    func scope() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T14:25:00Z") { cli, world in
            #expect(try await cli.run("users", "add", GameDayScript.alex.username).status == 0)
            #expect(try await cli.run("users", "list").stdout.contains("per league"))

            let bogus = try await cli.run("users", "scope", "alex", "bogus")
            #expect(bogus.status == 64, "\(bogus.stderr)")
            #expect(bogus.stderr.contains("Usage: sideline users scope"), "\(bogus.stderr)")
            #expect(bogus.stderr.contains("person|league"))

            let unknown = try await cli.run("users", "scope", "nobody_here", "person")
            #expect(unknown.status != 0)
            #expect(unknown.stderr.contains("no registered user nobody_here"))

            // Nothing open yet: the change is just made.
            let quiet = try await cli.run("users", "scope", GameDayScript.alex.username, "league")
            #expect(quiet.status == 0, "\(quiet.stderr)")
            #expect(!quiet.stdout.contains("takes effect"))

            // Alex's league activity starts a minute after the London kickoff.
            world.setNow(utc("2026-11-22T14:31:00Z"))
            let tick = try await cli.run("tick", "--now", "2026-11-22T14:31:00Z")
            #expect(tick.status == 0, "\(tick.stderr)")
            let waits = try await cli.run("users", "scope", GameDayScript.alex.username, "person")
            #expect(waits.status == 0, "\(waits.stderr)")
            #expect(waits.stdout.contains("demo_alex: person scope"))
            #expect(waits.stdout.contains("demo_alex has an activity open now: the change takes effect when it ends"), "\(waits.stdout)")

            let list = try await cli.run("users", "list")
            #expect(list.stdout.contains("person"))
            #expect(!list.stdout.contains("per league"))
            let json = try JSONSerialization.jsonObject(with: Data(try await cli.run("users", "list", "--json").stdout.utf8)) as? [[String: Any]]
            #expect(json?.first?["scope"] as? String == "person")
        }
    }
}
