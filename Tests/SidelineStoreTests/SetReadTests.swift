import Foundation
import Testing
import SidelineDelivery
@testable import SidelineCore
@testable import SidelineStore

/// The pass's set-shaped reads (issue 31): one statement per chunk of keys, so what they
/// return must be exactly what a read per key returned — across weeks and modes, past a
/// chunk's size, missing keys left out.
@Suite("The store's set reads: lifecycle rows, snapshots, leagues, a device's facts")
struct SetReadTests {
    let t0 = storeT0
    let week = storeWeek
    let nextWeek = WeekKey(season: "2026", seasonType: .regular, week: 13)

    // Every store with all roles: PostgreSQL lacks LifecycleStore and RegistrationAdminStore.
    @Test("Lifecycle rows come back for every stored key of several weeks and modes, more than one chunk of them, and none for a missing key", arguments: StoreFactory<any AppStore>.all)
    func lifecycleRows(_ stores: StoreFactory<any AppStore>) throws {
        let store = try stores.fresh()
        let count = 1_203
        let leagues = (0..<count).map { League(leagueID: "L\($0)", name: "League \($0)", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false) }
        let registered = try store.register(leagues.map { NewRegistration(user: storeUser, league: $0, rosterID: 1) },
                                            leagues: leagues.map { StoredLeague(league: $0, teamNames: [:]) }, at: t0).map(\.0.id)
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

    @Test("Snapshots and leagues come back for every stored id past a chunk's size, and none for a missing one", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func snapshotsAndLeagues(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let store = try stores.fresh()
        let ids = (0..<1_001).map { "L\($0)" }
        let entry = { (points: Double) in MatchupEntry(rosterID: 1, matchupID: 1, points: points, starters: ["a"], startersPoints: [points], players: ["a"], playersPoints: ["a": points]) }
        try store.saveSnapshots(ids.enumerated().map { SnapshotUpdate(leagueID: $1, week: week, entries: [entry(Double($0))], fetchedAt: t0) }, marks: [])
        let snapshots = try store.snapshots(week: week, leagueIDs: Set(ids + ["missing"]))
        #expect(snapshots.count == ids.count)
        #expect(snapshots["L700"]?.entries == [entry(700)])
        #expect(try store.snapshots(week: nextWeek, leagueIDs: Set(ids)).isEmpty)

        let leagues = ids.map { League(leagueID: $0, name: "League \($0)", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false) }
        for league in leagues { try store.saveLeague(StoredLeague(league: league, teamNames: [1: "Team \(league.leagueID)"]), at: t0) }
        let read = try store.leagues(ids: Set(ids + ["missing"]))
        #expect(read.count == ids.count)
        #expect(read["L999"]?.teamNames[1] == "Team L999")
    }

    // Every store with all roles: PostgreSQL lacks DeliveryStore, DeviceStore and LifecycleStore.
    @Test("A device push's facts: the device, the activity's token, the start's status and the target's allowance, read together", arguments: StoreFactory<any AppStore>.all)
    func deviceFacts(_ stores: StoreFactory<any AppStore>) throws {
        let store = try stores.fresh()
        let registration = try store.register([NewRegistration(user: storeUser, league: storeLeague, rosterID: 1)], leagues: [StoredLeague(league: storeLeague, teamNames: [:])], at: t0)[0].0
        let phone = try store.addDevice(sleeperUserID: storeUser.userID, name: "phone", environment: .sandbox, pushToStartToken: "aa", at: t0)
        let target = try store.addHomeAssistantTarget(sleeperUserID: storeUser.userID, name: "ha", service: "mobile_app_x", at: t0)
        let activity = "1-2026w12-1"
        let start = OutboxDraft(mode: .live, registrationID: registration.id, activityID: activity, kind: .start, reason: .kickoff, at: t0, payload: Data("{}".utf8),
                                devicePayloads: [DevicePayload(sink: "apns", bytes: Data([1]))])
        let event = try store.commitPass(rows: [:], events: [start], sinks: [.live: [PushRoute(sink: "apns", addressing: .perDevice(.apns))]], at: t0)[0]
        try store.finishDevicePush(eventID: event, deviceID: phone.id, status: .sent, error: nil, apnsID: nil, notBefore: nil, attempted: true, at: t0)
        try store.setActivityToken(activityID: activity, deviceID: phone.id, token: "bb", at: t0)

        let facts = try #require(try store.deviceFacts(deviceID: phone.id, activityID: activity, at: t0))
        #expect(facts.environment == .sandbox && facts.pushToStartToken == "aa" && facts.activityToken == "bb" && !facts.dismissed)
        #expect(facts.startStatus == .sent && facts.notifyService == nil && facts.allowanceUse == nil)

        #expect(try store.admitPush(target: "mobile_app_x", allowance: PushAllowance(limit: 100), important: true, horizon: t0.addingTimeInterval(3600), at: t0) == .send)
        let ha = try #require(try store.deviceFacts(deviceID: target.id, activityID: activity, at: t0))
        #expect(ha.notifyService == "mobile_app_x" && ha.activityToken == nil && ha.startStatus == nil)
        #expect(ha.allowanceUse?.used == 1)
        #expect(try store.deviceFacts(deviceID: target.id, activityID: activity, at: t0.addingTimeInterval(86_400))?.allowanceUse?.used == 0, "a new UTC day")
        try store.removeDevice(id: phone.id, at: t0)
        #expect(try store.deviceFacts(deviceID: phone.id, activityID: activity, at: t0) == nil)
    }
}
