import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// Many synthetic leagues over real HTTP on a small budget: the budget is physics, live
/// leagues share it evenly, and push-back slows everything down for a while.
@Suite("Adaptive polling over real HTTP")
struct AdaptivePollingEngineTests {
    static let leagues = SyntheticLeagues(count: 30, registered: 2)

    func withHarness(at start: String, _ body: (EngineHarness) async throws -> Void) async throws {
        // 14 a minute, 2 kept for registration: the scheduler gets 12 for 30 live leagues.
        try await withEngineHarness(at: start, overrides: ["sleeper.max_calls_per_minute": "14", "sleeper.registration_headroom": "2"]) { harness in
            harness.world.setRouter(Self.leagues.router(playersJSON: SyntheticPlayers.playersJSON(count: 700)))
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            var items: [NewRegistration] = []
            var stored: [StoredLeague] = []
            for index in 0..<Self.leagues.count {
                let league = Self.leagues.league(index)
                stored.append(StoredLeague(league: league, teamNames: [:]))
                for roster in 1...Self.leagues.registered {
                    let id = Self.leagues.userID(league: index, roster: roster)
                    items.append(NewRegistration(user: SleeperUser(userID: id, username: "u\(id.suffix(6))", displayName: "u\(id.suffix(6))"), league: league, rosterID: roster))
                }
            }
            _ = try store.register(items, leagues: stored, at: harness.now)
            try await body(harness)
        }
    }

    @Test("30 live leagues on 12 calls a minute: never over budget, and every league is refreshed in turn, about every 3 minutes")
    func stretchedEvenly() async throws {
        try await withHarness(at: "2026-11-22T18:20:00Z") { harness in
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            let scheduler = try harness.scheduler()
            let week = WeekKey(season: "2026", seasonType: .regular, week: 12)
            var worst: TimeInterval = 0
            var time = EngineHarness.utc("2026-11-22T18:20:00Z")
            let measureFrom = EngineHarness.utc("2026-11-22T18:35:00Z")
            while time <= EngineHarness.utc("2026-11-22T19:05:00Z") {
                harness.setNow(time)
                _ = try await scheduler.runPass(at: time, mode: .live, sinks: [])
                if time >= measureFrom {
                    for fetched in try store.snapshotTimes(week: week).values { worst = max(worst, time.timeIntervalSince(fetched)) }
                }
                time = time.addingTimeInterval(30)
            }
            let log = try store.callLog().map(\.at)
            #expect(RateBudget.busiestWindow(log) <= 12)
            // 30 leagues at ~10 matchups calls a minute (the feeds take the rest): ~3 minutes each.
            #expect(worst <= 4 * 60, "stalest league waited \(worst) s")
            #expect(worst >= 2 * 60, "30 leagues cannot all be fresher than 2 minutes on this budget")
            let status = try await scheduler.status(at: time)
            #expect(status.polling.liveLeagues == 30)
            #expect(status.polling.refreshSeconds >= 150)
            #expect(status.polling.schedulerBudget == 12)
        }
    }

    @Test("A 429 halves the whole budget for a while (and the endpoint rests for Retry-After), then it recovers")
    func pushBack() async throws {
        try await withHarness(at: "2026-11-22T18:30:00Z") { harness in
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T18:30:00Z", to: "2026-11-22T18:40:00Z", sinks: [], step: 30)
            harness.world.inject(.status(429, retryAfter: "90"), forPathPrefix: "/v1/league/", times: 1)
            try await harness.run(scheduler, from: "2026-11-22T18:40:30Z", to: "2026-11-22T19:10:00Z", sinks: [], step: 30)
            #expect(try store.budgetPressure().share == 0.5)
            let log = try store.callLog()
            // The 429 came on the first matchups call after it was injected.
            let hit = try #require(log.first { $0.kind == "matchups" && $0.at >= EngineHarness.utc("2026-11-22T18:40:30Z") }?.at)
            func calls(_ from: TimeInterval, _ to: TimeInterval) -> Int {
                log.count { $0.at >= hit.addingTimeInterval(from) && $0.at < hit.addingTimeInterval(to) }
            }
            // Retry-After 90 s: no Sleeper API call after that pass until the rest is over
            // (the scores feed's host, statuses and stats, is another and keeps going).
            let otherHost: Set<String> = ["scores", "stats", "projections"]
            #expect(log.count { $0.at > hit && $0.at < hit.addingTimeInterval(90) && !otherHost.contains($0.kind) } == 0)
            // Then about half the budget (6 a minute, a tenth more each calm minute), not all of it.
            #expect(calls(90, 150) <= 8)
            #expect(calls(14 * 60, 15 * 60) >= 10)
            #expect(try store.budgetPressure().isCalm(at: hit.addingTimeInterval(10 * 60)))
            #expect(RateBudget.busiestWindow(log.map(\.at)) <= 12)
        }
    }
}
