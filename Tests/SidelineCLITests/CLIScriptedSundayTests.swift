import Foundation
import Testing
import SidelineFakeSleeper

@Suite("A scripted Sunday through `sideline tick --now … --dry-run --json`, once a minute")
struct CLIScriptedSundayTests {
    @Test("Starts, updates, ends, restarts and the rollover come out as JSON lines")
    func scriptedSunday() async throws {
        let (server, world, base) = try await startScriptedSleeper(at: "2026-11-22T13:55:00Z")
        let cli = CLIHarness(sleeper: base)
        defer { cli.cleanUp(); Task { await server.stop() } }

        for user in [GameDayScript.alex.username, GameDayScript.blake.username] {
            let added = try await cli.run("users", "add", user, "--league", GameDayScript.leagueID)
            #expect(added.status == 0, "\(added.stderr)")
        }

        let formatter = ISO8601DateFormatter()
        var time = formatter.date(from: "2026-11-22T14:00:00Z")!
        let end = formatter.date(from: "2026-11-23T05:30:00Z")!
        var events: [[String: Any]] = []
        while time <= end {
            world.setNow(time)
            let result = try await cli.run("tick", "--now", formatter.string(from: time), "--dry-run", "--json")
            #expect(result.status == 0, "tick at \(time): \(result.stderr)")
            for line in result.lines {
                // stdout carries only one JSON object per event.
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(object != nil, "not a JSON object: \(line)")
                if let object { events.append(object) }
            }
            time = time.addingTimeInterval(60)
        }

        for event in events {
            for key in ["event", "reason", "at", "registration", "activity", "sleeper_user_id", "league_id", "season", "week", "score", "starters", "content_state"] {
                #expect(event[key] != nil, "missing \(key)")
            }
            #expect(event["season"] is String)
            #expect(event["registration"] is String)
        }
        func line(_ event: [String: Any]) -> String {
            let at = (event["at"] as? String ?? "").dropFirst(8).prefix(8)
            return "\(event["event"] ?? "") \(event["reason"] ?? "") \(at) \(event["username"] ?? "")"
        }
        let lifecycle = events.filter { ($0["event"] as? String) != "update" || ($0["reason"] as? String) == "resumed" }.map(line)
        #expect(lifecycle == [
            "start kickoff 22T14:31 demo_alex",
            "update resumed 22T18:01 demo_alex",
            "start kickoff 22T18:01 demo_blake",
            "end grace_expired 22T21:40 demo_blake",
            "end rollover 22T22:01 demo_alex",
            "start rollover 22T22:01 demo_alex",
            "update resumed 23T01:21 demo_alex",
            "end grace_expired 23T05:00 demo_alex",
        ])
        let updates = events.filter { ($0["event"] as? String) == "update" }
        #expect(updates.count > 50)
        // A new activity id for every start.
        let starts = events.filter { ($0["event"] as? String) == "start" }.compactMap { $0["activity"] as? String }
        #expect(Set(starts).count == starts.count)

        // The status command reads the same database.
        let status = try await cli.run("status", "--json")
        #expect(status.status == 0)
    }
}
