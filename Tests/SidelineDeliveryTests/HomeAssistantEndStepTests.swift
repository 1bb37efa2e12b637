import Foundation
import Testing
import SidelineCore
@testable import SidelineDelivery

/// Home Assistant's end that keeps the final score up: two steps in one row (ADR 032). How
/// the steps are stored and which is due: `HomeAssistantPushCodingTests` (SidelineSinksTests).
@Suite("Delivery machine: Home Assistant's end in two steps")
struct HomeAssistantEndStepTests {
    static let now = Date(timeIntervalSince1970: 1_795_370_000)
    let machine = DeliveryMachine(policy: .homeAssistant(dailyPushes: 300))

    @Test("The final state taken: the row waits for its clear, no error, lane held; given up: the clear is still owed")
    func settling() {
        #expect(machine.settle(.accepted(receipt: nil), kind: .end, attempts: 0, nextStepAt: Self.now + 600, now: Self.now)
            == .init(actions: [.awaitNextStep(at: Self.now + 600)], laneContinues: false))
        #expect(machine.settle(.accepted(receipt: nil), kind: .end, attempts: 3, now: Self.now)
            == .init(actions: [.markDelivered(receipt: nil)], laneContinues: true))
        let lastTry = machine.policy.maxAttempts - 1
        let givenUp = machine.settle(.deferred(reason: "HTTP 503", retryAfter: nil), kind: .end, attempts: lastTry, nextStepAt: Self.now + 600, now: Self.now)
        #expect(givenUp.laneContinues == false)
        guard case .retry(let at, _)? = givenUp.actions.only else {
            Issue.record("\(givenUp.actions)")
            return
        }
        #expect(at == Self.now + 600)
    }
}

extension Array {
    fileprivate var only: Element? { count == 1 ? first : nil }
}

@Suite("Delivery machine: a push held while the configuration is wrong")
struct HeldPushTests {
    @Test("Held (a refused token, a redirect): kept pending with no attempt counted, the lane waits, the problem is said; an end is never given up this way", arguments: [LifecycleEventKind.start, .update, .end])
    func heldIsNotFailed(kind: LifecycleEventKind) {
        let machine = DeliveryMachine(policy: .homeAssistant(dailyPushes: 300))
        let settlement = machine.settle(.held(reason: "401 token refused"), kind: kind, attempts: machine.policy.maxAttempts - 1, now: Date(timeIntervalSince1970: 0))
        #expect(settlement.actions == [.hold(reason: "401 token refused"), .reportConfigurationProblem(reason: "401 token refused")])
        #expect(settlement.laneContinues == false)
        #expect(DeliveryAnswer.held(reason: "x").neverReached, "an allowance counted for it is given back")
    }
}
