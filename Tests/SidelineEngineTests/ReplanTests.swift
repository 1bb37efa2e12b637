import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// A pass plans once, and again after a feed stage only if that stage moved what the plan
/// was made from (ADR 017). The kickoff itself (a status call that moves a game, planned in
/// the same pass) is pinned by the whole-day test's `start kickoff 22T18:01`.
@Suite("Re-planning after the feed stages")
struct ReplanTests {
    @Test("Fetch times alone do not move a plan; a game's status, the week or a push-back does")
    func planMovesOnlyWithItsInputs() async throws {
        try await withEngineHarness(at: "2026-11-22T17:50:00Z") { harness in
            _ = try await harness.register()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T17:50:00Z", to: "2026-11-22T17:52:00Z", sinks: [])
            let now = EngineHarness.utc("2026-11-22T17:52:30Z")
            try await scheduler.isolated { s in
                let plan = s.plan
                let due = try plan.due(cache: &s.cache, players: s.players, at: now, mode: .live)
                #expect(try !plan.moved(due, cache: &s.cache, mode: .live))

                // Refetched with nothing new: only the fetch time moved.
                let week = try #require(due.input.schedules.first?.week)
                let stored = try #require(s.cache.schedules[week])
                s.cache.schedules[week] = (stored.schedule, now)
                #expect(try !plan.moved(due, cache: &s.cache, mode: .live))

                // A game kicks off.
                let games = stored.schedule.games
                let moved = WeekSchedule(season: stored.schedule.season, seasonType: stored.schedule.seasonType, week: stored.schedule.week,
                                         games: [games[0].with(status: .inProgress)] + games.dropFirst())
                s.cache.schedules[week] = (moved, now)
                #expect(try plan.moved(due, cache: &s.cache, mode: .live))
                s.cache.schedules[week] = (stored.schedule, now)

                // Sleeper pushes back.
                _ = try s.store.recordBackoff(.sleeper, at: now, retryAfter: 120)
                #expect(try plan.moved(due, cache: &s.cache, mode: .live))
                try s.store.clearBackoff(.sleeper)
                #expect(try !plan.moved(due, cache: &s.cache, mode: .live))

                // The week turns.
                let state = try #require(s.cache.nflState)
                s.cache.nflState = (NFLState(week: state.state.week + 1, season: state.state.season, seasonType: state.state.seasonType, leagueSeason: state.state.leagueSeason), now)
                #expect(try plan.moved(due, cache: &s.cache, mode: .live))
            }
        }
    }
}

extension Scheduler {
    /// Runs `body` on the scheduler's isolation, to look inside it.
    func isolated<T: Sendable>(_ body: @Sendable (isolated Scheduler) throws -> T) rethrows -> T { try body(self) }
}
