import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineDelivery
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// Issue 26, tried the way it failed: Sleeper's scores feed answers 503 (no `Retry-After`)
/// for 70 minutes across a final and a later kickoff. The fallback must not follow the
/// failing feed's rest (ADR 030).
@Suite("Game statuses while Sleeper's scores feed rests")
struct GameStatusFallbackTests {
    /// 00:12–01:22 UTC: the 4:05 game's final at 00:15 (demo_casey's grace ends 30 minutes
    /// later) and Sunday night's kickoff at 01:20 (her next activity starts).
    static let outage = utc("2026-11-23T00:12:00Z")..<utc("2026-11-23T01:22:00Z")
    static let first = "2026-11-22T23:50:00Z"
    static let last = "2026-11-23T01:45:00Z"

    /// One pass a minute from ``first`` to ``last``, a new process each pass as under cron;
    /// what each minute asked of the scores feed and of ESPN, and the lifecycle events.
    struct Day {
        var scoresReads: [Date: Int] = [:]
        var espnReads: [Date: Int] = [:]
        var events: [EventEnvelope] = []
        var sources: [Date: GameStatusSourceState] = [:]
        /// What `status` said of the game statuses, each minute.
        var status: [Date: String] = [:]
    }

    static func day(outage: Range<Date>?) async throws -> Day {
        try await withEngineHarness(at: first) { harness in
            _ = try await harness.register([GameDayScript.alex.username, GameDayScript.casey.username])
            if let outage { harness.world.inject(.status(503), forPathPrefix: "/scores/", during: outage) }
            harness.world.clearRequests()
            let sink = RecordingSink()
            var day = Day()
            var time = utc(first)
            while time <= utc(last) {
                let scores = harness.world.requestCount(pathPrefix: "/scores/"), espn = harness.world.requestCount(pathPrefix: "/apis/site/")
                harness.setNow(time)
                let scheduler = try harness.scheduler()
                _ = try await scheduler.runPass(at: time, mode: .live, sinks: [sink])
                day.status[time] = try await scheduler.status(at: time).gameStatuses
                day.scoresReads[time] = harness.world.requestCount(pathPrefix: "/scores/") - scores
                day.espnReads[time] = harness.world.requestCount(pathPrefix: "/apis/site/") - espn
                day.sources[time] = try SQLiteStore(path: harness.configuration.databasePath).gameStatusSource()
                time += 60
            }
            day.events = sink.events
            // ESPN is not a Sleeper host: none of its calls went through Sleeper's call log.
            let log = try SQLiteStore(path: harness.configuration.databasePath).callLog()
            #expect(!log.contains { $0.path.contains("/apis/") })
            return day
        }
    }

    /// The starts and ends, and the resumes that bridge a gap, by registration and kind.
    static func lifecycle(_ events: [EventEnvelope]) -> [String: Date] {
        var result: [String: Date] = [:]
        for event in events where event.event != .update || event.reason == .resumed {
            result["\(event.event.rawValue) \(event.reason.rawValue) \(event.username)"] = utc(event.at)
        }
        return result
    }

    @Test("With the scores feed down 70 minutes across a final and a kickoff, ESPN is read every minute, the end and the start come within two passes, and the feed takes over after")
    func outageAcrossFinalAndKickoff() async throws {
        let truth = try await Self.day(outage: nil)
        let down = try await Self.day(outage: Self.outage)

        // Every minute the run without the outage read game statuses, the run with it read
        // them too, from ESPN while the feed was failing.
        for (minute, reads) in truth.scoresReads where reads > 0 && Self.outage.contains(minute) {
            #expect(down.espnReads[minute, default: 0] >= 1, "no ESPN read at \(iso(minute))")
        }
        #expect(truth.espnReads.values.reduce(0, +) == 0, "a healthy feed never needs ESPN")

        let expected = Self.lifecycle(truth.events), seen = Self.lifecycle(down.events)
        #expect(expected.keys.contains("end grace_expired demo_casey"))
        #expect(expected.keys.contains("start kickoff demo_casey"))
        #expect(Set(seen.keys) == Set(expected.keys))
        for (what, at) in expected {
            let late = (seen[what] ?? .distantFuture).timeIntervalSince(at)
            #expect(late <= 120 && late >= 0, "\(what): \(iso(at)) without the outage, \(seen[what].map(iso) ?? "never") with it")
        }

        // While the feed failed the statuses came from ESPN; after it, the feed took over
        // (retried at its rest's end, at most 15 minutes later) and ESPN was left alone.
        #expect(down.sources[utc("2026-11-23T00:30:00Z")]?.source == .espn)
        #expect(down.status[utc("2026-11-23T00:30:00Z")]?.hasPrefix("from ESPN: Sleeper's scores feed is resting until 2026-11-23T00:") == true)
        #expect(down.status[utc("2026-11-23T00:30:00Z")]?.hasSuffix(" after HTTP 503") == true)
        #expect(truth.status.values.allSatisfy { $0 == "from Sleeper's scores feed" })
        // Each switch is stored once, by the process (here each pass's own engine) that saw it:
        // to ESPN at the outage's first pass, and back once.
        let switches = Set(down.sources.values.compactMap(\.since))
        #expect(switches.count == 2)
        #expect(switches.min() == Self.outage.lowerBound)
        let after = down.espnReads.filter { $0.key >= Self.outage.upperBound.addingTimeInterval(Backoff.cap) }
        #expect(after.values.reduce(0, +) == 0)
        #expect(down.sources[utc(Self.last)]?.source == .scores)
        #expect(down.scoresReads.filter { $0.key >= Self.outage.upperBound }.values.reduce(0, +) > 0)
    }
}
