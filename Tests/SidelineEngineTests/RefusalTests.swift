import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore

@Suite("Refusals from Sleeper's hosts, and hostile headers on them", .serialized)
struct RefusalTests {
    static let matchupsPath = "/v1/league/\(GameDayScript.leagueID)/matchups"

    @Test("A 429 with Retry-After from the scores feed rests that host as told; that pass takes its games from ESPN")
    func scoresFeedRests() async throws {
        let harness = try await EngineHarness(at: "2026-11-22T18:05:00Z")
        defer { Task { await harness.stop() } }
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
