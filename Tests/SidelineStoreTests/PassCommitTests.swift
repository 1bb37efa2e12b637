import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineStore
import SidelinePostgresStore
import SidelineDelivery

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
