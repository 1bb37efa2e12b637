import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineStore
import SidelineDelivery

@Suite("The outbox's retention: old events go only when nothing is owed")
struct OutboxRetentionTests {
    let t0 = storeT0
    let user = storeUser
    let league = storeLeague

    @Test("Settled events before the cut-off go with their rows; pending, on-the-wire and recent ones stay", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func prunesOnlySettled(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let store = try stores.fresh()
        let registration = try store.fixtureRegistration(user: user, league: league, at: t0)
        let device = try store.fixtureDevice(sleeperUserID: user.userID, pushToStartToken: "aa", at: t0)
        func start(_ activity: String, at: Date) throws -> Int64 {
            let draft = OutboxDraft(mode: .live, registrationID: registration, activityID: activity, kind: .start, reason: .kickoff, at: at, payload: Data("{}".utf8))
            return try store.commitPass(rows: [:], events: [draft], sinks: [.live: [PushRoute(sink: "webhook"), PushRoute(sink: "apns", addressing: .perDevice(.apns))]], at: at)[0]
        }
        let settled = try start("1-2026w12-1", at: t0)
        let onTheWire = try start("1-2026w12-2", at: t0)
        let retrying = try start("1-2026w12-3", at: t0)
        let recent = try start("1-2026w13-1", at: t0.addingTimeInterval(8 * 86_400))
        for event in [settled, onTheWire, recent] { try store.markDelivered(eventID: event, sink: "webhook", at: t0) }
        try store.markAttemptFailed(eventID: retrying, sink: "webhook", error: "503", giveUp: false, at: t0)
        for event in [settled, retrying, recent] {
            try store.finishDevicePush(eventID: event, deviceID: device, status: .sent, attempted: true, at: t0)
        }
        _ = try store.claimDevicePushSending(eventID: onTheWire, deviceID: device, attempts: 0, at: t0)
        try store.fixtureActivityToken(activityID: "1-2026w12-1", deviceID: device, token: "bb", at: t0)
        try store.fixtureActivityToken(activityID: "1-2026w12-2", deviceID: device, token: "cc", at: t0)

        let cutOff = t0.addingTimeInterval(7 * 86_400 + 1)
        #expect(try store.pruneOutbox(before: cutOff) == 1)
        #expect(try store.fixtureOutboxIDs() == [onTheWire, retrying, recent])
        // Its delivery and device push went with it; the token of its (long over) activity too.
        let counts = try store.fixtureDeliveryCounts()
        #expect(counts["webhook delivered"] == 2)
        #expect(counts["webhook pending"] == 1)
        #expect(counts["apns sent"] == 2)
        #expect(counts["apns sending"] == 1)
        #expect(try !store.fixtureActivityStarted("1-2026w12-1"))
        #expect(try store.fixtureActivityStarted("1-2026w12-2"))
        #expect(try !store.fixtureActivityDeviceExists(activityID: "1-2026w12-1", deviceID: device))
        #expect(try store.fixtureActivityDeviceExists(activityID: "1-2026w12-2", deviceID: device))
        #expect(try store.pruneOutbox(before: cutOff) == 0)
    }
}
