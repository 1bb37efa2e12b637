import Foundation
import Testing
@testable import SidelineCore

/// A swing of the favourite by win probability is a moment that matters (priority 10) only
/// with hysteresis: the new side at least 10 points past 50 %, and at least 10 minutes
/// after the last such moment. A chance see-sawing around 50 % must not spend the phone's
/// APNs budget or Home Assistant's reserve.
@Suite("Push policy: win swings, with hysteresis")
struct PushPolicyWinSwingTests {
    typealias F = DisplayFixtures
    static let t0 = F.now

    static func view(_ percent: Double?) -> MatchupView {
        F.matchup(F.myLineup(), F.theirLineup(), winProbability: percent.map { $0 / 100 })
    }

    /// Shows each chance in turn (minutes after `t0`, percent), as successive updates of one
    /// activity do; which of them were moments.
    func moments(_ steps: [(minute: Double, percent: Double)], from start: WinSwing? = nil) -> [Bool] {
        var mark = start
        return steps.map { step in
            let result = PushPolicy.winSwing(after: mark, showing: Self.view(step.percent), at: Self.t0 + step.minute * 60)
            mark = result.mark
            return result.isMoment
        }
    }

    @Test("Flapping 49 / 51 / 49 % is never a moment")
    func flappingAroundHalf() {
        #expect(moments([(0, 49), (1, 51), (2, 49), (3, 51), (4, 49)]) == [false, false, false, false, false])
        let longAgo = WinSwing(side: .them, at: Self.t0 - 3600)
        #expect(moments([(0, 49), (1, 51), (2, 49)], from: longAgo) == [false, false, false])
    }

    @Test("45 → 61 % is a moment")
    func clearSwing() {
        #expect(moments([(0, 45), (1, 61)]) == [false, true])
    }

    @Test("Another swing 5 minutes after a moment is not one; 12 minutes after, it is")
    func spacedMoments() {
        #expect(moments([(0, 45), (1, 61), (6, 38), (8, 55), (13, 35)]) == [false, true, false, false, true])
    }

    @Test("A swing held back by the spacing goes out once the spacing has passed, if it still holds")
    func heldBackSwingGoesOutLater() {
        #expect(moments([(0, 45), (1, 61), (6, 38), (9, 37), (11, 36)]) == [false, true, false, false, true])
        // …and not if the favourite came back meanwhile.
        #expect(moments([(0, 45), (1, 61), (6, 38), (9, 62), (11, 63)]) == [false, true, false, false, false])
    }

    @Test("Exactly 60 % or 40 % as shown counts; 59 % or 41 % does not")
    func thresholds() {
        #expect(moments([(0, 45), (1, 59)]) == [false, false])
        #expect(moments([(0, 45), (1, 60)]) == [false, true])
        #expect(moments([(0, 45), (1, 59.5)]) == [false, true], "shown as 60%")
        #expect(moments([(0, 55), (1, 41)]) == [false, false])
        #expect(moments([(0, 55), (1, 40)]) == [false, true])
    }

    @Test("A slow drift across 50 % counts once the new side is clear: the remembered side, not the last view, is the reference")
    func slowDrift() {
        #expect(moments([(0, 45), (1, 52), (2, 55), (3, 58), (4, 61), (5, 66)]) == [false, false, false, false, true, false])
    }

    @Test("The first chance an activity sees only sets its side; the first swing needs no spacing")
    func firstChanceSetsTheSide() {
        let first = PushPolicy.winSwing(after: nil, showing: Self.view(70), at: Self.t0)
        #expect(first.mark == WinSwing(side: .me, at: nil))
        #expect(!first.isMoment)
        #expect(PushPolicy.winSwing(after: nil, showing: Self.view(50), at: Self.t0).mark == nil, "an even 50% favours nobody")
        #expect(moments([(0, 70), (1, 35)]) == [false, true])
    }

    @Test("No chance or no opponent: nothing changes")
    func nothingToSwing() {
        let mark = WinSwing(side: .me, at: Self.t0)
        let unknown = PushPolicy.winSwing(after: mark, showing: Self.view(nil), at: Self.t0 + 3600)
        #expect(unknown.mark == mark && !unknown.isMoment)
        let bye = MatchupView(leagueName: "L", season: "2026", week: 12, me: F.myLineup(), opponent: nil, winProbability: 0.1)
        let alone = PushPolicy.winSwing(after: mark, showing: bye, at: Self.t0 + 3600)
        #expect(alone.mark == mark && !alone.isMoment)
    }

    @Test("A see-saw between 30 % and 70 % every minute for two hours: at most one moment per 10 minutes")
    func seeSawIsBounded() {
        let steps = (0..<120).map { (minute: Double($0), percent: $0.isMultiple(of: 2) ? 30.0 : 70.0) }
        let flags = moments(steps)
        let times = zip(steps, flags).filter(\.1).map(\.0.minute)
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later - earlier >= 10)
        }
        // Ten minutes after a moment the chance favours that same side again (it turns every
        // minute), so the next moment is the minute after: one every 11 minutes.
        #expect(times == Array(stride(from: 1.0, through: 111, by: 11)))
    }

    @Test("A swing moment is priority 10 with no alert, like an early lead change; otherwise the same update is 5")
    func priority() {
        let before = Self.view(45), after = Self.view(61)
        let swing = PushPolicy.decide(kind: .update, reason: .points, previous: before, current: after, phase: .live, at: Self.t0, isWinSwing: true)
        #expect(swing.priority == 10)
        #expect(swing.alert == nil)
        let routine = PushPolicy.decide(kind: .update, reason: .points, previous: before, current: after, phase: .live, at: Self.t0)
        #expect(routine.priority == 5)
        let event = DisplayBuilder.event(
            kind: .update, reason: .points, view: after, previous: before, phase: .live, at: Self.t0, context: F.context,
            registration: "1", activity: "1-2026w12-1", isWinSwing: true
        )
        #expect(event.push.priority == 10)
    }

    @Test("The constants say 10 points and 10 minutes")
    func constants() {
        #expect(PushPolicy.winSwingMargin == 10)
        #expect(PushPolicy.winSwingSpacing == 10 * 60)
    }
}
