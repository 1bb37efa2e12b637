import Foundation
import Testing
@testable import SidelineCore

/// Moments per person (issue 30): what is priority 10 for a person's activity, and how
/// often.
@Suite("Person push policy")
struct PersonPushPolicyTests {
    typealias F = DisplayFixtures
    typealias P = PersonFixtures
    static let at = F.now

    static func decide(
        _ kind: LifecycleEventKind, _ reason: LifecycleReason, from previous: PersonView?, to current: PersonView,
        phase: DisplayPhase = .live, isWinSwing: Bool = false, lastMomentAt: Date? = nil
    ) -> PushDecision {
        PersonDisplay.eventParts(
            kind: kind, reason: reason, view: current, previous: previous, phase: phase, at: at, context: F.context,
            person: P.alex, activity: "p", isWinSwing: isWinSwing, lastMomentAt: lastMomentAt
        ).push
    }

    /// Two leagues, 1 highlighted; each with (mine, theirs) and starters to play or not.
    static func view(_ first: (Double, Double), _ second: (Double, Double), secondLate: Bool = false, highlight: Int64 = 1) -> PersonView {
        PersonView(leagues: [
            P.league(1, "Dynasty Bros", mine: first.0, theirs: first.1),
            P.league(2, "Work League", mine: second.0, theirs: second.1, playing: 1, toPlay: secondLate ? 0 : 1, done: 1),
        ], highlight: highlight)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let previous: PersonView
        let current: PersonView
        let isWinSwing: Bool
        let lastMomentAt: Date?
        let priority: Int
        let alertBody: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "points moving, nobody's lead changing: normal", previous: view((50, 40), (30, 20)), current: view((55, 40), (31, 20)),
             isWinSwing: false, lastMomentAt: nil, priority: 5, alertBody: nil),
        Case(name: "the highlighted league's lead changes: moment, no alert (early)", previous: view((50, 40), (30, 20)), current: view((50, 60), (30, 20)),
             isWinSwing: false, lastMomentAt: nil, priority: 10, alertBody: nil),
        Case(name: "another league's early lead change: normal", previous: view((50, 40), (30, 20)), current: view((50, 40), (30, 35)),
             isWinSwing: false, lastMomentAt: nil, priority: 5, alertBody: nil),
        Case(name: "another league's late lead change: moment with its league's alert",
             previous: view((50, 40), (30, 20), secondLate: true), current: view((50, 40), (30, 35), secondLate: true),
             isWinSwing: false, lastMomentAt: nil, priority: 10, alertBody: "Work League: Behind late — 30.0 – 35.0"),
        Case(name: "a win swing in the highlighted league: moment", previous: view((50, 40), (30, 20)), current: view((51, 40), (30, 20)),
             isWinSwing: true, lastMomentAt: nil, priority: 10, alertBody: nil),
        Case(name: "several moments in one pass: one push", previous: view((50, 40), (30, 20), secondLate: true),
             current: view((50, 60), (30, 35), secondLate: true),
             isWinSwing: true, lastMomentAt: nil, priority: 10, alertBody: "Work League: Behind late — 30.0 – 35.0"),
        Case(name: "a moment 4 minutes after the last: normal, without its alert",
             previous: view((50, 40), (30, 20), secondLate: true), current: view((50, 40), (30, 35), secondLate: true),
             isWinSwing: false, lastMomentAt: at - 4 * 60, priority: 5, alertBody: nil),
        Case(name: "a moment 5 minutes after the last: moment",
             previous: view((50, 40), (30, 20), secondLate: true), current: view((50, 40), (30, 35), secondLate: true),
             isWinSwing: false, lastMomentAt: at - 5 * 60, priority: 10, alertBody: "Work League: Behind late — 30.0 – 35.0"),
        Case(name: "the highlight moving to another league is no lead change", previous: view((50, 40), (30, 20)),
             current: view((50, 40), (30, 20), highlight: 2), isWinSwing: false, lastMomentAt: nil, priority: 5, alertBody: nil),
        Case(name: "one league's final while others play: normal",
             previous: PersonView(leagues: [P.league(1, "A", mine: 50, theirs: 40), P.league(2, "B", mine: 40, theirs: 30, playing: 1, toPlay: 0, done: 1)], highlight: 1),
             current: PersonView(leagues: [P.league(1, "A", mine: 52, theirs: 40), P.league(2, "B", mine: 40, theirs: 30, playing: 0, toPlay: 0, done: 2)], highlight: 1),
             isWinSwing: false, lastMomentAt: nil, priority: 5, alertBody: nil),
    ]

    @Test("Updates: which are moments", arguments: cases)
    func updates(_ c: Case) {
        let decision = Self.decide(.update, .points, from: c.previous, to: c.current, isWinSwing: c.isWinSwing, lastMomentAt: c.lastMomentAt)
        #expect(decision.priority == c.priority)
        #expect(decision.isMoment == (c.priority == 10))
        #expect(decision.alert?.body == c.alertBody)
        if c.alertBody != nil { #expect(decision.alert?.title == "Alex · all leagues") }
    }

    @Test("The person's last final is a moment, even inside the spacing; loud once every result is in")
    func finalIsAMoment() {
        let done = PersonView(leagues: [
            P.league(1, "A", mine: 50, theirs: 40, playing: 0, toPlay: 0, done: 2),
            P.league(2, "B", mine: 30, theirs: 40, playing: 0, toPlay: 0, done: 2),
        ], highlight: 1)
        let decision = Self.decide(.end, .graceExpired, from: done, to: done, phase: .ended, lastMomentAt: Self.at - 60)
        #expect(decision.priority == 10)
        #expect(decision.alert == PushAlert(title: "Alex · all leagues", body: "Final — Won 1 · Lost 1", sound: "default"))
        #expect(decision.dismissalDate == Self.at + PushPolicy.finalDismissalDelay)
    }

    @Test("A removal or rollover end is quiet; a start is priority 5 with a quiet alert for the person")
    func quietEnds() {
        let view = Self.view((50, 40), (30, 20))
        #expect(Self.decide(.end, .removed, from: view, to: view, phase: .ended).priority == 5)
        #expect(Self.decide(.end, .rollover, from: view, to: view, phase: .ended).alert == nil)
        let start = Self.decide(.start, .kickoff, from: nil, to: view)
        #expect(start.priority == 5)
        #expect(start.alert == PushAlert(title: "Alex · all leagues", body: "Kickoff — 2 leagues, 2 playing", sound: nil))
        #expect(Self.decide(.start, .rollover, from: nil, to: view).alert?.body == "Still following — 50.0 – 40.0")
        #expect(Self.decide(.update, .keepAlive, from: view, to: view).priority == 5)
    }
}
