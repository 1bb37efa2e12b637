import Foundation
import Testing
import SidelineCore
import SidelineDelivery
@testable import SidelineSinks

/// Home Assistant's pushes as its coding stores and steps them (ADR 031, 032).
@Suite("Home Assistant's push coding: one step, or an end in two")
struct HomeAssistantPushCodingTests {
    static let now = Date(timeIntervalSince1970: 1_795_370_000)
    static let finalState = Data(#"{"message":"Won","data":{"tag":"t","live_update":true}}"#.utf8)
    static let clear = Data(#"{"data":{"tag":"t"},"message":"clear_notification"}"#.utf8)
    let coding = HomeAssistantPushCoding(dismissalDelay: 600)
    var end: DevicePayload { coding.payload(.end(finalState: Self.finalState, clear: Self.clear, clearAt: Self.now + 600)) }

    @Test("Before the clear's instant the final state goes, counted, with the clear next; from then on the clear, not counted")
    func stepsFollowTheClock() {
        #expect(coding.step(end, kind: .end, at: Self.now)
            == DevicePushStep(payload: coding.payload(.notify(body: Self.finalState, important: true)), counted: true, nextStepAt: Self.now + 600))
        for later in [Self.now + 600, Self.now + 3600] {
            #expect(coding.step(end, kind: .end, at: later)
                == DevicePushStep(payload: coding.payload(.notify(body: Self.clear, important: true)), counted: false, nextStepAt: nil))
        }
        let immediate = coding.payload(.notify(body: Self.clear, important: true))
        #expect(coding.step(immediate, kind: .end, at: Self.now).counted == false, "an end at once is the command")
        #expect(coding.step(immediate, kind: .update, at: Self.now).counted == true)
    }

    @Test("Stored and read back byte for byte; a truncated one is an error, never a guess")
    func storage() throws {
        #expect(end.bytes.first == 2)
        #expect(try coding.push(end) == .end(finalState: Self.finalState, clear: Self.clear, clearAt: Self.now + 600))
        #expect(throws: (any Error).self) { try coding.push(DevicePayload(sink: coding.sink, bytes: end.bytes.prefix(10))) }
        #expect(coding.isImportant(end))
        #expect(!coding.isImportant(coding.payload(.notify(body: Self.clear, important: false))))
        #expect(try coding.notifyBody(coding.payload(.notify(body: Self.clear, important: false))) == Self.clear)
    }

    @Test("A late start carries the newest body and keeps its own importance")
    func carrying() {
        let start = coding.payload(.notify(body: Data("start".utf8), important: true))
        let newer = coding.payload(.notify(body: Data("newer".utf8), important: false))
        #expect(coding.carrying(start, newer: newer) == coding.payload(.notify(body: Data("newer".utf8), important: true)))
    }
}
