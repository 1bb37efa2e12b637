import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineDelivery
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// One manager in six leagues on the scripted Sunday, over real HTTP against the fake
/// Sleeper, the engine's clock stepped through the day (issue 30's "Done means").
@Suite("A person in six leagues on a scripted Sunday, over real HTTP")
struct PersonSundayTests {
    /// Pat's one activity at a time, in person scope (grace 30 min, bridge 30, rollover 7.5 h):
    /// - 14:31 the London game (9:30 ET) is live on a snapshot a minute after kickoff.
    /// - 17:40 London ends (12:40 ET): grace. 18:01 the 1:00 games are live, inside the
    ///   30-minute grace: the same activity resumes.
    /// - 21:10 the 1:00 games end: grace; 21:26 the 4:25 games, inside it again: resumed.
    /// - 22:01 the activity is 7.5 h old with starters playing: ended and started anew.
    /// - 00:35 the 4:25 games end: grace, which runs out at 01:05; Sunday night kicks off at
    ///   01:20, inside the 30-minute bridge after it: held, resumed at 01:21.
    /// - 04:30 Sunday night ends; 05:00 the grace runs out: the end.
    static let personDay = [
        "start kickoff 22T14:31 demo_pat \(PersonSunday.patActivity)-1",
        "update resumed 22T18:01 demo_pat \(PersonSunday.patActivity)-1",
        "update resumed 22T21:26 demo_pat \(PersonSunday.patActivity)-1",
        "end rollover 22T22:01 demo_pat \(PersonSunday.patActivity)-1",
        "start rollover 22T22:01 demo_pat \(PersonSunday.patActivity)-2",
        "update resumed 23T01:21 demo_pat \(PersonSunday.patActivity)-2",
        "end grace_expired 23T05:00 demo_pat \(PersonSunday.patActivity)-2",
    ]

    @Test("One activity at a time from the London kickoff to Sunday night's grace: held across the gaps, rolled over at 7.5 h, the bye league never shown")
    func personDay() async throws {
        try await withPersonSundayHarness { harness in
            let registrations = try await harness.register([PersonSundayScript.pat.username], leagueIDs: [])
            #expect(registrations.map(\.leagueID) == PersonSundayScript.leagues.map(\.leagueID))
            let sink = RecordingSink()
            let scheduler = try harness.scheduler()
            let times = PersonSunday.passTimes()
            let split = { (until: String) in times.filter { $0 <= utc(until) } }

            // To the first start: the London game alone is live; every league with a starter
            // today is a row, the bye league is not.
            try await harness.run(scheduler, at: split("2026-11-22T14:31:00Z"), sinks: [sink])
            #expect(sink.events.map(\.summary) == ["start kickoff 22T14:31 demo_pat"])
            #expect(try PersonSunday.shownLeagues(harness) == PersonSunday.shownAllDay)
            #expect(sink.events.first?.leagueID == PersonSundayScript.london.leagueID, "the one live league is the highlight")
            let london = try #require(try PersonSunday.row(harness)?.state.activity?.lastView.league(registrationID: registrations[0].id))
            #expect(sink.events.first?.score.team == london.view.me.points)

            // London over, the 1:00 games not yet on: the grace since 17:40 holds the activity.
            try await harness.run(scheduler, at: times.filter { $0 > utc("2026-11-22T14:31:00Z") && $0 <= utc("2026-11-22T17:55:00Z") }, sinks: [sink])
            let afterLondon = try #require(try PersonSunday.row(harness)?.state.activity)
            #expect(afterLondon.phase == .grace(since: utc("2026-11-22T17:40:00Z")))

            // The gap before Sunday night is longer than the grace: at 01:10 the grace has run
            // out (01:05) and the activity is held by the bridge.
            try await harness.run(scheduler, at: times.filter { $0 > utc("2026-11-22T17:55:00Z") && $0 <= utc("2026-11-23T01:10:00Z") }, sinks: [sink])
            let held = try #require(try PersonSunday.row(harness)?.state.activity)
            #expect(held.phase == .grace(since: utc("2026-11-23T00:35:00Z")))
            #expect(held.id == "\(PersonSunday.patActivity)-2")
            #expect(held.lastView.leagues.map(\.leagueID) == PersonSunday.shownAllDay, "the rollover keeps every row")
            // Each row's score is its league's at Sleeper: final for the four leagues done by now.
            let sleeper = harness.world.currentSnapshot()
            for league in held.lastView.leagues {
                let lines = sleeper.matchups[MatchupKey(leagueID: league.leagueID, week: GameDayScript.week)] ?? []
                #expect(league.view.me.points == lines.first { $0.entry.rosterID == 1 }?.entry.points, "\(league.view.leagueName)")
                #expect(league.view.opponent?.points == lines.first { $0.entry.rosterID == 2 }?.entry.points, "\(league.view.leagueName)")
            }

            try await harness.run(scheduler, at: times.filter { $0 > utc("2026-11-23T01:10:00Z") }, sinks: [sink])
            #expect(PersonSunday.lifecycle(sink.events) == Self.personDay)
            #expect(PersonSunday.mostOpenAtOnce(sink.events) == 1)
            PersonSunday.expectWellFormed(sink.events)
            #expect(sink.events.allSatisfy { $0.leagueID != PersonSundayScript.byeWeek.leagueID }, "the bye league is never the highlight")
            #expect(sink.events.count { $0.event == .update } > 20, "the scores move all day")
            #expect(try PersonSunday.row(harness)?.state.isOpen == false)
            // No league-scope activity at all: only the person's produces events.
            #expect(sink.events.allSatisfy { $0.activity.hasPrefix(PersonSunday.patActivity) })
            for payload in sink.payloads {
                try PersonEventShape.expect(payload, shows: PersonSunday.shownAllDay)
            }

            let log = try SQLiteStore(path: harness.configuration.databasePath).callLog()
            #expect(RateBudget.busiestWindow(log.map(\.at)) <= harness.configuration.maxCallsPerMinute)
        }
    }

    /// Each league's own activity in league scope, as the engine made them before person
    /// scope (the reference): London 14:31–18:10; 1:00 18:01–21:40; 4:25 21:26–01:05;
    /// Sunday night 01:21–05:00; the split league live from 18:01, grace at 21:10, resumed at
    /// 21:26, ended 01:05; the bye league nothing.
    static let leagueDay: [String: [String]] = [
        PersonSundayScript.london.leagueID: ["start kickoff 22T14:31 demo_pat", "end grace_expired 22T18:10 demo_pat"],
        PersonSundayScript.early.leagueID: ["start kickoff 22T18:01 demo_pat", "end grace_expired 22T21:40 demo_pat"],
        PersonSundayScript.late.leagueID: ["start kickoff 22T21:26 demo_pat", "end grace_expired 23T01:05 demo_pat"],
        PersonSundayScript.primeTime.leagueID: ["start kickoff 23T01:21 demo_pat", "end grace_expired 23T05:00 demo_pat"],
        PersonSundayScript.split.leagueID: ["start kickoff 22T18:01 demo_pat", "update resumed 22T21:26 demo_pat", "end grace_expired 23T01:05 demo_pat"],
    ]

    @Test("The same day in league scope gives each league its own activity, as before person scope; switching a person-scope user to league gives the same events")
    func leagueScopeDay() async throws {
        let configured = try await leagueScopeRun { _ in }
        #expect(configured.mapValues { PersonSunday.milestones($0).map(\.summary) } == Self.leagueDay)
        for events in configured.values { PersonSunday.expectWellFormed(events) }

        // Registered in person scope, then `users scope demo_pat league` before anything is open.
        let switched = try await leagueScopeRun(scope: "person") { harness in
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            try store.setPersonSettings(sleeperUserID: PersonSundayScript.pat.userID, PersonSettings(scope: .league), at: harness.now)
        }
        let fingerprint = { (events: [String: [EventEnvelope]]) in
            events.mapValues { $0.map { "\($0.event.rawValue) \($0.reason.rawValue) \($0.at) \($0.activity) \($0.phase.rawValue) \($0.score.team)" } }
        }
        #expect(fingerprint(switched) == fingerprint(configured))
    }

    /// Pat's six leagues registered under `activities.new_user_scope=scope`, `prepare` run,
    /// then the compressed day: the events by league.
    private func leagueScopeRun(scope: String = "league", prepare: (EngineHarness) async throws -> Void) async throws -> [String: [EventEnvelope]] {
        try await withPersonSundayHarness(overrides: ["activities.new_user_scope": scope]) { harness in
            _ = try await harness.register([PersonSundayScript.pat.username], leagueIDs: [])
            try await prepare(harness)
            let sink = RecordingSink()
            try await harness.run(try harness.scheduler(), at: PersonSunday.passTimes(), sinks: [sink])
            #expect(sink.events.allSatisfy { !$0.activity.hasPrefix("u") }, "no person activity in league scope")
            #expect(sink.events.allSatisfy { $0.leagueID != PersonSundayScript.byeWeek.leagueID })
            for payload in sink.payloads { try PersonEventShape.expectLeague(payload) }
            return Dictionary(grouping: sink.events, by: \.leagueID)
        }
    }
}
