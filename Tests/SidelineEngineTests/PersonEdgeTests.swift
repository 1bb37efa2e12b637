import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineDelivery
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// The person activity's edges on the scripted Sunday, over real HTTP (issue 30, "Edges").
@Suite("A person's activity at the edges: a failing league, removals, co-owners")
struct PersonEdgeTests {
    static let early = PersonSundayScript.early
    static let split = PersonSundayScript.split

    @Test("A league whose matchups fail at kickoff does not hold back the start while another is live; its row keeps its pre-kickoff view until Sleeper answers")
    func failingLeagueAtKickoff() async throws {
        try await withPersonSundayHarness(at: "2026-11-22T17:40:00Z") { harness in
            _ = try await harness.register([PersonSundayScript.pat.username], leagueIDs: [Self.early.leagueID, Self.split.leagueID])
            let sink = RecordingSink()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T17:40:00Z", to: "2026-11-22T17:59:00Z", sinks: [sink])
            #expect(sink.events.isEmpty)
            let before = try SQLiteStore(path: harness.configuration.databasePath).snapshotTimes(week: PersonSunday.week)[Self.early.leagueID]
            #expect(before != nil, "the 1:00 league has a lineup snapshot from before kickoff")

            // The 1:00 league's matchups fail from kickoff to 18:10; the split league's answer.
            let failing = utc("2026-11-22T18:00:00Z")..<utc("2026-11-22T18:10:00Z")
            harness.world.inject(.status(500), forPathPrefix: "/v1/league/\(Self.early.leagueID)/matchups", during: failing)
            try await harness.run(scheduler, from: "2026-11-22T18:00:00Z", to: "2026-11-22T18:01:00Z", sinks: [sink])
            // Confirmed by the split league's post-kickoff snapshot (the 1:00 league's is from before kickoff).
            #expect(sink.events.map(\.summary) == ["start kickoff 22T18:01 demo_pat"])
            let atStart = try #require(try PersonSunday.row(harness)?.state.activity?.lastView)
            #expect(atStart.leagues.map(\.leagueID) == [Self.early.leagueID, Self.split.leagueID], "the failing league keeps its row")
            let earlyRow = try #require(atStart.leagues.first { $0.leagueID == Self.early.leagueID })
            #expect(earlyRow.view.me.starters.count == Self.early.starters.count, "its pre-kickoff lineup")

            // Still failing: the row stands on the lineup snapshot from before kickoff (its
            // points are the stats feed's live points, as a league activity's would be).
            try await harness.run(scheduler, from: "2026-11-22T18:02:00Z", to: "2026-11-22T18:09:00Z", sinks: [sink])
            let stillFailing = try PersonSunday.row(harness)?.state.activity?.lastView.league(registrationID: earlyRow.registrationID)
            #expect(stillFailing != nil)
            #expect(try SQLiteStore(path: harness.configuration.databasePath).snapshotTimes(week: PersonSunday.week)[Self.early.leagueID] == before)

            // Sleeper answers again: the league's snapshot moves on, the same activity goes on.
            try await harness.run(scheduler, from: "2026-11-22T18:10:00Z", to: "2026-11-22T18:20:00Z", sinks: [sink])
            let after = try #require(try SQLiteStore(path: harness.configuration.databasePath).snapshotTimes(week: PersonSunday.week)[Self.early.leagueID])
            #expect(after >= utc("2026-11-22T18:10:00Z"))
            #expect(try PersonSunday.shownLeagues(harness) == [Self.early.leagueID, Self.split.leagueID])
            #expect(sink.events.count { $0.event == .start } == 1)
            #expect(sink.events.allSatisfy { $0.activity == "\(PersonSunday.patActivity)-1" })
        }
    }

    @Test("users remove of one league mid-activity drops its row at the next update; of the last league ends the activity (removed)")
    func removals() async throws {
        try await withPersonSundayHarness(at: "2026-11-22T17:50:00Z") { harness in
            let registrations = try await harness.register([PersonSundayScript.pat.username], leagueIDs: [])
            let byLeague = Dictionary(uniqueKeysWithValues: registrations.map { ($0.leagueID, $0.id) })
            let sink = RecordingSink()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T17:50:00Z", to: "2026-11-22T18:20:00Z", sinks: [sink])
            #expect(PersonSunday.lifecycle(sink.events) == ["start kickoff 22T18:01 demo_pat \(PersonSunday.patActivity)-1"])
            #expect(try PersonSunday.shownLeagues(harness) == PersonSunday.shownAllDay)

            let service = try removal(harness)
            let display = DisplayContext(now: harness.now, timeZone: harness.configuration.timeZone, localeIdentifier: harness.configuration.localeIdentifier)
            #expect(try service.remove(id: try #require(byLeague[Self.split.leagueID]), at: harness.now, sinks: [:], display: display).isEmpty,
                    "a person-scope registration has no activity of its own to end")
            try await harness.run(scheduler, from: "2026-11-22T18:21:00Z", to: "2026-11-22T18:21:00Z", sinks: [sink])
            let dropped = try #require(sink.events.last)
            #expect(dropped.summary == "update players 22T18:21 demo_pat")
            #expect(try PersonSunday.shownLeagues(harness) == PersonSunday.shownAllDay.filter { $0 != Self.split.leagueID })

            for league in PersonSundayScript.leagues where league != Self.split {
                _ = try service.remove(id: try #require(byLeague[league.leagueID]), at: harness.now, sinks: [:], display: display)
            }
            try await harness.run(scheduler, from: "2026-11-22T18:22:00Z", to: "2026-11-22T18:25:00Z", sinks: [sink])
            #expect(PersonSunday.lifecycle(sink.events).last == "end removed 22T18:22 demo_pat \(PersonSunday.patActivity)-1")
            #expect(sink.events.count { $0.event == .end } == 1)
            #expect(try PersonSunday.row(harness)?.state.isOpen == false)
        }
    }

    @Test("Co-owners of one roster each get their own person activity")
    func coOwners() async throws {
        try await withPersonSundayHarness(at: "2026-11-22T17:50:00Z") { harness in
            _ = try await harness.register([PersonSundayScript.pat.username, PersonSundayScript.sam.username], leagueIDs: [Self.early.leagueID])
            let sink = RecordingSink()
            try await harness.run(try harness.scheduler(), from: "2026-11-22T17:50:00Z", to: "2026-11-22T18:05:00Z", sinks: [sink])
            let starts = sink.events.filter { $0.event == .start }
            #expect(Set(starts.map(\.activity)) == ["u\(PersonSundayScript.pat.userID)-2026w12-1", "u\(PersonSundayScript.sam.userID)-2026w12-1"])
            #expect(starts.allSatisfy { $0.at == "2026-11-22T18:01:00Z" && $0.leagueID == Self.early.leagueID })
            #expect(Set(starts.map(\.username)) == [PersonSundayScript.pat.username, PersonSundayScript.sam.username])
            #expect(try PersonSunday.shownLeagues(harness, user: PersonSundayScript.sam.userID) == [Self.early.leagueID])

            // `status`: one line per person, with the leagues their activity shows; nobody
            // is per league, so no note about the person scope.
            let report = try await harness.scheduler().status(at: harness.now)
            let people = try #require(report.people)
            #expect(people.map(\.username).sorted() == [PersonSundayScript.pat.username, PersonSundayScript.sam.username].sorted())
            #expect(people.allSatisfy { $0.lifecycle == "live" && $0.activity?.hasPrefix("u") == true && $0.leagues == [Self.early.name] && $0.highlight == Self.early.name })
            #expect(report.registrations.allSatisfy { $0.scope == .person })
            #expect(report.scopeNote == nil)
        }
    }

    private func removal(_ harness: EngineHarness) throws -> RegistrationService {
        let environment = try harness.environment()
        return RegistrationService(store: environment.store, sleeper: environment.sleeper, newUserScope: harness.configuration.newUserScope)
    }
}
