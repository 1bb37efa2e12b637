import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// An idle registration is stepped only when its step could start an activity: some game in
/// progress kicked off a minute or more before its league's snapshot (ADR 018). Passing the
/// others over must change nothing a user sees, and nothing the planner knows.
@Suite("Idle registrations that could not start are passed over")
struct IdleStepTests {
    static func fetchedMatchups(_ reports: [PassReport]) -> Int {
        reports.flatMap(\.calls).filter { if case .matchups = $0 { true } else { false } }.count
    }

    @Test("Before the 1:00 kickoff no idle registration is stepped, though leagues are fetched; the kickoff still starts on time")
    func idleBeforeKickoff() async throws {
        try await withEngineHarness(at: "2026-11-22T17:45:00Z") { harness in
            _ = try await harness.register()
            let scheduler = try harness.scheduler()

            // London ended at 17:40; nothing is in progress until 18:00.
            let before = try await harness.run(scheduler, from: "2026-11-22T17:45:00Z", to: "2026-11-22T17:59:00Z", sinks: [])
            #expect(Self.fetchedMatchups(before) > 0)
            #expect(before.allSatisfy { $0.stepped == 0 && $0.events.isEmpty })

            let after = try await harness.run(scheduler, from: "2026-11-22T18:00:00Z", to: "2026-11-22T18:05:00Z", sinks: [])
            #expect(after.contains { $0.stepped > 0 })
            let starts = after.flatMap(\.events).filter { $0.event == .start }
            #expect(!starts.isEmpty)
            #expect(starts.allSatisfy { $0.at <= EngineHarness.utc("2026-11-22T18:02:00Z") })
        }
    }

    @Test("A new process learns every league's teams in its first pass, though it steps nobody")
    func firstPassLearnsTeams() async throws {
        try await withEngineHarness(at: "2026-11-22T17:45:00Z") { harness in
            let registrations = try await harness.register()
            let first = try harness.scheduler()
            let fetched = try await harness.run(first, from: "2026-11-22T17:45:00Z", to: "2026-11-22T17:50:00Z", sinks: [])
            #expect(Self.fetchedMatchups(fetched) > 0)

            // A restart: the snapshots are in the store, the new scheduler's cache is empty.
            let restarted = try harness.scheduler()
            let reports = try await harness.run(restarted, from: "2026-11-22T17:51:00Z", to: "2026-11-22T17:51:00Z", sinks: [])
            #expect(reports.allSatisfy { $0.stepped == 0 })
            let leagues = Set(registrations.map(\.leagueID))
            try await restarted.isolated { s in
                let week = try #require(s.cache.currentWeek)
                for leagueID in leagues {
                    let teams = s.cache.leagueTeams[SchedulerCache.LeagueWeek(leagueID: leagueID, week: week)]
                    #expect(teams != nil, "league \(leagueID)")
                    #expect(teams?.starters.isEmpty == false)
                }
            }
        }
    }
}
