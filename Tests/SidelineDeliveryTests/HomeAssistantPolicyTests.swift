import Foundation
import Testing
import SidelineCore
@testable import SidelineDelivery

/// The Home Assistant policy: pushes go to the target (a notify service), idempotent by
/// tag, newest state only, no keep-alives, within a daily allowance.
@Suite("Delivery machine: the Home Assistant policy")
struct HomeAssistantPolicyTests {
    static let now = Date(timeIntervalSince1970: 1_795_370_000)
    static let service = "mobile_app_alex_iphone"
    static let body = DevicePayload(sink: "homeassistant", bytes: Data([0]) + Data(#"{"message":"x"}"#.utf8))
    static let target = DeviceFacts(environment: .production, pushToStartToken: nil, notifyService: service)
    let machine = DeliveryMachine(policy: .homeAssistant(dailyPushes: 300))

    static func row(_ kind: LifecycleEventKind, _ reason: LifecycleReason = .points, id: Int64 = 1, sending: Bool = false) -> PendingDevicePush {
        PendingDevicePush(eventID: id, deviceID: "dev-1", activityID: "1-2026w12-1", kind: kind, reason: reason, at: now, body: body,
                          attempts: 0, notBefore: .distantPast, wasSending: sending)
    }

    @Test("Starts, updates and ends go to the notify service: no tokens, nothing committed as sending first")
    func addressing() {
        for kind in [LifecycleEventKind.start, .update, .end] {
            #expect(machine.prepare(Self.row(kind), later: [], device: Self.target, now: Self.now)
                == .send(token: Self.service, markSendingFirst: false, carrying: 0))
        }
    }

    @Test("Keep-alives are not sent (they move APNs' stale date and would only spend the allowance)")
    func keepAlive() {
        #expect(machine.prepare(Self.row(.update, .keepAlive), later: [], device: Self.target, now: Self.now)
            == .skip(reason: Messages.Pushes.keepAliveNotSent))
    }

    @Test("A pending update is replaced by the newest state; a late start carries it")
    func newestOnly() {
        #expect(machine.prepare(Self.row(.update), later: [Self.row(.update, id: 2)], device: Self.target, now: Self.now)
            == .skip(reason: Messages.Pushes.superseded))
        #expect(machine.prepare(Self.row(.start), later: [Self.row(.update, id: 2)], device: Self.target, now: Self.now)
            == .send(token: Self.service, markSendingFirst: false, carrying: 1))
    }

    @Test("Paused or refused targets get nothing")
    func pausedOrBroken() {
        var paused = Self.target
        paused.pausedUntil = Self.now + 60
        #expect(machine.prepare(Self.row(.update), later: [], device: paused, now: Self.now) == .skip(reason: Messages.Pushes.paused))
        paused.pausedUntil = Self.now - 1
        #expect(machine.prepare(Self.row(.update), later: [], device: paused, now: Self.now) == .send(token: Self.service, markSendingFirst: false, carrying: 0))
        var broken = Self.target
        broken.brokenReason = "400 Service notify.x not found."
        #expect(machine.prepare(Self.row(.end), later: [], device: broken, now: Self.now) == .skip(reason: Messages.Pushes.brokenTarget("400 Service notify.x not found.")))
    }

    @Test("Idempotent by tag: a start whose answer never came goes again; an unknown service marks the target broken")
    func answers() {
        #expect(machine.prepare(Self.row(.start, sending: true), later: [], device: Self.target, now: Self.now)
            == .send(token: Self.service, markSendingFirst: false, carrying: 0))
        let unanswered = machine.settle(.unanswered(reason: "timed out"), kind: .start, attempts: 0, now: Self.now)
        #expect(unanswered.actions == [.retry(at: Self.now + 5, reason: "timed out")])
        let refused = machine.settle(.targetRefused(reason: "400 Service notify.x not found."), kind: .update, attempts: 0, now: Self.now)
        #expect(refused.actions == [.fail(reason: "400 Service notify.x not found."), .markTargetBroken(reason: "400 Service notify.x not found.")])
        #expect(refused.laneContinues)
    }

    @Test("Starts, resumed games and loud pushes may use the reserve; routine updates may not")
    func importance() {
        #expect(DeliveryMachine.isImportant(Self.row(.start), coding: FlagCoding()))
        #expect(DeliveryMachine.isImportant(Self.row(.update, .resumed), coding: FlagCoding()))
        #expect(!DeliveryMachine.isImportant(Self.row(.update), coding: FlagCoding()))
        let loud = PendingDevicePush(eventID: 1, deviceID: "d", activityID: "a", kind: .update, at: Self.now,
                                     body: DevicePayload(sink: "homeassistant", bytes: Data([1])), attempts: 0, notBefore: .distantPast, wasSending: false)
        #expect(DeliveryMachine.isImportant(loud, coding: FlagCoding()))
    }
}

/// A coding whose pushes' first byte says whether they matter (as Home Assistant's do).
struct FlagCoding: DevicePushCoding {
    let sink = "homeassistant"
    func encode(_ envelope: EventEnvelope, at now: Date) throws -> DevicePayload { DevicePayload(sink: sink, bytes: Data([0])) }
    func isImportant(_ payload: DevicePayload) -> Bool { payload.bytes.first == 1 }
}
