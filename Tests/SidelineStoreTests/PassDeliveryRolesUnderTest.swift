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
