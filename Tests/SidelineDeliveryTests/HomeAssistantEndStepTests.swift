import Foundation
import Testing
import SidelineCore
@testable import SidelineDelivery

/// Home Assistant's end that keeps the final score up: two steps in one row, the step due
/// decided by the clock (ADR 032).
@Suite("Delivery machine: Home Assistant's end in two steps")
struct HomeAssistantEndStepTests {
    static let now = Date(timeIntervalSince1970: 1_795_370_000)
    static let finalState = Data(#"{"message":"Won","data":{"tag":"t","live_update":true}}"#.utf8)
    static let clear = Data(#"{"data":{"tag":"t"},"message":"clear_notification"}"#.utf8)
    static let end = DevicePayload.homeAssistantEnd(finalState: finalState, clear: clear, clearAt: now + 600)
    let machine = DeliveryMachine(policy: .homeAssistant(dailyPushes: 300))

    @Test("Before the clear's instant the final state goes, counted, with the clear next; from then on the clear, not counted")
    func stepsFollowTheClock() {
        #expect(Self.end.step(kind: .end, at: Self.now)
            == DevicePushStep(payload: .homeAssistant(body: Self.finalState, important: true), counted: true, nextStepAt: Self.now + 600))
        for later in [Self.now + 600, Self.now + 3600] {
            #expect(Self.end.step(kind: .end, at: later)
                == DevicePushStep(payload: .homeAssistant(body: Self.clear, important: true), counted: false, nextStepAt: nil))
        }
        let immediate = DevicePayload.homeAssistant(body: Self.clear, important: true)
        #expect(immediate.step(kind: .end, at: Self.now).counted == false, "an end at once is the command")
        #expect(immediate.step(kind: .update, at: Self.now).counted == true)
    }

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

    @Test("Stored and read back byte for byte")
    func storage() throws {
        let bytes = Self.end.storageBytes
        #expect(bytes.first == 2)
        #expect(try DevicePayload(sink: DevicePayload.homeAssistantSink, storageBytes: bytes) == Self.end)
        #expect(throws: (any Error).self) { try DevicePayload(sink: DevicePayload.homeAssistantSink, storageBytes: bytes.prefix(10)) }
        #expect(DeliveryMachine.isImportant(PendingDevicePush(eventID: 1, deviceID: "d", activityID: "a", kind: .end, at: Self.now, body: Self.end,
                                                              attempts: 0, notBefore: .distantPast, wasSending: false)))
    }
}

extension Array {
    fileprivate var only: Element? { count == 1 ? first : nil }
}
