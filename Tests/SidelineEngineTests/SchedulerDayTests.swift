import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

@Suite("The scheduler on a scripted game day, over real HTTP")
struct SchedulerDayTests {
    /// The scripted Sunday's starts, resumes, rollover and ends, to Monday 05:00 UTC.
    static let sundayLifecycle = [
        "start kickoff 22T14:31 demo_alex",
        "update resumed 22T18:01 demo_alex",
        "start kickoff 22T18:01 demo_blake",
        "end grace_expired 22T21:40 demo_blake",
        "end rollover 22T22:01 demo_alex",
        "start rollover 22T22:01 demo_alex",
        // The 4:25 game ends at 00:35; Sunday night kicks off 45 minutes later: held, not ended.
        "update resumed 23T01:21 demo_alex",
        "end grace_expired 23T05:00 demo_alex",
    ]

    @Test("A whole Sunday and Monday night: starts, resumes, rollover, bridge, ends, restart; within budget")
    func wholeDay() async throws {
        try await withEngineHarness { harness in
            _ = try await harness.register()
            let sink = RecordingSink()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T14:00:00Z", to: "2026-11-23T06:00:00Z", sinks: [sink])
            try await harness.run(scheduler, from: "2026-11-24T00:30:00Z", to: "2026-11-24T05:30:00Z", sinks: [sink])

            let lifecycle = sink.events.filter { $0.event != .update || $0.reason == .resumed }.map(\.summary)
            #expect(lifecycle == Self.sundayLifecycle + [
                "start kickoff 24T01:16 demo_blake",
                "end grace_expired 24T04:55 demo_blake",
            ])
            // Every event of an activity after its start is an update or its end, in order.
            for (activity, events) in Dictionary(grouping: sink.events, by: \.activity) {
                #expect(events.first?.event == .start, "activity \(activity)")
                #expect(events.last?.event == .end, "activity \(activity)")
                #expect(events.dropFirst().dropLast().allSatisfy { $0.event == .update })
            }

            let log = try SQLiteStore(path: harness.configuration.databasePath).callLog()
            #expect(RateBudget.busiestWindow(log.map(\.at)) <= harness.configuration.maxCallsPerMinute)
            // players/nfl at most once a day: Sunday's first kickoff, then Monday night, 35 h later.
            // (The call log keeps a day, so count on the fake's own request log.)
            #expect(harness.world.requestCount(pathPrefix: "/v1/players/nfl") == 2)
        }
    }

    /// What `sideline tick --dry-run --json` prints over a Sunday, a new process a minute: the
    /// CLI suite runs the binary around one kickoff only (exit codes, stdout framing); the
    /// day's every event is checked here, in process (ADR 027).
    @Test("A dry-run Sunday, a new engine each minute: the live lifecycle in one of its own, each payload one line of JSON with the documented fields")
    func dryRunSunday() async throws {
        try await withEngineHarness { harness in
            _ = try await harness.register()
            let sink = RecordingSink()
            // A new engine and store connection every minute, as each `sideline tick` is a new
            // process: what one pass leaves in the database is all the next one starts from.
            var time = utc("2026-11-22T14:00:00Z")
            while time <= utc("2026-11-23T05:30:00Z") {
                harness.setNow(time)
                _ = try await harness.scheduler().runPass(at: time, mode: .dryRun, sinks: [sink])
                time += 60
            }

            let lifecycle = sink.events.filter { $0.event != .update || $0.reason == .resumed }.map(\.summary)
            #expect(lifecycle == Self.sundayLifecycle)
            #expect(sink.events.filter { $0.event == .update }.count > 50)
            let starts = sink.events.filter { $0.event == .start }.map(\.activity)
            #expect(Set(starts).count == starts.count, "a new activity id for every start")
            #expect(sink.events.allSatisfy { $0.dryRun })

            #expect(sink.payloads.count == sink.events.count)
            for payload in sink.payloads {
                #expect(!payload.contains(UInt8(ascii: "\n")), "one event, one line")
                let object = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
                for key in ["event", "reason", "at", "registration", "activity", "sleeper_user_id", "league_id", "season", "week", "score", "starters", "content_state"] {
                    #expect(object[key] != nil, "missing \(key)")
                }
                #expect(object["season"] is String)
                #expect(object["registration"] is String)
                #expect(object["dry_run"] as? Bool == true)
            }
        }
    }

    @Test("Two registrations in one league share one matchups call per pass")
    func sharedMatchupsCall() async throws {
        try await withEngineHarness(at: "2026-11-22T17:50:00Z") { harness in
            _ = try await harness.register()
            harness.world.clearRequests()
            let scheduler = try harness.scheduler()
            var perPass: [Int] = []
            var time = EngineHarness.utc("2026-11-22T17:50:00Z")
            while time <= EngineHarness.utc("2026-11-22T18:30:00Z") {
                let before = harness.world.requestCount(pathPrefix: "/v1/league/\(GameDayScript.leagueID)/matchups")
                harness.setNow(time)
                _ = try await scheduler.runPass(at: time, mode: .live, sinks: [RecordingSink()])
                perPass.append(harness.world.requestCount(pathPrefix: "/v1/league/\(GameDayScript.leagueID)/matchups") - before)
                time = time.addingTimeInterval(60)
            }
            #expect(perPass.allSatisfy { $0 <= 1 })
            // Live from 18:01: one call every minute for the league, however many registrations.
            #expect(perPass.suffix(20).allSatisfy { $0 == 1 })
        }
    }

    @Test("A league's ETag is kept with its snapshot: the next process sends it, and gets a 304")
    func etagKeptWithSnapshot() async throws {
        try await withEngineHarness(at: "2026-11-22T18:10:00Z") { harness in
            _ = try await harness.register()
            let path = "/v1/league/\(GameDayScript.leagueID)/matchups/12"
            let time = EngineHarness.utc("2026-11-22T18:10:00Z")
            harness.setNow(time)
            _ = try await harness.scheduler().runPass(at: time, mode: .live, sinks: [RecordingSink()])
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            let week = WeekKey(season: "2026", seasonType: .regular, week: 12)
            let etag = try #require(try store.snapshotETags(week: week)[GameDayScript.leagueID])
            #expect(try store.cachedResponse(url: harness.base.absoluteString + path) == nil, "matchups bodies are not kept twice")

            // A new process (a cron pass) two minutes later, nothing changed at Sleeper's end:
            // it sends the stored ETag, gets a 304, and the snapshot only moves its fetch time.
            harness.world.clearRequests()
            let later = time.addingTimeInterval(120)
            harness.setEngineClock(later)
            _ = try await harness.scheduler().runPass(at: later, mode: .live, sinks: [RecordingSink()])
            let sent = harness.world.requests.filter { $0.path == path }.map { $0.headers["if-none-match"] }
            #expect(sent == [etag])
            #expect(try store.snapshotTimes(week: week)[GameDayScript.leagueID] == later)
            #expect(try store.snapshotETags(week: week)[GameDayScript.leagueID] == etag)
        }
    }

    @Test("An idle pass makes no Sleeper call at all")
    func idlePass() async throws {
        try await withEngineHarness(at: "2026-11-23T12:00:00Z") { harness in
            _ = try await harness.register()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-23T12:00:00Z", to: "2026-11-23T12:00:00Z", sinks: [])
            harness.world.clearRequests()
            let reports = try await harness.run(scheduler, from: "2026-11-23T12:01:00Z", to: "2026-11-23T12:30:00Z", sinks: [])
            #expect(harness.world.requests.isEmpty)
            #expect(reports.allSatisfy { $0.calls.isEmpty && $0.events.isEmpty })
        }
    }

    @Test("With nothing registered, a pass makes no call")
    func nothingRegistered() async throws {
        try await withEngineHarness(at: "2026-11-22T18:30:00Z") { harness in
            try await harness.run(try harness.scheduler(), from: "2026-11-22T18:30:00Z", to: "2026-11-22T18:35:00Z", sinks: [])
            #expect(harness.world.requests.isEmpty)
        }
    }
}

@Suite("The call budget under pressure")
struct BudgetPressureTests {
    @Test("With a tiny budget the scheduler postpones work instead of exceeding it, and still starts")
    func tinyBudget() async throws {
        // 5 calls a minute, 3 of them kept for registration: the scheduler gets 2.
        try await withEngineHarness(at: "2026-11-22T17:40:00Z", overrides: ["sleeper.max_calls_per_minute": "5", "sleeper.registration_headroom": "3"]) { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            harness.setNow(EngineHarness.utc("2026-11-22T17:45:00Z"))
            _ = try await harness.register([GameDayScript.blake.username])
            harness.world.clearRequests()
            let sink = RecordingSink()
            let reports = try await harness.run(try harness.scheduler(), from: "2026-11-22T17:55:00Z", to: "2026-11-22T18:30:00Z", sinks: [sink], step: 20)
            let log = try SQLiteStore(path: harness.configuration.databasePath).callLog().filter { $0.at >= EngineHarness.utc("2026-11-22T17:55:00Z") }
            #expect(RateBudget.busiestWindow(log.map(\.at)) <= 2)
            #expect(reports.contains { $0.problems.contains { $0.contains("budget") } })
            // The Sleeper requests the fake saw match the log: nothing slipped past the gate.
            #expect(harness.world.requests.filter { !$0.path.hasPrefix("/apis/") }.count == log.count)
            #expect(sink.events.contains { $0.event == .start && $0.username == "demo_blake" })
        }
    }
}
