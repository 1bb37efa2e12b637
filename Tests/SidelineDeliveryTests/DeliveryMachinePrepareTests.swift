import Foundation
import Testing
import SidelineCore
@testable import SidelineDelivery

/// Before a request: what a lane's head becomes, given what is queued behind it and what
/// is known of the device — first tries and rows found after a crash.
@Suite("Delivery machine: what goes out, what waits, what is closed")
struct DeliveryMachinePrepareTests {
    static let now = Date(timeIntervalSince1970: 1_795_370_000)
    static let pushToStart = "aa" + String(repeating: "01", count: 40)
    static let activityToken = "cc" + String(repeating: "03", count: 40)
    /// The machine never looks inside a push: any bytes do.
    static let body = DevicePayload(sink: "apns", bytes: Data([0]))

    static func row(_ kind: LifecycleEventKind, id: Int64 = 1, at: Date = now, notBefore: Date = .distantPast, sending: Bool = false, claimedAt: Date = .distantPast) -> PendingDevicePush {
        PendingDevicePush(eventID: id, deviceID: "dev-1", activityID: "1-2026w12-1", kind: kind, at: at, body: body,
                          attempts: sending ? 1 : 0, notBefore: notBefore, wasSending: sending, updatedAt: claimedAt)
    }

    static let phone = DeviceFacts(environment: .production, pushToStartToken: pushToStart)
    static let started = DeviceFacts(environment: .production, pushToStartToken: pushToStart, activityToken: activityToken, startStatus: .sent)
    let apns = DeliveryMachine(policy: .apns)

    @Test("A start goes to the push-to-start token, committed as sending first")
    func start() {
        #expect(apns.prepare(Self.row(.start), later: [], device: Self.phone, now: Self.now)
            == .send(token: Self.pushToStart, markSendingFirst: true, carrying: 0))
    }

    @Test("A start found sending after a crash is closed as failed, never sent again")
    func startAfterCrash() {
        #expect(apns.prepare(Self.row(.start, sending: true), later: [], device: Self.phone, now: Self.now)
            == .fail(reason: Messages.Pushes.interruptedStart))
        // A sink that resends (a webhook-like policy) simply sends it again.
        #expect(DeliveryMachine(policy: .atLeastOnce).prepare(Self.row(.start, sending: true), later: [], device: Self.phone, now: Self.now)
            == .send(token: Self.pushToStart, markSendingFirst: false, carrying: 0))
    }

    @Test("A start another loop claimed moments ago waits for that loop's answer; only a claim older than any request is a crash")
    func startInFlightElsewhere() {
        let recent = Self.row(.start, sending: true, claimedAt: Self.now.addingTimeInterval(-30))
        #expect(apns.prepare(recent, later: [], device: Self.phone, now: Self.now) == .wait)
        let old = Self.row(.start, sending: true, claimedAt: Self.now.addingTimeInterval(-DeliveryMachine.answerHorizon))
        #expect(apns.prepare(old, later: [], device: Self.phone, now: Self.now) == .fail(reason: Messages.Pushes.interruptedStart))
    }

    @Test("A start retried late carries the newest queued state, and not past an end")
    func lateStart() {
        let later = [Self.row(.update, id: 2), Self.row(.update, id: 3)][...]
        #expect(apns.prepare(Self.row(.start), later: later, device: Self.phone, now: Self.now)
            == .send(token: Self.pushToStart, markSendingFirst: true, carrying: 2))
        #expect(apns.prepare(Self.row(.start), later: later + [Self.row(.end, id: 4)], device: Self.phone, now: Self.now)
            == .skip(reason: Messages.Pushes.endedBeforeStart))
    }

    @Test("Backing off: the head waits until its time, first try or after a crash", arguments: [LifecycleEventKind.start, .update, .end])
    func backoff(_ kind: LifecycleEventKind) {
        let facts = kind == .start ? Self.phone : Self.started
        #expect(apns.prepare(Self.row(kind, notBefore: Self.now + 1), later: [], device: facts, now: Self.now) == .wait)
        if case .send = apns.prepare(Self.row(kind, notBefore: Self.now), later: [], device: facts, now: Self.now) {} else {
            Issue.record("due at its time")
        }
    }

    @Test("Updates and ends go to the activity's token; after a crash they are simply sent again", arguments: [LifecycleEventKind.update, .end])
    func updates(_ kind: LifecycleEventKind) {
        #expect(apns.prepare(Self.row(kind), later: [], device: Self.started, now: Self.now)
            == .send(token: Self.activityToken, markSendingFirst: false, carrying: 0))
    }

    @Test("An update with a newer one queued behind it is skipped; an end never is")
    func superseded() {
        #expect(apns.prepare(Self.row(.update), later: [Self.row(.update, id: 2)], device: Self.started, now: Self.now)
            == .skip(reason: Messages.Pushes.superseded))
        #expect(apns.prepare(Self.row(.end), later: [Self.row(.start, id: 2)], device: Self.started, now: Self.now)
            == .send(token: Self.activityToken, markSendingFirst: false, carrying: 0))
        // Whole-event sinks owe every event.
        #expect(DeliveryMachine(policy: .atLeastOnce).prepare(Self.row(.update), later: [Self.row(.update, id: 2)], device: Self.started, now: Self.now)
            == .send(token: Self.activityToken, markSendingFirst: false, carrying: 0))
    }

    @Test("No activity token yet: wait, then fail once the wait is over")
    func tokenWait() {
        let noToken = DeviceFacts(environment: .sandbox, pushToStartToken: Self.pushToStart, startStatus: .sent)
        #expect(apns.prepare(Self.row(.update), later: [], device: noToken, now: Self.now) == .wait)
        #expect(apns.prepare(Self.row(.update, at: Self.now - 8 * 3600 - 1), later: [], device: noToken, now: Self.now)
            == .fail(reason: Messages.Pushes.noActivityToken))
    }

    @Test("Closed without a request: a removed device, no push-to-start token, dismissed, never started")
    func skips() {
        #expect(apns.prepare(Self.row(.update), later: [], device: nil, now: Self.now) == .skip(reason: Messages.Pushes.deviceRemoved))
        #expect(apns.prepare(Self.row(.start), later: [], device: DeviceFacts(environment: .production, pushToStartToken: nil), now: Self.now)
            == .skip(reason: Messages.Pushes.noPushToStartToken))
        var dismissed = Self.started
        dismissed.dismissed = true
        #expect(apns.prepare(Self.row(.update), later: [], device: dismissed, now: Self.now) == .skip(reason: Messages.Pushes.dismissed))
        for status in [DevicePushStatus.failed, .skipped] {
            var failed = Self.started
            failed.startStatus = status
            #expect(apns.prepare(Self.row(.end), later: [], device: failed, now: Self.now) == .skip(reason: Messages.Pushes.neverStarted))
        }
    }
}
