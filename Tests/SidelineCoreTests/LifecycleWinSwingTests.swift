import Foundation
import Testing
@testable import SidelineCore

/// The lifecycle remembers the last swing of the favourite and marks the update that is one,
/// so the push policy can make it priority 10 at most once per ten minutes.
@Suite("Lifecycle: win swings")
struct LifecycleWinSwingTests {
    typealias F = DisplayFixtures
    static let t0 = F.now
    let settings = LifecycleSettings()

    static func view(_ percent: Double) -> MatchupView {
        F.matchup(F.myLineup(), F.theirLineup(), winProbability: percent / 100)
    }

    static func running(showing percent: Double, swing: WinSwing?, startedAt: Date = t0 - 3600, lastEventAt: Date? = nil) -> LifecycleState {
        LifecycleState(activity: ActivityState(id: "r-1", startedAt: startedAt, phase: .live, lastView: view(percent), lastEventAt: lastEventAt, winSwing: swing), startedCount: 1)
    }

    func step(_ state: LifecycleState, _ percent: Double, minute: Double) -> LifecycleMachine.Transition {
        let input = LifecycleInput(now: Self.t0 + minute * 60, view: Self.view(percent), startConfirmed: true, mayStart: true, activityPrefix: "r")
        return LifecycleMachine.step(state, input, settings: settings)
    }

    @Test("45 → 61 %: the update is a swing and the activity remembers it; 5 minutes later another is not; 12 minutes later it is")
    func swingsThroughTheMachine() throws {
        let first = step(Self.running(showing: 45, swing: WinSwing(side: .them, at: nil)), 61, minute: 0)
        #expect(first.events.map(\.isWinSwing) == [true])
        #expect(first.state.activity?.winSwing == WinSwing(side: .me, at: Self.t0))

        // A change of the chance alone that is no moment is not news: nothing goes out.
        let soon = step(first.state, 38, minute: 5)
        #expect(soon.events.isEmpty)
        #expect(soon.state.activity?.winSwing == WinSwing(side: .me, at: Self.t0))

        let later = step(soon.state, 35, minute: 12)
        #expect(later.events.map(\.isWinSwing) == [true])
        #expect(later.state.activity?.winSwing == WinSwing(side: .them, at: Self.t0 + 12 * 60))
    }

    @Test("Flapping 49 / 51 / 49 % sends nothing: the chance alone is no news, and no swing")
    func flappingIsQuiet() {
        var state = Self.running(showing: 49, swing: WinSwing(side: .them, at: nil), lastEventAt: Self.t0)
        for (minute, percent) in [(1.0, 51.0), (2, 49), (3, 51), (4, 49)] {
            let result = step(state, percent, minute: minute)
            #expect(result.events.isEmpty)
            state = result.state
        }
        #expect(state.activity?.winSwing == WinSwing(side: .them, at: nil))
    }

    @Test("A start is never a swing: it notes the side it starts from")
    func startNotesTheSide() {
        let result = step(.idle, 70, minute: 0)
        #expect(result.events.map(\.kind) == [.start])
        #expect(result.events.map(\.isWinSwing) == [false])
        #expect(result.state.activity?.winSwing == WinSwing(side: .me, at: nil))
    }

    @Test("A swing held back goes out once its ten minutes are up, with nothing else new; a keep-alive is never one")
    func heldBackSwingThenKeepAlive() {
        // The swing to them at minute 5 was held back (the last moment was at minute 0).
        let state = Self.running(showing: 35, swing: WinSwing(side: .me, at: Self.t0), lastEventAt: Self.t0 + 5 * 60)
        let result = step(state, 35, minute: 15)
        #expect(result.events.map(\.isWinSwing) == [true])
        #expect(result.state.activity?.winSwing == WinSwing(side: .them, at: Self.t0 + 15 * 60))
        // Ten quiet minutes later: a keep-alive, and not a swing.
        let quiet = step(result.state, 35, minute: 25)
        #expect(quiet.events.map(\.reason) == [.keepAlive])
        #expect(quiet.events.map(\.isWinSwing) == [false])
    }

    @Test("A rollover's new activity keeps the swing its old one remembered: the matchup goes on")
    func rolloverCarriesTheSwing() {
        let mark = WinSwing(side: .them, at: Self.t0 - 60)
        let state = Self.running(showing: 35, swing: mark, startedAt: Self.t0 - 8 * 3600)
        let result = step(state, 36, minute: 0)
        #expect(result.events.map(\.reason) == [.rollover, .rollover])
        #expect(result.state.activity?.id == "r-2")
        #expect(result.state.activity?.winSwing == mark)
    }
}

@Suite("Lifecycle: the chance alone is not an update")
struct LifecycleChanceAloneTests {
    typealias F = DisplayFixtures
    let settings = LifecycleSettings()

    @Test("A new chance with the same points waits for the next real change or keep-alive, which carries it")
    func chanceRidesAlong() {
        let t0 = F.now
        let state = LifecycleState(activity: ActivityState(id: "r-1", startedAt: t0 - 3600, phase: .live,
                                                           lastView: F.matchup(F.myLineup(), F.theirLineup(), winProbability: 0.55), lastEventAt: t0), startedCount: 1)
        func step(_ chance: Double, at: Date) -> LifecycleMachine.Transition {
            LifecycleMachine.step(state, LifecycleInput(now: at, view: F.matchup(F.myLineup(), F.theirLineup(), winProbability: chance),
                                                       startConfirmed: true, mayStart: true, activityPrefix: "r"), settings: settings)
        }
        #expect(step(0.58, at: t0 + 60).events.isEmpty)
        let keepAlive = step(0.58, at: t0 + PushPolicy.keepAliveInterval)
        #expect(keepAlive.events.map(\.reason) == [.keepAlive])
        #expect(keepAlive.events.first?.view.winProbability == 0.58)
    }
}
