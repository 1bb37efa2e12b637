import Foundation
import Testing
import SidelineFakeSleeper
import SidelineTestSupport

/// What only the binary shows of a game day: each `tick` is a process that exits 0, and
/// stdout carries one JSON object per event line and nothing else. The day itself (every
/// start, update, end, restart and the rollover, in dry-run and live lifecycles) is
/// `SchedulerDayTests`, in process (ADR 027).
@Suite("tick --dry-run --json through the binary: exit codes and stdout framing")
struct CLIScriptedSundayTests {
    @Test("Around Alex's kickoff: each tick exits 0 and prints one JSON object per event line; status reads the same database")
    func kickoffTicks() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T14:25:00Z") { cli, world in
            let added = try await cli.run("users", "add", GameDayScript.alex.username, "--league", GameDayScript.leagueID)
            #expect(added.status == 0, "\(added.stderr)")

            var printed: [String: [[String: Any]]] = [:]
            for minute in ["14:30", "14:31", "14:32"] {
                let at = utc("2026-11-22T\(minute):00Z")
                world.setNow(at)
                let tick = try await cli.run("tick", "--now", iso(at), "--dry-run", "--json")
                #expect(tick.status == 0, "tick at \(minute): \(tick.stderr)")
                #expect(tick.stdout.isEmpty || tick.stdout.hasSuffix("\n"), "whole lines only")
                printed[minute] = try tick.lines.map { line in
                    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not one JSON object: \(line)")
                }
            }
            #expect(printed["14:30"]?.isEmpty == true, "nothing before kickoff")
            let start = try #require(printed["14:31"]?.first, "the start at kickoff")
            #expect(start["event"] as? String == "start")
            #expect(start["reason"] as? String == "kickoff")
            #expect((start["at"] as? String)?.hasPrefix("2026-11-22T14:31") == true, "\(start["at"] ?? "")")
            #expect(start["username"] as? String == GameDayScript.alex.username)
            #expect(printed.values.joined().allSatisfy { $0["dry_run"] as? Bool == true })

            // `status` is another process on the same database: it shows that dry-run activity.
            let status = try await cli.run("status", "--json")
            #expect(status.status == 0, "\(status.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
            let registration = try #require((report["registrations"] as? [[String: Any]])?.first)
            #expect(registration["activity"] as? String == start["activity"] as? String)
        }
    }
}
