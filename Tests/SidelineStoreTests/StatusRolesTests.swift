import Foundation
import GRDB
import SidelineDelivery
@testable import SidelinePostgresStore
import SidelinePostgres
import Testing
@testable import SidelineCore
@testable import SidelineStore

/// The roles `status`, the status page, the benchmark and the commands read and take:
/// the pass history, the status reads, the inspection, the pass lock and the migrations.
/// What both stores implement of them, and what the tests write their rows with.
protocol StatusRolesUnderTest: PassHistoryStore, StatusReadStore, StoreInspection, StoreMaintenance, PassLocking, CallLogStore {
    /// Writes rows these roles only read (other roles write them in a pass): `sql` in the
    /// SQL both stores speak, with `$1, $2, …` for `values`.
    func seed(_ sql: String, _ values: [SeedValue]) throws
}

/// A value for ``StatusRolesUnderTest/seed(_:_:)``, bound as each store binds its own.
enum SeedValue {
    case int(Int64), text(String), double(Double), bytes(Data), bool(Bool), null
}

extension SQLiteStore: StatusRolesUnderTest {
    func seed(_ sql: String, _ values: [SeedValue]) throws {
        // `?1` is SQLite's numbered parameter, as `$1` is PostgreSQL's.
        let arguments = StatementArguments(values.map { value -> (any DatabaseValueConvertible)? in
            switch value {
            case .int(let int): int
            case .text(let text): text
            case .double(let double): double
            case .bytes(let bytes): bytes
            case .bool(let bool): bool
            case .null: nil
            }
        })
        try pool.write { db in try db.execute(sql: sql.replacingOccurrences(of: "$", with: "?"), arguments: arguments) }
    }
}

extension PostgresStore: StatusRolesUnderTest {
    func seed(_ sql: String, _ values: [SeedValue]) throws {
        try execute(sql, values.map { value in
            switch value {
            case .int(let int): .int(int)
            case .text(let text): .text(text)
            case .double(let double): .double(double)
            case .bytes(let bytes): .bytes(bytes)
            case .bool(let bool): .bool(bool)
            case .null: .null
            }
        })
    }
}

extension StoreFactory where Store == any StatusRolesUnderTest {
    static var statusRoles: [Self] { bothStores({ $0 }, { $0 }) }
}

/// Rows as a pass leaves them, written straight into either store.
extension StatusRolesUnderTest {
    func registration(_ id: Int64, user: String = "700", league: String = "900", removedAt: Date? = nil) throws {
        try seed("""
            INSERT INTO registration (id, sleeper_user_id, username, display_name, league_id, league_name, roster_id, season, created_at, removed_at)
            VALUES ($1, $2, 'alex', 'Alex', $3, 'Demo', 3, '2026', 0, $4)
            """, [.int(id), .text(user), .text(league), removedAt.map { .double($0.timeIntervalSince1970) } ?? .null])
    }

    func lifecycle(_ key: LifecycleKey, _ state: LifecycleState) throws {
        let row = LifecycleRow(state)
        try seed("INSERT INTO lifecycle (registration_id, week_key, mode, state, is_open, updated_at) VALUES ($1, $2, $3, $4, $5, 0)",
                 [.int(key.registrationID), .text(key.week.storageKey), .text(key.mode.rawValue), .bytes(Data(row.bytes)), .bool(row.isOpen)])
    }

    func event(_ id: Int64, registration: Int64 = 1, activity: String, kind: LifecycleEventKind = .update, mode: PassMode = .live, at: Date) throws {
        try seed("INSERT INTO outbox (id, registration_id, activity_id, mode, kind, reason, at, payload, created_at) VALUES ($1, $2, $3, $4, $5, 'points', $6, $7, $6)",
                 [.int(id), .int(registration), .text(activity), .text(mode.rawValue), .text(kind.rawValue), .double(at.timeIntervalSince1970), .text("{\"event\":\(id)}")])
    }

    func delivery(_ event: Int64, sink: String, status: String, attempts: Int64 = 1, at: Date) throws {
        try seed("INSERT INTO delivery (event_id, sink, status, attempts, updated_at) VALUES ($1, $2, $3, $4, $5)",
                 [.int(event), .text(sink), .text(status), .int(attempts), .double(at.timeIntervalSince1970)])
    }

    func device(_ id: String) throws {
        try seed("INSERT INTO device (id, sleeper_user_id, name, environment, created_at) VALUES ($1, '700', $1, 'production', 0)", [.text(id)])
    }

    func devicePush(_ event: Int64, device: String, status: String, sink: String = "apns", attempts: Int64 = 1, apnsID: String? = nil, error: String? = nil, at: Date) throws {
        try seed("INSERT INTO device_push (event_id, device_id, status, attempts, apns_id, last_error, updated_at, sink) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                 [.int(event), .text(device), .text(status), .int(attempts), apnsID.map(SeedValue.text) ?? .null, error.map(SeedValue.text) ?? .null,
                  .double(at.timeIntervalSince1970), .text(sink)])
    }
}

@Suite("Status reads, inspection, the pass history, migrations and the pass lock, on every store")
struct StatusRolesTests {
    let t0 = storeT0
    let week = storeWeek

    @Test("A recorded pass reads back: its summary and when it ended; a bare record moves only the instant", arguments: StoreFactory<any StatusRolesUnderTest>.statusRoles)
    func passHistory(_ stores: StoreFactory<any StatusRolesUnderTest>) throws {
        let store = try stores.fresh()
        #expect(try store.lastPass() == nil)
        #expect(try store.lastPassAt() == nil)
        let summary = PassSummary(at: t0.addingTimeInterval(0.125), calls: 7, unanswered: 1, events: 3, problems: ["matchups: Sleeper answered HTTP 500"], nextKickoff: t0.addingTimeInterval(3_600))
        try store.recordPass(summary)
        #expect(try store.lastPass() == summary)
        #expect(try store.lastPassAt() == summary.at)
        try store.recordPass(at: t0.addingTimeInterval(60.5))
        #expect(try store.lastPassAt() == t0.addingTimeInterval(60.5))
        #expect(try store.lastPass() == summary)
    }

    @Test("Pushes sent since an instant are counted per sink: whole-event deliveries and device pushes together", arguments: StoreFactory<any StatusRolesUnderTest>.statusRoles)
    func pushesSince(_ stores: StoreFactory<any StatusRolesUnderTest>) throws {
        let store = try stores.fresh()
        try store.registration(1)
        try store.device("phone")
        try store.device("kitchen")
        for id in Int64(1)...3 { try store.event(id, activity: "a", at: t0) }
        try store.delivery(1, sink: "webhook", status: "delivered", at: t0.addingTimeInterval(10))
        try store.delivery(2, sink: "webhook", status: "delivered", at: t0.addingTimeInterval(-10))  // before the day
        try store.delivery(3, sink: "webhook", status: "pending", at: t0.addingTimeInterval(10))
        try store.delivery(3, sink: "ntfy", status: "delivered", at: t0)
        try store.devicePush(1, device: "phone", status: "sent", at: t0.addingTimeInterval(5))
        try store.devicePush(2, device: "phone", status: "sent", at: t0.addingTimeInterval(6))
        try store.devicePush(2, device: "kitchen", status: "sent", sink: "homeassistant", at: t0.addingTimeInterval(6))
        try store.devicePush(3, device: "kitchen", status: "failed", sink: "homeassistant", at: t0.addingTimeInterval(7))
        let pushes = try store.pushes(since: t0).map { "\($0.sink) \($0.count)" }
        #expect(pushes == ["apns 2", "homeassistant 1", "ntfy 1", "webhook 1"])
        #expect(try store.pushes(since: t0.addingTimeInterval(60)).isEmpty)
    }

    @Test("Delivery counts list each sink's and each device target's deliveries per state, in order", arguments: StoreFactory<any StatusRolesUnderTest>.statusRoles)
    func deliveryCounts(_ stores: StoreFactory<any StatusRolesUnderTest>) throws {
        let store = try stores.fresh()
        try store.registration(1)
        try store.device("phone")
        for id in Int64(1)...3 { try store.event(id, activity: "a", at: t0) }
        try store.delivery(1, sink: "webhook", status: "delivered", at: t0)
        try store.delivery(2, sink: "webhook", status: "delivered", at: t0)
        try store.delivery(3, sink: "webhook", status: "pending", at: t0)
        try store.delivery(1, sink: "Stdout", status: "failed", at: t0)
        try store.devicePush(1, device: "phone", status: "sent", at: t0)
        try store.devicePush(2, device: "phone", status: "pending", at: t0)
        let counts = try store.deliveryCounts().map { "\($0.sink) \($0.status) \($0.count)" }
        #expect(counts == ["Stdout failed 1", "apns pending 1", "apns sent 1", "webhook delivered 2", "webhook pending 1"])
    }

    @Test("Lifecycle states are every open row of the mode and every row of the week, of registrations not removed", arguments: StoreFactory<any StatusRolesUnderTest>.statusRoles)
    func lifecycleStates(_ stores: StoreFactory<any StatusRolesUnderTest>) throws {
        let store = try stores.fresh()
        let states = CompactRowsTests.states
        let lastWeek = WeekKey(season: "2026", seasonType: .regular, week: 11)
        #expect(!states[1].isOpen && states[2].isOpen && states[3].isOpen)
        for id in Int64(1)...3 { try store.registration(id, league: "90\(id)") }
        try store.registration(4, league: "904", removedAt: t0)
        let thisWeeksClosed = LifecycleKey(registrationID: 1, week: week, mode: .live)
        let lastWeeksOpen = LifecycleKey(registrationID: 2, week: lastWeek, mode: .live)
        let lastWeeksClosed = LifecycleKey(registrationID: 3, week: lastWeek, mode: .live)
        let dryRun = LifecycleKey(registrationID: 3, week: week, mode: .dryRun)
        let removed = LifecycleKey(registrationID: 4, week: week, mode: .live)
        try store.lifecycle(thisWeeksClosed, states[1])
        try store.lifecycle(lastWeeksOpen, states[3])
        try store.lifecycle(lastWeeksClosed, states[1])
        try store.lifecycle(dryRun, states[2])
        try store.lifecycle(removed, states[2])
        #expect(try store.lifecycleStates(mode: .live, week: week) == [thisWeeksClosed: states[1], lastWeeksOpen: states[3]])
        #expect(try store.lifecycleStates(mode: .dryRun, week: lastWeek) == [dryRun: states[2]])
        let rows = try store.lifecycleRows(mode: .live, week: week)
        #expect(rows == [thisWeeksClosed: LifecycleRow(states[1]), lastWeeksOpen: LifecycleRow(states[3])], "the same bytes as written")
        #expect(rows[lastWeeksOpen]?.graceSince == states[3].activity?.startedAt.addingTimeInterval(600))
    }

    @Test("The outbox's newest events read oldest first, the recent events newest first", arguments: StoreFactory<any StatusRolesUnderTest>.statusRoles)
    func outboxAndRecentEvents(_ stores: StoreFactory<any StatusRolesUnderTest>) throws {
        let store = try stores.fresh()
        try store.registration(1)
        try store.event(1, activity: "a", kind: .start, at: t0)
        try store.event(2, activity: "a", at: t0.addingTimeInterval(60.25))
        try store.event(3, activity: "b", kind: .end, mode: .dryRun, at: t0.addingTimeInterval(120))
        let newest = try store.outbox(limit: 2)
        #expect(newest.map(\.id) == [2, 3])
        #expect(newest.first == OutboxEntry(id: 2, registrationID: 1, activityID: "a", mode: .live, kind: .update, reason: .points, at: t0.addingTimeInterval(60.25),
                                            payload: Data("{\"event\":2}".utf8)))
        #expect(try store.outbox().map(\.kind) == [.start, .update, .end])
        let recent = try store.recentEvents(limit: 2)
        #expect(recent == [RecentEvent(id: 3, mode: .dryRun, payload: Data("{\"event\":3}".utf8)), RecentEvent(id: 2, mode: .live, payload: Data("{\"event\":2}".utf8))])
    }

    @Test("Recent deliveries list sinks and devices together, newest first, a device under its target and id", arguments: StoreFactory<any StatusRolesUnderTest>.statusRoles)
    func recentDeliveries(_ stores: StoreFactory<any StatusRolesUnderTest>) throws {
        let store = try stores.fresh()
        try store.registration(1)
        try store.device("phone")
        try store.event(1, activity: "a", kind: .start, at: t0)
        try store.event(2, activity: "a", at: t0)
        try store.delivery(1, sink: "webhook", status: "delivered", at: t0.addingTimeInterval(1))
        try store.devicePush(1, device: "phone", status: "sent", attempts: 2, at: t0.addingTimeInterval(3))
        try store.delivery(2, sink: "webhook", status: "pending", attempts: 0, at: t0.addingTimeInterval(2))
        let recent = try store.recentDeliveries(limit: 2)
        #expect(recent == [
            RecentDelivery(eventID: 1, activityID: "a", kind: "start", sink: "apns phone", status: "sent", attempts: 2, updatedAt: t0.addingTimeInterval(3)),
            RecentDelivery(eventID: 2, activityID: "a", kind: "update", sink: "webhook", status: "pending", attempts: 0, updatedAt: t0.addingTimeInterval(2)),
        ])
        #expect(try store.recentDeliveries(limit: 10).count == 3)
    }

    @Test("An event's device pushes read by device, and the start push's status per activity and device", arguments: StoreFactory<any StatusRolesUnderTest>.statusRoles)
    func devicePushes(_ stores: StoreFactory<any StatusRolesUnderTest>) throws {
        let store = try stores.fresh()
        try store.registration(1)
        for device in ["b-phone", "a-phone", "B-pad"] { try store.device(device) }
        try store.event(1, activity: "a", kind: .start, at: t0)
        try store.event(2, activity: "a", at: t0)
        try store.devicePush(1, device: "b-phone", status: "sent", apnsID: "apns-1", at: t0)
        try store.devicePush(1, device: "a-phone", status: "failed", attempts: 3, error: "BadDeviceToken", at: t0)
        try store.devicePush(1, device: "B-pad", status: "pending", attempts: 0, at: t0)
        try store.devicePush(2, device: "b-phone", status: "pending", at: t0)
        let pushes = try store.devicePushes(eventID: 1).map { "\($0.deviceID) \($0.status) \($0.attempts) \($0.apnsID ?? "-") \($0.error ?? "-")" }
        #expect(pushes == ["B-pad pending 0 - -", "a-phone failed 3 - BadDeviceToken", "b-phone sent 1 apns-1 -"], "in byte order, as SQLite sorts")
        #expect(try store.startPushStatus(activityID: "a", deviceID: "a-phone") == .failed)
        #expect(try store.startPushStatus(activityID: "a", deviceID: "b-phone") == .sent)
        #expect(try store.startPushStatus(activityID: "b", deviceID: "b-phone") == nil)
    }

    @Test("Call times between two instants include both ends, in order", arguments: StoreFactory<any StatusRolesUnderTest>.statusRoles)
    func callTimesBetween(_ stores: StoreFactory<any StatusRolesUnderTest>) throws {
        let store = try stores.fresh()
        let budget = RateBudget(limit: 1000, headroom: 0)
        for offset in [30.0, 0, 10.5, 60, 61] {
            #expect(try store.admitCall(kind: "matchups", path: "/m", at: t0.addingTimeInterval(offset), budget: budget, forRegistration: false))
        }
        #expect(try store.callTimes(from: t0, through: t0.addingTimeInterval(60)) == [0, 10.5, 30, 60].map(t0.addingTimeInterval))
        #expect(try store.callTimes(since: t0.addingTimeInterval(30)) == [60, 61].map(t0.addingTimeInterval))
    }

    @Test("Migrating a store already up to date applies nothing, and names its newest migration", arguments: StoreFactory<any StatusRolesUnderTest>.statusRoles)
    func migrateUpToDate(_ stores: StoreFactory<any StatusRolesUnderTest>) throws {
        let store = try stores.fresh()
        let migration = try store.migrate()
        #expect(migration.applied.isEmpty)
        #expect(migration.from != nil && migration.from == migration.to)
    }

    @Test("A second pass cannot take the lock while the first holds it, and takes it once the first lets go", arguments: StoreFactory<any StatusRolesUnderTest>.statusRoles)
    func passLock(_ stores: StoreFactory<any StatusRolesUnderTest>) throws {
        let (first, second) = try stores.twoConnections()
        var held: (any HeldPassLock)? = try first.passLock(wait: 0)
        #expect { try second.passLock(wait: 0) } throws: { error in
            "\(error)".contains("another sideline pass is running against this database")
        }
        #expect(held != nil)
        held = nil
        _ = try second.passLock(wait: 0)
    }
}
