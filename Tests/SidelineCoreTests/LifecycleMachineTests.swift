import Foundation
import Testing
@testable import SidelineCore

@Suite("Lifecycle on whole game days")
struct LifecycleDayTests {
    /// Starters in the London game, the 1:00 window, the 4:25 game and Sunday night.
    let alex = ScriptedDay(games: ScriptedDay.sunday, starters: [
        .init(id: "lon1", team: "JAX", rate: 1.5),
        .init(id: "one1", team: "BUF", rate: 2),
        .init(id: "late1", team: "KC", rate: 1),
        .init(id: "snf1", team: "DAL", rate: 0.5),
    ], opponent: [.init(id: "opp1", team: "MIA", rate: 1.2)])

    /// Starters in the 1:00 window and Monday night only.
    let blake = ScriptedDay(games: ScriptedDay.sunday, starters: [
        .init(id: "one2", team: "DET", rate: 1),
        .init(id: "mnf2", team: "SEA", rate: 1),
    ])

    func lifecycleEvents(_ day: ScriptedDay, _ settings: LifecycleSettings = LifecycleSettings()) -> [String] {
        day.run(from: "2026-11-22T13:00:00Z", to: "2026-11-24T06:00:00Z", settings: settings)
            .filter { !($0.kind == .update && [.points, .players, .keepAlive].contains($0.reason)) }
            .map(\.summary)
    }

    @Test("A full Sunday: London start, resumes at 1:00 and 4:25, rollover, bridged to Sunday night, ends 30 min after")
    func fullSundayForAlex() {
        #expect(lifecycleEvents(alex) == [
            "start kickoff Sun 14:31 1-2026w12-1",
            "update resumed Sun 18:01 1-2026w12-1",
            "update resumed Sun 21:26 1-2026w12-1",
            "end rollover Sun 22:01 1-2026w12-1",
            "start rollover Sun 22:01 1-2026w12-2",
            "update resumed Mon 01:21 1-2026w12-2",
            "end grace_expired Mon 05:00 1-2026w12-2",
        ])
    }

    @Test("A 1:00 starter ends 30 minutes after his game; Monday night starts a new activity")
    func oneOClockAndMondayNight() {
        #expect(lifecycleEvents(blake) == [
            "start kickoff Sun 18:01 1-2026w12-1",
            "end grace_expired Sun 21:40 1-2026w12-1",
            "start kickoff Tue 01:16 1-2026w12-2",
            "end grace_expired Tue 04:55 1-2026w12-2",
        ])
    }

    @Test("Without the bridge, the Sunday-night gap ends and restarts the activity")
    func noBridgeEndsAndRestarts() {
        let events = lifecycleEvents(alex, LifecycleSettings(graceMinutes: 30, bridgeMinutes: 0, maxActivityHours: 7.5))
        #expect(events.contains("end grace_expired Mon 01:05 1-2026w12-2"))
        #expect(events.contains("start kickoff Mon 01:21 1-2026w12-3"))
    }

    @Test("Updates carry points and player changes, and never repeat an identical state")
    func updatesOnlyOnChange() {
        let events = alex.run(from: "2026-11-22T14:00:00Z", to: "2026-11-22T17:00:00Z")
        let updates = events.filter { $0.kind == .update }
        #expect(updates.count > 5)
        #expect(updates.allSatisfy { [.points, .players, .keepAlive].contains($0.reason) })
        for (previous, next) in zip(events, events.dropFirst()) where previous.activityID == next.activityID && next.reason != .keepAlive {
            #expect(previous.view != next.view)
        }
    }

    @Test("At most one event per activity per pass, except the rollover's end and start")
    func oneEventPerPass() {
        let events = alex.run(from: "2026-11-22T13:00:00Z", to: "2026-11-23T06:00:00Z")
        let byPass = Dictionary(grouping: events, by: \.at)
        for (_, passEvents) in byPass where passEvents.count > 1 {
            #expect(passEvents.count == 2)
            #expect(passEvents.allSatisfy { $0.reason == .rollover })
        }
    }

    @Test("Every started activity ends, and no activity outlives Apple's 8 hours")
    func everyStartEnds() {
        let events = alex.run(from: "2026-11-22T13:00:00Z", to: "2026-11-24T06:00:00Z")
            + blake.run(from: "2026-11-22T13:00:00Z", to: "2026-11-24T06:00:00Z")
        let starts = Dictionary(grouping: events.filter { $0.kind == .start }, by: \.activityID)
        let ends = Dictionary(grouping: events.filter { $0.kind == .end }, by: \.activityID)
        #expect(Set(starts.keys) == Set(ends.keys))
        for (id, start) in starts {
            let age = ends[id]![0].at.timeIntervalSince(start[0].at)
            #expect(age < 8 * 3600)
        }
    }
}

@Suite("Lifecycle transitions")
struct LifecycleTransitionTests {
    let day = ScriptedDay(games: ScriptedDay.sunday, starters: [.init(id: "p1", team: "BUF", rate: 1), .init(id: "p2", team: "KC", rate: 1)])
    let settings = LifecycleSettings()

    func input(_ time: String, confirmed: Bool? = nil, mayStart: Bool = true) -> LifecycleInput {
        let now = ScriptedDay.utc(time)
        let view = day.view(at: now)
        return LifecycleInput(now: now, view: view, startConfirmed: confirmed ?? StartConfirmation.confirms(view, fetchedAt: now), mayStart: mayStart, activityPrefix: "r")
    }

    @Test("Nothing starts before a post-kickoff snapshot confirms the lineup")
    func waitsForLockSnapshot() {
        let early = LifecycleMachine.step(.idle, input("2026-11-22T18:00:30Z"), settings: settings)
        #expect(early.events.isEmpty)
        let confirmed = LifecycleMachine.step(.idle, input("2026-11-22T18:01:00Z"), settings: settings)
        #expect(confirmed.events.map(\.kind) == [.start])
    }

    @Test("Nothing starts for an ineligible league (pre-draft, complete, off-season)")
    func ineligibleNeverStarts() {
        let result = LifecycleMachine.step(.idle, input("2026-11-22T19:00:00Z", mayStart: false), settings: settings)
        #expect(result.events.isEmpty)
        #expect(result.state == .idle)
    }

    @Test("A kickoff and the grace expiry in the same pass: the kickoff wins")
    func kickoffBeatsExpiry() {
        // Grace began at 20:55; it expires at 21:25, the instant the KC game kicks off.
        let graceView = day.view(at: ScriptedDay.utc("2026-11-22T21:20:00Z"))
        let state = LifecycleState(activity: ActivityState(id: "r-1", startedAt: ScriptedDay.utc("2026-11-22T18:01:00Z"), phase: .grace(since: ScriptedDay.utc("2026-11-22T20:55:00Z")), lastView: graceView), startedCount: 1)
        let noBridge = LifecycleSettings(graceMinutes: 30, bridgeMinutes: 0, maxActivityHours: 7.5)
        // Lineup not yet confirmed at 21:25:00: hold, don't end.
        let atKickoff = LifecycleMachine.step(state, input("2026-11-22T21:25:00Z"), settings: noBridge)
        #expect(atKickoff.state.activity != nil)
        #expect(!atKickoff.events.contains { $0.kind == .end })
        let confirmed = LifecycleMachine.step(atKickoff.state, input("2026-11-22T21:26:00Z"), settings: noBridge)
        #expect(confirmed.events.map(\.reason) == [.resumed])
    }

    @Test("An activity in grace at the age limit just ends")
    func graceAtAgeLimitEnds() {
        let view = day.view(at: ScriptedDay.utc("2026-11-22T21:15:00Z"))
        let state = LifecycleState(activity: ActivityState(id: "r-1", startedAt: ScriptedDay.utc("2026-11-22T13:45:00Z"), phase: .grace(since: ScriptedDay.utc("2026-11-22T21:10:00Z")), lastView: view), startedCount: 1)
        let result = LifecycleMachine.step(state, input("2026-11-22T21:15:00Z"), settings: settings)
        #expect(result.events.map(\.summary) == ["end rollover Sun 21:15 r-1"])
        #expect(result.state.activity == nil)
    }

    @Test("Removal ends a running activity with its last state")
    func removalEnds() {
        let started = LifecycleMachine.step(.idle, input("2026-11-22T18:05:00Z"), settings: settings)
        let removed = LifecycleMachine.remove(started.state, at: ScriptedDay.utc("2026-11-22T18:06:00Z"))
        #expect(removed.events.map(\.reason) == [.removed])
        #expect(removed.events.first?.view == started.state.activity?.lastView)
        #expect(LifecycleMachine.remove(LifecycleState.idle, at: .now).events.isEmpty)
    }

    @Test("A quiet spell gets one keep-alive every 10 minutes, and only then")
    func keepAlive() {
        // One starter in the 1:00 game scoring every 10 minutes on the :x0 mark is too busy;
        // a starter whose points never change leaves the activity quiet.
        let quiet = ScriptedDay(games: ScriptedDay.sunday, starters: [.init(id: "q", team: "BUF", rate: 0)])
        let events = quiet.run(from: "2026-11-22T18:00:00Z", to: "2026-11-22T18:45:00Z")
        #expect(events.map(\.summary) == [
            "start kickoff Sun 18:01 1-2026w12-1",
            "update keep_alive Sun 18:11 1-2026w12-1",
            "update keep_alive Sun 18:21 1-2026w12-1",
            "update keep_alive Sun 18:31 1-2026w12-1",
            "update keep_alive Sun 18:41 1-2026w12-1",
        ])
        #expect(PushPolicy.decide(kind: .update, reason: .keepAlive, previous: events[0].view, current: events[1].view, phase: .live, at: events[1].at).priority == 5)
    }

    @Test("Update reasons: players when counts change, points otherwise")
    func updateReasons() {
        let a = day.view(at: ScriptedDay.utc("2026-11-22T18:20:00Z"))
        let b = day.view(at: ScriptedDay.utc("2026-11-22T18:30:00Z"))
        let c = day.view(at: ScriptedDay.utc("2026-11-22T21:30:00Z"))
        #expect(LifecycleMachine.updateReason(from: a, to: b) == .points)
        #expect(LifecycleMachine.updateReason(from: b, to: c) == .players)
    }
}
