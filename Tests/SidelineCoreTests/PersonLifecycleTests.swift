import Foundation
import Testing
@testable import SidelineCore

/// One person in several leagues, each league a ``ScriptedDay`` of its own: the person's
/// view made by ``PersonViewBuilder`` each minute and stepped by the same machine a league's
/// activity is (ADR 039).
struct PersonDay {
    struct League {
        let registrationID: Int64
        let day: ScriptedDay
        var isBestBall = false
        /// Minutes in which this league's matchups fail: its snapshot stays the one fetched
        /// just before (the engine makes its view from the stored snapshot).
        var failing: ClosedRange<Date>? = nil

        /// When the snapshot a pass at `now` reads was fetched.
        func fetchedAt(_ now: Date) -> Date {
            guard let failing, failing.contains(now) else { return now }
            return failing.lowerBound.addingTimeInterval(-60)
        }
    }

    var leagues: [League]
    var pinned: String? = nil
    static let eastern = TimeZone(identifier: "America/New_York")!

    func candidates(at now: Date, removed: Set<Int64> = []) -> [PersonViewBuilder.Candidate] {
        leagues.filter { !removed.contains($0.registrationID) }.map { league in
            PersonViewBuilder.Candidate(registrationID: league.registrationID, leagueID: "L\(league.registrationID)", isBestBall: league.isBestBall,
                                        view: league.day.view(at: league.fetchedAt(now)))
        }
    }

    /// A pass each minute, as ``ScriptedDay/run(from:to:settings:every:)``; `removeAt` drops
    /// a league from the person's registrations from that instant on.
    func run(from start: String, to end: String, settings: LifecycleSettings = LifecycleSettings(),
             removeAt: [Int64: String] = [:]) -> (events: [PersonEvent], states: [Date: PersonLifecycleState]) {
        var state = PersonLifecycleState.idle
        var events: [PersonEvent] = []
        var states: [Date: PersonLifecycleState] = [:]
        var now = ScriptedDay.utc(start)
        let stop = ScriptedDay.utc(end)
        while now <= stop {
            let removed = Set(removeAt.filter { ScriptedDay.utc($0.value) <= now }.keys)
            let candidates = candidates(at: now, removed: removed)
            let transition: LifecycleMachine.Step<PersonView>
            if candidates.isEmpty {
                transition = LifecycleMachine.remove(state, at: now)
            } else {
                let view = PersonViewBuilder.view(candidates, previous: state.activity?.lastView, pinnedLeagueID: pinned, now: now, timeZone: Self.eastern)
                // As the engine: a league's start is confirmed on its snapshot's fetch time.
                let confirmed = view.leagues.contains { league in
                    let fetchedAt = leagues.first { $0.registrationID == league.registrationID }?.fetchedAt(now) ?? now
                    return league.view.hasStarterPlaying && StartConfirmation.confirms(league.view, fetchedAt: fetchedAt)
                }
                let input = ActivityInput(now: now, view: view, startConfirmed: confirmed, mayStart: true, activityPrefix: "u7-2026w12")
                transition = LifecycleMachine.step(state, input, settings: settings)
            }
            state = transition.state
            states[now] = state
            events += transition.events
            now = now.addingTimeInterval(60)
        }
        return (events, states)
    }
}

@Suite("A person's activity across their leagues (pure)")
struct PersonLifecycleTests {
    static func day(_ starters: [(String, String)]) -> ScriptedDay {
        ScriptedDay(games: ScriptedDay.sunday, starters: starters.map { .init(id: $0.0, team: $0.1, rate: 1) }, opponent: [.init(id: "o-\(starters.first?.0 ?? "")", team: "MIA", rate: 1.1)])
    }

    /// London, 1 pm, 4:25 and Sunday night, one league each, and a league on bye.
    let staggered = PersonDay(leagues: [
        .init(registrationID: 1, day: day([("lon", "JAX")])),
        .init(registrationID: 2, day: day([("one", "BUF")])),
        .init(registrationID: 3, day: day([("late", "KC")])),
        .init(registrationID: 4, day: day([("snf", "DAL")])),
        .init(registrationID: 5, day: day([("bye", "TEN")])),
    ])

    func milestones(_ events: [PersonEvent]) -> [String] {
        events.filter { !($0.kind == .update && [.points, .players, .keepAlive].contains($0.reason)) }.map(\.summary)
    }

    @Test("Five leagues, staggered kickoffs: one activity at a time, started at London, kept across leagues, rolled over, ended 30 min after Sunday night")
    func staggeredSunday() {
        let run = staggered.run(from: "2026-11-22T13:00:00Z", to: "2026-11-23T06:00:00Z")
        #expect(milestones(run.events) == [
            "start kickoff Sun 14:31 u7-2026w12-1",
            "update resumed Sun 18:01 u7-2026w12-1",
            "update resumed Sun 21:26 u7-2026w12-1",
            "end rollover Sun 22:01 u7-2026w12-1",
            "start rollover Sun 22:01 u7-2026w12-2",
            "update resumed Mon 01:21 u7-2026w12-2",
            "end grace_expired Mon 05:00 u7-2026w12-2",
        ])
        // One activity open at a time: every start follows the previous one's end.
        var open = 0
        for event in run.events {
            if event.kind == .start { open += 1 }
            if event.kind == .end { open -= 1 }
            #expect(open <= 1)
        }
        #expect(open == 0)
    }

    @Test("Rows: the leagues with a starter that day, in registration order; the bye league never; a row stays once shown")
    func rows() {
        let run = staggered.run(from: "2026-11-22T13:00:00Z", to: "2026-11-23T06:00:00Z")
        let start = run.events.first { $0.kind == .start }
        #expect(start?.view.leagues.map(\.registrationID) == [1, 2, 3, 4])
        #expect(run.events.allSatisfy { !$0.view.leagues.contains { $0.registrationID == 5 } })
        // After midnight Eastern (05:00 UTC Monday), the Sunday leagues are still rows of the open activity.
        let late = run.states[ScriptedDay.utc("2026-11-23T04:59:00Z")]?.activity?.lastView.leagues.map(\.registrationID)
        #expect(late == [1, 2, 3, 4])
    }

    @Test("The highlight: the live league, kept while it has starters left, then the next live one; a pin wins while shown")
    func highlight() {
        let run = staggered.run(from: "2026-11-22T13:00:00Z", to: "2026-11-23T06:00:00Z")
        func highlight(_ time: String) -> Int64? { run.states[ScriptedDay.utc(time)]?.activity?.lastView.highlight }
        #expect(highlight("2026-11-22T15:00:00Z") == 1)   // London live
        #expect(highlight("2026-11-22T19:00:00Z") == 2)   // 1 pm live, London done
        #expect(highlight("2026-11-22T22:00:00Z") == 3)   // 4:25 live
        #expect(highlight("2026-11-23T02:00:00Z") == 4)   // Sunday night

        var pinned = staggered
        pinned.pinned = "L3"
        let pinnedRun = pinned.run(from: "2026-11-22T13:00:00Z", to: "2026-11-22T20:00:00Z")
        #expect(pinnedRun.states[ScriptedDay.utc("2026-11-22T15:00:00Z")]?.activity?.lastView.highlight == 3)
    }

    @Test("Best ball is shown but never the default highlight")
    func bestBall() {
        let person = PersonDay(leagues: [
            .init(registrationID: 1, day: Self.day([("bb", "BUF")]), isBestBall: true),
            .init(registrationID: 2, day: Self.day([("one", "DET")])),
        ])
        let run = person.run(from: "2026-11-22T17:50:00Z", to: "2026-11-22T19:00:00Z")
        let view = run.states[ScriptedDay.utc("2026-11-22T18:30:00Z")]?.activity?.lastView
        #expect(view?.leagues.map(\.registrationID) == [1, 2])
        #expect(view?.highlight == 2)
    }

    @Test("A kickoff in another league within grace + bridge holds the activity (cross-league bridge)")
    func crossLeagueBridge() {
        // London ends 17:40 UTC; grace to 18:10; a 1 pm (18:00) starter in another league resumes it.
        let run = PersonDay(leagues: [
            .init(registrationID: 1, day: Self.day([("lon", "JAX")])),
            .init(registrationID: 2, day: Self.day([("one", "BUF")])),
        ]).run(from: "2026-11-22T14:00:00Z", to: "2026-11-22T18:30:00Z")
        #expect(milestones(run.events) == ["start kickoff Sun 14:31 u7-2026w12-1", "update resumed Sun 18:01 u7-2026w12-1"])

        // Without the bridge and with a short grace, the gap ends it and the next kickoff starts anew.
        let short = LifecycleSettings(graceMinutes: 5, bridgeMinutes: 0, maxActivityHours: 7.5)
        let gap = PersonDay(leagues: [
            .init(registrationID: 1, day: Self.day([("lon", "JAX")])),
            .init(registrationID: 2, day: Self.day([("one", "BUF")])),
        ]).run(from: "2026-11-22T14:00:00Z", to: "2026-11-22T18:30:00Z", settings: short)
        #expect(milestones(gap.events) == ["start kickoff Sun 14:31 u7-2026w12-1", "end grace_expired Sun 17:45 u7-2026w12-1", "start kickoff Sun 18:01 u7-2026w12-2"])
    }

    @Test("A league whose matchups fail at kickoff does not hold back the start; its row shows its last view until an answer")
    func failingLeagueAtKickoff() {
        var person = PersonDay(leagues: [
            .init(registrationID: 1, day: Self.day([("one-a", "BUF")])),
            .init(registrationID: 2, day: Self.day([("one-b", "DET")])),
        ])
        person.leagues[1].failing = ScriptedDay.utc("2026-11-22T17:55:00Z")...ScriptedDay.utc("2026-11-22T18:20:00Z")
        let run = person.run(from: "2026-11-22T17:50:00Z", to: "2026-11-22T18:30:00Z")
        #expect(milestones(run.events).first == "start kickoff Sun 18:01 u7-2026w12-1")
        let during = run.states[ScriptedDay.utc("2026-11-22T18:10:00Z")]?.activity?.lastView.league(registrationID: 2)
        #expect(during?.view.me.counts.toPlay == 1)   // its pre-kickoff view
        let after = run.states[ScriptedDay.utc("2026-11-22T18:25:00Z")]?.activity?.lastView.league(registrationID: 2)
        #expect(after?.view.me.counts.playing == 1)
    }

    @Test("Removing a league drops its row at the next update; removing the last ends the activity (removed)")
    func removal() {
        let person = PersonDay(leagues: [
            .init(registrationID: 1, day: Self.day([("one-a", "BUF")])),
            .init(registrationID: 2, day: Self.day([("one-b", "DET")])),
        ])
        let run = person.run(from: "2026-11-22T17:55:00Z", to: "2026-11-22T19:00:00Z",
                             removeAt: [2: "2026-11-22T18:30:00Z", 1: "2026-11-22T18:45:00Z"])
        let dropped = run.events.first { $0.at == ScriptedDay.utc("2026-11-22T18:30:00Z") }
        #expect(dropped?.reason == .players)
        #expect(dropped?.view.leagues.map(\.registrationID) == [1])
        let end = run.events.last
        #expect(end?.kind == .end && end?.reason == .removed && end?.at == ScriptedDay.utc("2026-11-22T18:45:00Z"))
        #expect(run.events.filter { $0.kind == .start }.count == 1)
    }

    @Test("A lone league's person activity has exactly the league activity's milestones")
    func oneLeagueMatchesLeagueScope() {
        let alex = ScriptedDay(games: ScriptedDay.sunday, starters: [
            .init(id: "lon1", team: "JAX", rate: 1.5), .init(id: "one1", team: "BUF", rate: 2),
            .init(id: "late1", team: "KC", rate: 1), .init(id: "snf1", team: "DAL", rate: 0.5),
        ], opponent: [.init(id: "opp1", team: "MIA", rate: 1.2)])
        let league = alex.run(from: "2026-11-22T13:00:00Z", to: "2026-11-24T06:00:00Z").map { "\($0.kind) \($0.reason) \($0.at)" }
        let person = PersonDay(leagues: [.init(registrationID: 1, day: alex)]).run(from: "2026-11-22T13:00:00Z", to: "2026-11-24T06:00:00Z")
            .events.map { "\($0.kind) \($0.reason) \($0.at)" }
        #expect(person == league)
    }
}
