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

    // Every store with all roles: PostgreSQL lacks LifecycleStore (pruneOutbox) and DeliveryStore.
    @Test("Settled events before the cut-off go with their rows; pending, on-the-wire and recent ones stay", arguments: StoreFactory<any AppStore>.all)
    func prunesOnlySettled(_ stores: StoreFactory<any AppStore>) throws {
        let store = try stores.fresh()
        let registration = try store.register([NewRegistration(user: user, league: league, rosterID: 1)], leagues: [StoredLeague(league: league, teamNames: [:])], at: t0)[0].0
        let device = try store.addDevice(sleeperUserID: user.userID, name: "phone", environment: .production, pushToStartToken: "aa", at: t0)
        func start(_ activity: String, at: Date) throws -> Int64 {
            let draft = OutboxDraft(mode: .live, registrationID: registration.id, activityID: activity, kind: .start, reason: .kickoff, at: at, payload: Data("{}".utf8))
            return try store.commitPass(rows: [:], events: [draft], sinks: [.live: [PushRoute(sink: "webhook"), PushRoute(sink: "apns", addressing: .perDevice(.apns))]], at: at)[0]
        }
        let settled = try start("1-2026w12-1", at: t0)
        let onTheWire = try start("1-2026w12-2", at: t0)
        let retrying = try start("1-2026w12-3", at: t0)
        let recent = try start("1-2026w13-1", at: t0.addingTimeInterval(8 * 86_400))
        for event in [settled, onTheWire, recent] { try store.markDelivered(eventID: event, sink: "webhook", at: t0) }
        try store.markAttemptFailed(eventID: retrying, sink: "webhook", error: "503", giveUp: false, at: t0)
        for event in [settled, retrying, recent] {
            try store.finishDevicePush(eventID: event, deviceID: device.id, status: .sent, attempted: true, at: t0)
        }
        try store.claimDevicePushSending(eventID: onTheWire, deviceID: device.id, attempts: 0, at: t0)
        try store.setActivityToken(activityID: "1-2026w12-1", deviceID: device.id, token: "bb", at: t0)
        try store.setActivityToken(activityID: "1-2026w12-2", deviceID: device.id, token: "cc", at: t0)

        let cutOff = t0.addingTimeInterval(7 * 86_400 + 1)
        #expect(try store.pruneOutbox(before: cutOff) == 1)
        #expect(try store.outbox().map(\.id) == [onTheWire, retrying, recent])
        // Its delivery and device push went with it; the token of its (long over) activity too.
        let counts = try store.deliveryCounts().reduce(into: [String: Int]()) { $0["\($1.sink) \($1.status)", default: 0] += $1.count }
        #expect(counts["webhook delivered"] == 2)
        #expect(counts["webhook pending"] == 1)
        #expect(counts["apns sent"] == 2)
        #expect(counts["apns sending"] == 1)
        #expect(try store.activityOwner(activityID: "1-2026w12-1") == nil)
        #expect(try store.activityOwner(activityID: "1-2026w12-2") != nil)
        #expect(try store.activityDevice(activityID: "1-2026w12-1", deviceID: device.id) == nil)
        #expect(try store.activityDevice(activityID: "1-2026w12-2", deviceID: device.id) != nil)
        #expect(try store.pruneOutbox(before: cutOff) == 0)
    }
}
