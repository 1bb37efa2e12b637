import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineStore
import SidelineDelivery

@Suite("The delivery rows: a device's facts, the allowance, broken targets, rejected tokens")
struct DeliveryRowsTests {
    let t0 = storeT0
    let week = storeWeek
    let nextWeek = WeekKey(season: "2026", seasonType: .regular, week: 13)

    @Test("Lifecycle rows come back for every stored key of several weeks and modes, more than one chunk of them, and none for a missing key", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func lifecycleRows(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let store = try stores.fresh()
        let count = 1_203
        let registered = try (0..<count).map { index in
            try store.fixtureRegistration(user: storeUser, league: League(leagueID: "L\(index)", name: "League \(index)", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false), at: t0)
        }
        var rows: [LifecycleKey: LifecycleRow] = [:]
        for (index, id) in registered.enumerated() {
            let key = LifecycleKey(registrationID: id, week: index.isMultiple(of: 3) ? nextWeek : week, mode: index.isMultiple(of: 5) ? .dryRun : .live)
            rows[key] = LifecycleRow(LifecycleState(startedCount: index))
        }
        try store.commitPass(rows: rows, events: [], sinks: [:], at: t0)
        let missing = LifecycleKey(registrationID: registered[0], week: week, mode: registered.count.isMultiple(of: 5) ? .live : .dryRun)
        let read = try store.lifecycleRows(Array(rows.keys) + [missing, LifecycleKey(registrationID: 999_999, week: week, mode: .live)])
        #expect(read.count == count)
        #expect(read.mapValues { try? $0.state().startedCount } == rows.mapValues { try? $0.state().startedCount })
    }

    @Test("A device push's facts: the device, the activity's token, the start's status and the target's allowance, read together", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func deviceFacts(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let store = try stores.fresh()
        let registration = try store.fixtureRegistration(user: storeUser, league: storeLeague, at: t0)
        let phone = try store.fixtureDevice(sleeperUserID: storeUser.userID, pushToStartToken: "aa", environment: .sandbox, notifyService: nil, at: t0)
        let target = try store.fixtureDevice(sleeperUserID: storeUser.userID, pushToStartToken: nil, environment: .production, notifyService: "mobile_app_x", at: t0)
        let activity = "1-2026w12-1"
        let start = OutboxDraft(mode: .live, registrationID: registration, activityID: activity, kind: .start, reason: .kickoff, at: t0, payload: Data("{}".utf8),
                                devicePayloads: [DevicePayload(sink: "apns", bytes: Data([1]))])
        let event = try store.commitPass(rows: [:], events: [start], sinks: [.live: [PushRoute(sink: "apns", addressing: .perDevice(.apns))]], at: t0)[0]
        try store.finishDevicePush(eventID: event, deviceID: phone, status: .sent, error: nil, apnsID: nil, notBefore: nil, attempted: true, at: t0)
        try store.fixtureActivityToken(activityID: activity, deviceID: phone, token: "bb", at: t0)

        let facts = try #require(try store.deviceFacts(deviceID: phone, activityID: activity, at: t0))
        #expect(facts.environment == .sandbox && facts.pushToStartToken == "aa" && facts.activityToken == "bb" && !facts.dismissed)
        #expect(facts.startStatus == .sent && facts.notifyService == nil && facts.allowanceUse == nil)

        #expect(try store.admitPush(target: "mobile_app_x", allowance: PushAllowance(limit: 100), important: true, horizon: t0.addingTimeInterval(3600), at: t0) == .send)
        let ha = try #require(try store.deviceFacts(deviceID: target, activityID: activity, at: t0))
        #expect(ha.notifyService == "mobile_app_x" && ha.activityToken == nil && ha.startStatus == nil)
        #expect(ha.allowanceUse == PushAllowance.Use(used: 1, lastAt: t0))
        #expect(try store.deviceFacts(deviceID: target, activityID: activity, at: t0.addingTimeInterval(86_400))?.allowanceUse?.used == 0, "a new UTC day")
        try store.returnPush(target: "mobile_app_x", at: t0)
        try store.returnPush(target: "mobile_app_x", at: t0)
        #expect(try store.deviceFacts(deviceID: target, activityID: activity, at: t0)?.allowanceUse?.used == 0, "never below nothing")
        try store.fixtureRemoveDevice(phone, at: t0)
        #expect(try store.deviceFacts(deviceID: phone, activityID: activity, at: t0) == nil)
    }

    @Test("Each push is admitted as the allowance decides on what the target used, and only a sent one is counted", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func allowance(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let store = try stores.fresh()
        let allowance = PushAllowance(limit: 5)
        let horizon = t0.addingTimeInterval(3600)
        var use = PushAllowance.Use(used: 0, lastAt: nil)
        for i in 0..<8 {
            let now = t0.addingTimeInterval(Double(i) * 600)
            let expected = allowance.decide(important: i >= 5, use: use, now: now, horizon: horizon)
            #expect(try store.admitPush(target: "t", allowance: allowance, important: i >= 5, horizon: horizon, at: now) == expected, "push \(i)")
            if expected == .send { use = PushAllowance.Use(used: use.used + 1, lastAt: now) }
        }
        #expect(use.used == 5, "routine pushes up to the reserve, important ones to the limit")
        #expect(try store.admitPush(target: "t", allowance: allowance, important: true, horizon: horizon, at: t0.addingTimeInterval(86_400)) == .send, "a new UTC day")
    }

    @Test("A refused target is broken until its service is listed again; a removed one is not reported", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func brokenTargets(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let store = try stores.fresh()
        let first = try store.fixtureDevice(sleeperUserID: "700", pushToStartToken: nil, environment: .production, notifyService: "mobile_app_a", at: t0)
        let second = try store.fixtureDevice(sleeperUserID: "700", pushToStartToken: nil, environment: .production, notifyService: "mobile_app_b", at: t0)
        let third = try store.fixtureDevice(sleeperUserID: "701", pushToStartToken: nil, environment: .production, notifyService: "mobile_app_c", at: t0)
        for device in [first, second, third] { try store.markTargetBroken(deviceID: device, reason: "unknown service") }
        #expect(try store.brokenTargets() == ["mobile_app_a", "mobile_app_b", "mobile_app_c"])
        try store.fixtureRemoveDevice(third, at: t0)
        try store.clearBrokenTargets(services: ["mobile_app_a", "mobile_app_z"])
        try store.clearBrokenTargets(services: [])
        #expect(try store.brokenTargets() == ["mobile_app_b"])
        #expect(try store.deviceFacts(deviceID: second, activityID: "x", at: t0)?.brokenReason == "unknown service")
    }

    @Test("A rejected token is forgotten unless a newer one came after the rejection's instant", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func rejectedTokens(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let store = try stores.fresh()
        let phone = try store.fixtureDevice(sleeperUserID: "700", pushToStartToken: "aa", environment: .production, notifyService: nil, at: t0)
        try store.fixtureActivityToken(activityID: "a-1", deviceID: phone, token: "bb", at: t0)
        // Issued before the token was stored: a newer token, kept.
        try store.clearPushToStartToken(deviceID: phone, token: "aa", issuedBefore: t0.addingTimeInterval(-1))
        try store.clearActivityToken(activityID: "a-1", deviceID: phone, token: "bb", issuedBefore: t0.addingTimeInterval(-1))
        // Another token than the one stored: kept.
        try store.clearPushToStartToken(deviceID: phone, token: "zz", issuedBefore: nil)
        try store.clearActivityToken(activityID: "a-1", deviceID: phone, token: "zz", issuedBefore: nil)
        var facts = try #require(try store.deviceFacts(deviceID: phone, activityID: "a-1", at: t0))
        #expect(facts.pushToStartToken == "aa" && facts.activityToken == "bb")
        try store.clearPushToStartToken(deviceID: phone, token: "aa", issuedBefore: t0.addingTimeInterval(1))
        try store.clearActivityToken(activityID: "a-1", deviceID: phone, token: "bb", issuedBefore: nil)
        facts = try #require(try store.deviceFacts(deviceID: phone, activityID: "a-1", at: t0))
        #expect(facts.pushToStartToken == nil && facts.activityToken == nil)
    }

    @Test("Timestamps for an activity on a device strictly increase from the proposed one", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func timestamps(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let store = try stores.fresh()
        let phone = try store.fixtureDevice(sleeperUserID: "700", pushToStartToken: "aa", at: t0)
        #expect(try store.claimTimestamp(activityID: "a-1", deviceID: phone, proposed: 100) == 100)
        #expect(try store.claimTimestamp(activityID: "a-1", deviceID: phone, proposed: 100) == 101)
        #expect(try store.claimTimestamp(activityID: "a-1", deviceID: phone, proposed: 50) == 102)
        #expect(try store.claimTimestamp(activityID: "a-1", deviceID: phone, proposed: 200) == 200)
        #expect(try store.claimTimestamp(activityID: "a-2", deviceID: phone, proposed: 0) == 1)
    }

    @Test("A start is claimed by one caller only; a push finished for later stays open with its attempt and its rest", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func claimAndFinish(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let store = try stores.fresh()
        let registration = try store.fixtureRegistration(user: storeUser, league: storeLeague, at: t0)
        let phones = try ["aa", "ab"].map { try store.fixtureDevice(sleeperUserID: storeUser.userID, pushToStartToken: $0, at: t0) }
        let start = OutboxDraft(mode: .live, registrationID: registration, activityID: "a-1", kind: .start, reason: .kickoff, at: t0, payload: Data("{\"x\":1}".utf8))
        let event = try store.commitPass(rows: [:], events: [start], sinks: [.live: [PushRoute(sink: "apns", addressing: .perDevice(.apns))]], at: t0)[0]
        #expect(try store.openDevicePushes(sink: "apns").allSatisfy { $0.body.legacyEvent == Data("{\"x\":1}".utf8) }, "no body stored: the event's JSON")
        #expect(try store.claimDevicePushSending(eventID: event, deviceID: phones[0], attempts: 0, at: t0))
        #expect(try !store.claimDevicePushSending(eventID: event, deviceID: phones[0], attempts: 0, at: t0))
        #expect(try !store.claimDevicePushSending(eventID: event, deviceID: phones[1], attempts: 3, at: t0), "another attempt count than the row's")
        try store.finishDevicePush(eventID: event, deviceID: phones[0], status: .sent, error: nil, apnsID: "apns-1", notBefore: nil, attempted: true, at: t0)
        try store.finishDevicePush(eventID: event, deviceID: phones[1], status: .pending, error: "429", apnsID: nil, notBefore: t0.addingTimeInterval(60), attempted: true, at: t0)
        let open = try store.openDevicePushes(sink: "apns")
        #expect(open.map(\.deviceID) == [phones[1]])
        #expect(open.first?.attempts == 1 && open.first?.notBefore == t0.addingTimeInterval(60))
        #expect(try store.fixtureDeliveryCounts() == ["apns sent": 1, "apns pending": 1])
    }
}
