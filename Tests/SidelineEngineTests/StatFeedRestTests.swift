import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// Issue 26: a mirror without the stats and projections paths answered 404 on every pass,
/// and a second cron pass that waited for the lock asked again in the same minute.
@Suite("A stats or projections feed that fails rests, and overlapping passes")
struct StatFeedRestTests {
    /// Sleeper requests the fake saw (ESPN is not Sleeper).
    static func sleeperRequests(_ harness: EngineHarness) -> Int {
        harness.world.requests.count { !$0.path.hasPrefix("/apis/") }
    }

    @Test("Two overlapping cron passes with both feeds answering 404: the second, which waited for the lock, makes no call")
    func overlappingPasses() async throws {
        try await withEngineHarness(at: "2026-11-22T18:20:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            try await harness.run(try harness.scheduler(), from: "2026-11-22T18:20:00Z", to: "2026-11-22T18:29:00Z", sinks: [])
            harness.world.inject(.status(404), forPathPrefix: "/stats/")
            harness.world.inject(.status(404), forPathPrefix: "/projections/")
            harness.world.clearRequests()
            // Two processes cron started in the same minute: each read the time, the second
            // then waited for the first's pass lock (its own engine reads the database after).
            let time = utc("2026-11-22T18:30:00Z")
            harness.setNow(time)
            _ = try await harness.scheduler().runPass(at: time, mode: .live, sinks: [])
            let first = Self.sleeperRequests(harness)
            #expect(harness.world.requestCount(pathPrefix: "/stats/") == 1)
            #expect(harness.world.requestCount(pathPrefix: "/projections/") == 1)
            _ = try await harness.scheduler().runPass(at: time.addingTimeInterval(2), mode: .live, sinks: [])
            #expect(Self.sleeperRequests(harness) == first, "the second pass repeated \(Self.sleeperRequests(harness) - first) calls")

            let rests = try SQLiteStore(path: harness.configuration.databasePath).backoffs()
            #expect(rests[.stats]?.until == time.addingTimeInterval(Backoff.base))
            #expect(rests[.projections]?.until == time.addingTimeInterval(Backoff.base))
            #expect(rests[.scores] == nil && rests[.sleeper] == nil, "the other feeds and the league calls go on")
        }
    }

    @Test("A stats feed that keeps answering 404 is asked with the usual doubling, not every pass")
    func failingFeedDoubles() async throws {
        try await withEngineHarness(at: "2026-11-22T18:20:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T18:20:00Z", to: "2026-11-22T18:29:30Z", sinks: [], step: 30)
            harness.world.inject(.status(404), forPathPrefix: "/stats/")
            harness.world.clearRequests()
            // A pass every 30 s (the daemon's) for ten minutes: 30 s, 1, 2, 4 min rests.
            try await harness.run(scheduler, from: "2026-11-22T18:30:00Z", to: "2026-11-22T18:39:30Z", sinks: [], step: 30)
            #expect(harness.world.requestCount(pathPrefix: "/stats/") == 5)
            // The league is still polled every minute meanwhile.
            #expect(harness.world.requestCount(pathPrefix: "/v1/league/\(GameDayScript.leagueID)/matchups") >= 9)
        }
    }
}
