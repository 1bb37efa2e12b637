import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineStore
@testable import SidelinePostgresStore
import SidelineDelivery
import SidelinePostgres

/// The pass's commit and the deliveries (LifecycleStore, DeliveryStore), which both stores
/// implement (issue 31), and what their suites set up and look at with: a registration, a
/// device, an activity token, the outbox, the device pushes, the delivery counts.
///
/// Those fixtures belong to other roles (RegistrationAdminStore, DeviceStore, StoreInspection,
/// StatusReadStore) that PostgreSQL gains on other branches: on SQLite they are the real
/// methods; on PostgreSQL, plain statements. When every store has every role, these suites
/// can take ``StoreFactory/all`` and the real methods again.
protocol PassDeliveryRolesUnderTest: LifecycleStore, DeliveryStore {
    func fixtureRegistration(user: SleeperUser, league: League, at now: Date) throws -> Int64
    /// An APNs phone (`notifyService` nil) or a Home Assistant target.
    func fixtureDevice(sleeperUserID: String, pushToStartToken: String?, environment: PushEnvironment, notifyService: String?, at now: Date) throws -> String
    func fixtureRemoveDevice(_ id: String, at now: Date) throws
    func fixtureActivityToken(activityID: String, deviceID: String, token: String, at now: Date) throws
    func fixtureOutboxIDs() throws -> [Int64]
    func fixtureDevicePushStatuses(eventID: Int64) throws -> [String]
    /// Deliveries and device pushes per `"sink status"`.
    func fixtureDeliveryCounts() throws -> [String: Int]
    /// Whether a live activity's start is in the outbox (what ``SQLiteStore/activityOwner(activityID:)`` finds).
    func fixtureActivityStarted(_ activityID: String) throws -> Bool
    func fixtureActivityDeviceExists(activityID: String, deviceID: String) throws -> Bool
    func fixtureRegistrationRemoved(_ id: Int64) throws -> Bool
}

extension PassDeliveryRolesUnderTest {
    func fixtureDevice(sleeperUserID: String, pushToStartToken: String, at now: Date) throws -> String {
        try fixtureDevice(sleeperUserID: sleeperUserID, pushToStartToken: pushToStartToken, environment: .production, notifyService: nil, at: now)
    }
}

extension StoreFactory where Store == any PassDeliveryRolesUnderTest {
    /// SQLite and (with the test server) PostgreSQL, for the suites of the commit and the deliveries.
    static var passDelivery: [Self] { bothStores({ $0 }, { $0 }) }
}

extension SQLiteStore: PassDeliveryRolesUnderTest {
    func fixtureRegistration(user: SleeperUser, league: League, at now: Date) throws -> Int64 {
        try register([NewRegistration(user: user, league: league, rosterID: 1)], leagues: [StoredLeague(league: league, teamNames: [:])], at: now)[0].0.id
    }

    func fixtureDevice(sleeperUserID: String, pushToStartToken: String?, environment: PushEnvironment, notifyService: String?, at now: Date) throws -> String {
        if let notifyService { return try addHomeAssistantTarget(sleeperUserID: sleeperUserID, name: "ha", service: notifyService, at: now).id }
        return try addDevice(sleeperUserID: sleeperUserID, name: "phone", environment: environment, pushToStartToken: pushToStartToken, at: now).id
    }

    func fixtureRemoveDevice(_ id: String, at now: Date) throws { try removeDevice(id: id, at: now) }

    func fixtureActivityToken(activityID: String, deviceID: String, token: String, at now: Date) throws {
        try setActivityToken(activityID: activityID, deviceID: deviceID, token: token, at: now)
    }

    func fixtureOutboxIDs() throws -> [Int64] { try outbox().map(\.id) }

    func fixtureDevicePushStatuses(eventID: Int64) throws -> [String] { try devicePushes(eventID: eventID).map(\.status) }

    func fixtureDeliveryCounts() throws -> [String: Int] {
        try deliveryCounts().reduce(into: [String: Int]()) { $0["\($1.sink) \($1.status)", default: 0] += $1.count }
    }

    func fixtureActivityStarted(_ activityID: String) throws -> Bool { try activityOwner(activityID: activityID) != nil }

    func fixtureActivityDeviceExists(activityID: String, deviceID: String) throws -> Bool {
        try activityDevice(activityID: activityID, deviceID: deviceID) != nil
    }

    func fixtureRegistrationRemoved(_ id: Int64) throws -> Bool { try registration(id: id) == nil && anyRegistration(id: id) != nil }
}

extension PostgresStore: PassDeliveryRolesUnderTest {
    func fixtureRegistration(user: SleeperUser, league: League, at now: Date) throws -> Int64 {
        let id = try execute("""
            INSERT INTO registration (sleeper_user_id, username, display_name, league_id, league_name, roster_id, season, created_at)
            VALUES ($1, $2, $3, $4, $5, 1, $6, $7) RETURNING id
            """, [.text(user.userID), .text(user.username), .text(user.displayName), .text(league.leagueID), .text(league.name), .text(league.season), now.stored])
            .first?.value("id", as: Int64.self)
        return try #require(id)
    }

    func fixtureDevice(sleeperUserID: String, pushToStartToken: String?, environment: PushEnvironment, notifyService: String?, at now: Date) throws -> String {
        let id = "dev-" + String(format: "%08x", UInt32.random(in: .min ... .max))
        try execute("""
            INSERT INTO device (id, sleeper_user_id, name, environment, push_to_start_token, push_to_start_updated_at, notify_service, created_at)
            VALUES ($1, $2, 'phone', $3, $4, $5, $6, $7)
            """, [.text(id), .text(sleeperUserID), .text(environment.rawValue), PostgresValue(pushToStartToken),
                  pushToStartToken == nil ? .null : now.stored, PostgresValue(notifyService), now.stored])
        return id
    }

    func fixtureRemoveDevice(_ id: String, at now: Date) throws {
        try execute("UPDATE device SET removed_at = $1, push_to_start_token = NULL WHERE id = $2", [now.stored, .text(id)])
    }

    func fixtureActivityToken(activityID: String, deviceID: String, token: String, at now: Date) throws {
        try execute("""
            INSERT INTO activity_device (activity_id, device_id, update_token, token_updated_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (activity_id, device_id) DO UPDATE SET update_token = excluded.update_token, token_updated_at = excluded.token_updated_at
            """, [.text(activityID), .text(deviceID), .text(token), now.stored])
    }

    func fixtureOutboxIDs() throws -> [Int64] {
        try execute("SELECT id FROM outbox ORDER BY id").map { row throws(PostgresError) in try row.value("id", as: Int64.self) }
    }

    func fixtureDevicePushStatuses(eventID: Int64) throws -> [String] {
        try execute("SELECT status FROM device_push WHERE event_id = $1 ORDER BY device_id", [.int(eventID)])
            .map { row throws(PostgresError) in try row.value("status", as: String.self) }
    }

    func fixtureDeliveryCounts() throws -> [String: Int] {
        let rows = try execute("""
            SELECT sink, status, count(*) AS n FROM delivery GROUP BY sink, status
            UNION ALL SELECT sink, status, count(*) FROM device_push GROUP BY sink, status
            """)
        return try rows.reduce(into: [String: Int]()) { counts, row throws(PostgresError) in
            counts["\(try row.value("sink", as: String.self)) \(try row.value("status", as: String.self))", default: 0] += try row.value("n", as: Int.self)
        }
    }

    func fixtureActivityStarted(_ activityID: String) throws -> Bool {
        try !execute("SELECT 1 FROM outbox WHERE activity_id = $1 AND kind = 'start' AND mode = 'live'", [.text(activityID)]).isEmpty
    }

    func fixtureActivityDeviceExists(activityID: String, deviceID: String) throws -> Bool {
        try !execute("SELECT 1 FROM activity_device WHERE activity_id = $1 AND device_id = $2", [.text(activityID), .text(deviceID)]).isEmpty
    }

    func fixtureRegistrationRemoved(_ id: Int64) throws -> Bool {
        try !execute("SELECT 1 FROM registration WHERE id = $1 AND removed_at IS NOT NULL", [.int(id)]).isEmpty
    }
}

@Suite("The pass's commit: rows and events together, or neither")
struct PassCommitTests {
    let t0 = storeT0
    let week = storeWeek
    let user = storeUser
    let league = storeLeague

    @Test("A pass commits states and events together; deliveries come back in order per sink", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func commitAndDeliver(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let location = try stores.newLocation()
        let store = try stores.open(location)
        let registration = try store.fixtureRegistration(user: user, league: league, at: t0)
        let key = LifecycleKey(registrationID: registration, week: week, mode: .live)
        let drafts = ["start", "update"].enumerated().map { index, kind in
            OutboxDraft(mode: .live, registrationID: registration, activityID: "1-2026w12-1", kind: LifecycleEventKind(rawValue: kind)!, reason: .kickoff, at: t0, payload: Data("{\"n\":\(index)}".utf8))
        }
        let ids = try store.commitPass(rows: [key: LifecycleRow(LifecycleState(startedCount: 1))], events: drafts, sinks: [.live: [PushRoute(sink: "stdout"), PushRoute(sink: "webhook")]], at: t0)
        #expect(ids.count == 2 && ids[0] < ids[1])

        // A second connection (the next cron pass) sees everything.
        let reopened = try stores.open(location)
        #expect(try reopened.lifecycleRows([key])[key]?.state().startedCount == 1)
        #expect(try reopened.lifecycleHeaders(mode: .live, week: week).keys.map { $0 } == [key])
        #expect(try reopened.lifecycleHeaders(mode: .dryRun, week: week).isEmpty)
        let pending = try reopened.pendingDeliveries(mode: .live)
        #expect(pending.map(\.sink) == ["stdout", "webhook", "stdout", "webhook"])
        #expect(pending.map(\.kind) == [.start, .start, .update, .update])
        #expect(pending.map(\.eventID) == [ids[0], ids[0], ids[1], ids[1]])
        #expect(pending.first?.payload == Data("{\"n\":0}".utf8))
        try reopened.markDelivered(eventID: pending[0].eventID, sink: "stdout", at: t0)
        try reopened.markAttemptFailed(eventID: pending[1].eventID, sink: "webhook", error: "503", giveUp: false, retryAt: nil, at: t0)
        let left = try reopened.pendingDeliveries(mode: .live)
        #expect(left.count == 3)
        #expect(left.first { $0.sink == "webhook" }?.attempts == 1)
        #expect(try reopened.pendingDeliveries(mode: .dryRun).isEmpty)
    }

    @Test("The rows read back by key are the bytes committed; an open row's header survives, a closed row of another week is not read", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func rowsReadBack(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let store = try stores.fresh()
        let registration = try store.fixtureRegistration(user: user, league: league, at: t0)
        let lastWeek = WeekKey(season: "2026", seasonType: .regular, week: 11)
        // An activity in its grace period, with a full view: its header must come back too.
        let open = CompactRowsTests.states[3]
        let rows = [
            LifecycleKey(registrationID: registration, week: lastWeek, mode: .live): LifecycleRow(open),
            LifecycleKey(registrationID: registration, week: storeWeek, mode: .live): LifecycleRow(LifecycleState(startedCount: 2)),
            LifecycleKey(registrationID: registration, week: WeekKey(season: "2026", seasonType: .regular, week: 10), mode: .live): LifecycleRow(LifecycleState()),
        ]
        try store.commitPass(rows: rows, events: [], sinks: [:], at: t0)
        let read = try store.lifecycleRows(Array(rows.keys) + [LifecycleKey(registrationID: registration + 1, week: storeWeek, mode: .live)])
        #expect(read.mapValues(\.bytes) == rows.mapValues(\.bytes))
        let headers = try store.lifecycleHeaders(mode: .live, week: storeWeek)
        #expect(Set(headers.keys) == [LifecycleKey(registrationID: registration, week: lastWeek, mode: .live), LifecycleKey(registrationID: registration, week: storeWeek, mode: .live)])
        #expect(headers[LifecycleKey(registrationID: registration, week: lastWeek, mode: .live)] == LifecycleRow(open).header)
    }

    @Test("A commit whose event cannot be stored leaves no row, event or delivery behind", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func failedCommitLeavesNothing(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let store = try stores.fresh()
        let registration = try store.fixtureRegistration(user: user, league: league, at: t0)
        let key = LifecycleKey(registrationID: registration, week: week, mode: .live)
        let good = OutboxDraft(mode: .live, registrationID: registration, activityID: "1-2026w12-1", kind: .start, reason: .kickoff, at: t0, payload: Data("{}".utf8))
        // An event of a registration that does not exist: its insert fails on the foreign key.
        let bad = OutboxDraft(mode: .live, registrationID: registration + 100, activityID: "9-2026w12-1", kind: .start, reason: .kickoff, at: t0, payload: Data("{}".utf8))
        #expect(throws: StoreError.self) {
            try store.commitPass(rows: [key: LifecycleRow(LifecycleState(startedCount: 1))], events: [good, bad], sinks: [.live: [PushRoute(sink: "webhook")]], at: t0)
        }
        #expect(try store.lifecycleRows([key]).isEmpty)
        #expect(try store.fixtureOutboxIDs().isEmpty)
        #expect(try store.pendingDeliveries(mode: .live).isEmpty)
    }

    @Test("A start is owed to every phone of the user with its body once; an update only to the phones it started on or that reported a token", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func devicePushesFiled(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let store = try stores.fresh()
        let registration = try store.fixtureRegistration(user: user, league: league, at: t0)
        let first = try store.fixtureDevice(sleeperUserID: user.userID, pushToStartToken: "aa01", at: t0)
        let route = PushRoute(sink: "apns", addressing: .perDevice(.apns))
        func draft(_ activity: String, _ kind: LifecycleEventKind) -> OutboxDraft {
            OutboxDraft(mode: .live, registrationID: registration, activityID: activity, kind: kind, reason: .kickoff, at: t0, payload: Data("{\"e\":1}".utf8),
                        devicePayloads: [DevicePayload(sink: "apns", bytes: Data([7, 0, 7]))])
        }
        let start = try store.commitPass(rows: [:], events: [draft("a-1", .start)], sinks: [.live: [route]], at: t0)[0]
        // A phone added after the start: the update is not owed to it, unless it reports a token.
        let second = try store.fixtureDevice(sleeperUserID: user.userID, pushToStartToken: "aa02", at: t0)
        let third = try store.fixtureDevice(sleeperUserID: user.userID, pushToStartToken: "aa03", at: t0)
        try store.fixtureActivityToken(activityID: "a-1", deviceID: third, token: "cc", at: t0)
        // An update in the same commit as its start goes where that start went.
        let ids = try store.commitPass(rows: [:], events: [draft("a-1", .update), draft("b-1", .start), draft("b-1", .update)], sinks: [.live: [route]], at: t0)
        let open = try store.openDevicePushes(sink: "apns")
        let owed = Dictionary(grouping: open, by: \.eventID).mapValues { Set($0.map(\.deviceID)) }
        #expect(owed[start] == [first])
        #expect(owed[ids[0]] == [first, third])
        #expect(owed[ids[1]] == [first, second, third])
        #expect(owed[ids[2]] == [first, second, third])
        #expect(open.allSatisfy { $0.body.bytes == Data([7, 0, 7]) && !$0.wasSending })
        // No device owed: no push and no body; whole-event sinks are unaffected.
        let nobody = OutboxDraft(mode: .live, registrationID: registration, activityID: "c-1", kind: .update, reason: .points, at: t0, payload: Data("{}".utf8),
                                 devicePayloads: [DevicePayload(sink: "apns", bytes: Data([1]))])
        let lone = try store.commitPass(rows: [:], events: [nobody], sinks: [.live: [route]], at: t0)[0]
        #expect(try store.fixtureDevicePushStatuses(eventID: lone).isEmpty)
    }

    @Test("Removing a registration commits its final events with the removal", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func removeRegistrationCommitsEvents(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) throws {
        let store = try stores.fresh()
        let registration = try store.fixtureRegistration(user: user, league: league, at: t0)
        let key = LifecycleKey(registrationID: registration, week: week, mode: .live)
        let end = OutboxDraft(mode: .live, registrationID: registration, activityID: "1-2026w12-1", kind: .end, reason: .removed, at: t0, payload: Data("{}".utf8))
        try removeRegistration(store, id: registration, states: [key: LifecycleState(startedCount: 1)], events: [end], sinks: [.live: [PushRoute(sink: "webhook")]], at: t0)
        #expect(try store.fixtureRegistrationRemoved(registration))
        #expect(try store.pendingDeliveries(mode: .live).map(\.kind) == [.end])
        #expect(try store.lifecycleRows([key])[key]?.state().startedCount == 1)
        // The removed registration's rows are no longer the pass's.
        #expect(try store.lifecycleHeaders(mode: .live, week: week).isEmpty)
    }

    /// `removeRegistration` belongs to RegistrationAdminStore, which PostgreSQL declares once
    /// the rest of that role is there: called on each store's own method until then.
    func removeRegistration(_ store: any PassDeliveryRolesUnderTest, id: Int64, states: [LifecycleKey: LifecycleState], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date) throws {
        switch store {
        case let sqlite as SQLiteStore: try sqlite.removeRegistration(id: id, states: states, events: events, sinks: sinks, at: now)
        case let postgres as PostgresStore: try postgres.removeRegistration(id: id, states: states, events: events, sinks: sinks, at: now)
        default: Issue.record("a store with no removeRegistration: \(type(of: store))")
        }
    }
}

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
