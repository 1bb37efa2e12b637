import Foundation
import SidelineCurl
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

@Suite("Refusals from Sleeper's hosts, and hostile headers on them")
struct RefusalTests {
    static let matchupsPath = "/v1/league/\(GameDayScript.leagueID)/matchups"

    @Test("A 429 with Retry-After from the scores feed rests that host as told; that pass takes its games from ESPN")
    func scoresFeedRests() async throws {
        try await withEngineHarness(at: "2026-11-22T18:05:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            harness.world.clearRequests()
            harness.world.inject(.status(429, retryAfter: "180"), forPathPrefix: "/scores/", times: 1)
            let first = try await harness.run(try harness.scheduler(), from: "2026-11-22T18:05:00Z", to: "2026-11-22T18:05:00Z", sinks: [])
            #expect(first[0].problems.contains { $0.contains("429") })
            // The fallback's games were kept: that pass still knew the 1 pm games had started.
            #expect(harness.world.requestCount(pathPrefix: "/apis/site/") == 1)
            #expect(harness.world.requestCount(pathPrefix: Self.matchupsPath) >= 1)
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            #expect(try store.backoffs()[.scores]?.until == EngineHarness.utc("2026-11-22T18:08:00Z"))
            #expect(try store.backoffs()[.sleeper] == nil, "the scores feed's refusal does not rest Sleeper's API")

            harness.world.clearRequests()
            // New processes during the rest leave the feed alone, and still poll the league.
            try await harness.run(try harness.scheduler(), from: "2026-11-22T18:06:00Z", to: "2026-11-22T18:07:00Z", sinks: [])
            #expect(harness.world.requestCount(pathPrefix: "/scores/") == 0)
            #expect(harness.world.requestCount(pathPrefix: Self.matchupsPath) >= 1)
            try await harness.run(try harness.scheduler(), from: "2026-11-22T18:08:00Z", to: "2026-11-22T18:09:00Z", sinks: [])
            #expect(harness.world.requestCount(pathPrefix: "/scores/") >= 1)
            #expect(try store.backoffs()[.scores] == nil, "an answer from the feed ends its rest")
        }
    }

    @Test("Hostile Retry-After and Date headers on 429 and 503 never crash a pass, and no host rests over 15 minutes")
    func hostileHeadersInTheDay() async throws {
        try await withEngineHarness(at: "2026-11-22T18:05:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            let scheduler = try harness.scheduler()
            let pairs: [(retryAfter: String, date: String?)] = [
                ("Sun, 06 Nov 999999999999 08:49:37 GMT", nil),
                ("Sun, 06 Nov 2026 18:10:00 GMT", "Sun, 06 Nov 999999999999 08:49:37 GMT"),
                ("Fri, 31 Dec 9999 23:59:59 GMT", nil),
                ("inf", nil), ("nan", nil), ("-1", nil), ("1e9", nil), ("99999999999999999999999", nil), ("", "🏈"),
            ]
            var time = EngineHarness.utc("2026-11-22T18:05:00Z")
            harness.world.clearRequests()
            for (index, pair) in pairs.enumerated() {
                var headers = ["Retry-After": pair.retryAfter]
                if let date = pair.date { headers["Date"] = date }
                let status = index % 2 == 0 ? 429 : 503
                harness.world.inject(.raw(status: status, headers: headers, body: Data("null".utf8)), forPathPrefix: Self.matchupsPath, times: 1)
                harness.world.inject(.raw(status: status, headers: headers, body: Data("null".utf8)), forPathPrefix: "/scores/", times: 1)
                harness.setNow(time)
                let report = try await scheduler.runPass(at: time, mode: .live, sinks: [])
                #expect(report.problems.contains { $0.contains("HTTP \(status)") }, "\(pair)")
                for (scope, backoff) in try store.backoffs() {
                    #expect(backoff.until <= time.addingTimeInterval(RetryAfter.cap), "\(scope) rests until \(backoff.until) after \(pair)")
                }
                // Lift the rests so the next pass asks both hosts again.
                for scope in BackoffScope.allCases { try store.clearBackoff(scope) }
                time = time.addingTimeInterval(60)
            }
            #expect(harness.world.requestCount(pathPrefix: Self.matchupsPath) >= pairs.count)
            #expect(harness.world.requestCount(pathPrefix: "/scores/") >= pairs.count)
            // And the day goes on: the next pass polls the league normally.
            harness.setNow(time)
            let after = try await scheduler.runPass(at: time, mode: .live, sinks: [])
            #expect(after.problems.isEmpty)
        }
    }
}
