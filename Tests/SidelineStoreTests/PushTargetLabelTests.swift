import Foundation
import Testing
@testable import SidelineCore
import SidelineDelivery
@testable import SidelineStore

/// Each device push is filed under the target that owes it (ADR 031), so the status page's
/// recent deliveries and `status`'s counts name it by its real kind.
@Suite("Push targets: a device push is labelled by the target it was filed for")
struct PushTargetLabelTests {
    let t0 = Date(timeIntervalSince1970: 1_795_370_400) // 2026-11-22T18:00:00Z
    let user = SleeperUser(userID: "700", username: "alex", displayName: "Alex")
    let league = League(leagueID: "900", name: "Demo", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false)

    @Test("A Home Assistant target's push shows as homeassistant on the status page and in status; an iPhone's as apns", arguments: StoreFactory<any AppStore>.all)
    func homeAssistantPushIsNotAnAPNsPush(_ stores: StoreFactory<any AppStore>) throws {
        let store = try stores.fresh()
        let registration = try store.register([NewRegistration(user: user, league: league, rosterID: 1)], leagues: [StoredLeague(league: league, teamNames: [:])], at: t0)[0].0
        let phone = try store.addDevice(sleeperUserID: user.userID, name: "iPhone", environment: .production, pushToStartToken: "aa01", at: t0)
        let target = try store.addHomeAssistantTarget(sleeperUserID: user.userID, name: "Alex's iPhone (HA)", service: "mobile_app_alex_iphone", at: t0)
        // The store keeps pushes opaque: any bytes, under their target's name.
        let apns = DevicePayload(sink: "apns", bytes: Data([1]))
        let homeAssistant = DevicePayload(sink: "homeassistant", bytes: Data(#"{"message":"x"}"#.utf8))
        let start = OutboxDraft(mode: .live, registrationID: registration.id, activityID: "1-2026w12-1", kind: .start, reason: .kickoff, at: t0,
                                payload: Data("{}".utf8), devicePayloads: [apns, homeAssistant])
        let routes = [PushRoute(sink: "apns", addressing: .perDevice(.apns)), PushRoute(sink: "homeassistant", addressing: .perDevice(.homeAssistant))]
        try store.commitPass(rows: [:], events: [start], sinks: [.live: routes], at: t0)

        // The status page's "Recent deliveries".
        let recent = Set(try store.recentDeliveries(limit: 15).map(\.sink))
        #expect(recent == ["apns \(phone.id)", "homeassistant \(target.id)"])
        // `status`'s "Deliveries" and the metrics.
        let counts = try store.deliveryCounts().map { "\($0.sink) \($0.status) \($0.count)" }
        #expect(counts == ["apns pending 1", "homeassistant pending 1"])
        // Each target's delivery loop reads only its own pushes.
        #expect(try store.openDevicePushes(sink: "homeassistant").map(\.deviceID) == [target.id])
        #expect(try store.openDevicePushes(sink: "apns").map(\.deviceID) == [phone.id])
    }
}
