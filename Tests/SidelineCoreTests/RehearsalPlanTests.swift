import Foundation
import Testing
@testable import SidelineCore

/// `sideline rehearse`'s plan and the allowance rule tests and rehearsals follow (ADR 034).
@Suite("Rehearsal plan and allowance")
struct RehearsalPlanTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func moments(_ count: Int, every seconds: TimeInterval = 60) -> [RehearsalMoment] {
        (0..<count).map { RehearsalMoment(at: start + Double($0) * seconds, view: SampleMatchup.view(step: $0 % 3, at: start)) }
    }

    @Test("A long day becomes one activity of exactly the cap: a start, evenly picked updates ending with the final view, an end")
    func thinnedToTheCap() {
        let day = Self.moments(300)
        let plan = RehearsalPlan.make(day, cap: 20, duration: 180)
        #expect(plan.count == 20)
        #expect(plan.first?.kind == .start && plan.first?.offset == 0)
        #expect(plan.filter { $0.kind == .start }.count == 1, "one start: Apple throttles push-to-start")
        #expect(plan.last?.kind == .end && plan.last?.offset == 180)
        #expect(plan.dropLast().last?.view == day.last?.view, "the final is shown before the end")
        #expect(plan.map(\.offset) == plan.map(\.offset).sorted())
        #expect(plan.filter { $0.kind == .update }.map(\.update) == Array(1...18))
    }

    @Test("A short day is sent whole, compressed into the duration")
    func shortDayWhole() {
        let plan = RehearsalPlan.make(Self.moments(4, every: 600), cap: 20, duration: 60)
        #expect(plan.map(\.kind) == [.start, .update, .update, .update, .end])
        #expect(plan.map(\.offset) == [0, 20, 40, 60, 60])
        #expect(RehearsalPlan.make([], cap: 20, duration: 60).isEmpty)
    }

    @Test("Tests and rehearsals count while the routine share lasts, unpaced, and never spend the reserve")
    func neverTheReserve() {
        let allowance = PushAllowance(limit: 10)
        let now = Self.start
        #expect(allowance.decideRehearsal(use: .init(used: 7, lastAt: now), now: now) == .send, "not paced: the last push was just now")
        #expect(allowance.decideRehearsal(use: .init(used: 8, lastAt: nil), now: now) == .exhausted(until: PushAllowance.nextMidnight(after: now)))
    }
}
