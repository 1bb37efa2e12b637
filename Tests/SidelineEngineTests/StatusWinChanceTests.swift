import Foundation
import Testing
import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

@Suite("Status: each open activity's win chance")
struct StatusWinChanceTests {
    @Test("The status report shows the open activity's win chance as its phone does (win_chance in JSON), and none while it is unknown")
    func winChance() async throws {
        try await withEngineHarness(at: "2026-11-22T18:01:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            // No projections yet: no chance can be known.
            harness.world.inject(.status(500), forPathPrefix: "/projections/")
            let scheduler = try harness.scheduler()
            _ = try await harness.run(scheduler, from: "2026-11-22T18:01:00Z", to: "2026-11-22T18:01:00Z", sinks: [])
            func alex() async throws -> StatusReport.RegistrationStatus? {
                try await scheduler.status(at: harness.now).registrations.first { $0.username == GameDayScript.alex.username }
            }
            #expect(try await alex()?.activity != nil)
            // A user per league: status says the person scope is there to switch to (ADR 039).
            #expect(try await alex()?.scope == .league)
            #expect(try await scheduler.status(at: harness.now).scopeNote?.contains("users scope") == true)
            #expect(try await alex()?.winChance == nil, "no chance known: none shown")

            // The running activity's last view with a chance in it, as the engine will store it.
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            let week = WeekKey(season: "2026", seasonType: .regular, week: 12)
            var states = try store.lifecycleStates(mode: .live, week: week)
            for (key, state) in states {
                guard let activity = state.activity else { continue }
                let view = activity.lastView
                var updated = state
                updated.activity?.lastView = MatchupView(leagueName: view.leagueName, season: view.season, week: view.week, me: view.me,
                                                         opponent: view.opponent, hasMedianGame: view.hasMedianGame, winProbability: 0.62)
                states[key] = updated
            }
            _ = try store.commitPass(states: states, events: [], sinks: [:], at: harness.now)

            #expect(try await alex()?.winChance == "62% to win")
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try #require(try await alex()))) as? [String: Any]
            #expect(json?["win_chance"] as? String == "62% to win")
        }
    }
}
