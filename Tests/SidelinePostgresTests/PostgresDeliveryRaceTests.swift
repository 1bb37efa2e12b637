import Foundation
import SidelineCore
import SidelineDelivery
import SidelinePostgres
@testable import SidelinePostgresStore
import SidelinePostgresTestDatabase
import SidelineStore
import SidelineTestDates
import Testing

/// What only PostgreSQL needs shown of the deliveries: two pollers (two connections) racing
/// for one start, one day's last pushes and one activity's timestamps. The roles' behaviour
/// itself is in the shared suites (PassCommitTests, OutboxRetentionTests, StartClaimRaceTests),
/// which run on both stores.
@Suite("PostgreSQL store: pollers racing for starts, the push allowance and timestamps", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresDeliveryRaceTests {
    let t0 = utc("2026-11-22T18:00:00Z")

    /// A registration of user 700, `devices` phones and one start each of `activities`,
    /// committed and owed to every phone. Returns the pending pushes.
    func commitStarts(_ store: PostgresStore, devices: Int, activities: Int) throws -> [PendingDevicePush] {
        let registration = try #require(try store.execute("""
            INSERT INTO registration (sleeper_user_id, username, display_name, league_id, league_name, roster_id, season, created_at)
            VALUES ('700', 'alex', 'Alex', '900', 'Demo', 1, '2026', 0) RETURNING id
            """).first?.value("id", as: Int64.self))
        for index in 0..<devices {
            try store.execute("INSERT INTO device (id, sleeper_user_id, name, environment, push_to_start_token, created_at) VALUES ($1, '700', 'phone', 'production', $2, 0)",
                              [.text("dev-\(index)"), .text("aa\(index)")])
        }
        let drafts = (0..<activities).map { index in
            OutboxDraft(mode: .live, registrationID: registration, activityID: "1-2026w12-\(index)", kind: .start, reason: .kickoff, at: t0, payload: Data("{}".utf8),
                        devicePayloads: [DevicePayload(sink: "apns", bytes: Data([1]))])
        }
        try store.commitPass(rows: [:], events: drafts, sinks: [.live: [PushRoute(sink: "apns", addressing: .perDevice(.apns))]], at: t0)
        return try store.openDevicePushes(sink: "apns")
    }

    @Test("Two pollers claiming the same 200 starts at once: each start is won by exactly one")
    func eachStartClaimedOnce() throws {
        let (first, second, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let pushes = try commitStarts(first, devices: 4, activities: 50)
        #expect(pushes.count == 200)
        let stores = [first, second]
        let won = try inParallel(2) { index in
            try pushes.filter { push in
                try stores[index].claimDevicePushSending(eventID: push.eventID, deviceID: push.deviceID, attempts: push.attempts, at: t0)
            }.map { "\($0.eventID)|\($0.deviceID)" }
        }
        #expect(Set(won[0]).isDisjoint(with: won[1]), "claimed by both: \(Set(won[0]).intersection(won[1]).count)")
        #expect(won[0].count + won[1].count == 200)
        let open = try second.openDevicePushes(sink: "apns")
        #expect(open.count == 200 && open.allSatisfy { $0.wasSending && $0.attempts == 1 })
    }

    @Test("Two pollers racing for the last pushes of a hundred days in turn never pass the allowance: exactly 2 a day")
    func allowanceNeverExceeded() throws {
        let (first, second, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        // A UTC day each, so each starts empty, and the pollers released together at each
        // day's start: a hundred chances to reach a day's last push at once.
        let allowance = PushAllowance(limit: 2)
        let stores = [first, second]
        var sent: [Int] = []
        for day in (0..<100).map({ t0.addingTimeInterval(Double($0) * 86_400) }) {
            sent += try inParallel(2) { index in
                try (0..<3).filter { attempt in
                    try stores[index].admitPush(target: "notify.phone", allowance: allowance, important: true, horizon: day + 3600, at: day + Double(attempt)) == .send
                }.count
            }
        }
        #expect(sent.reduce(0, +) == 200)
        let perDay = try first.execute("SELECT day, used FROM push_allowance WHERE target = 'notify.phone'").map { row throws(PostgresError) in try row.value("used", as: Int.self) }
        #expect(perDay.count == 100 && perDay.allSatisfy { $0 == 2 }, "over the allowance: \(perDay.filter { $0 != 2 })")
    }

    @Test("Two pollers claiming timestamps for one activity on one device get 2 × 100 different, increasing ones")
    func timestampsStrictlyIncrease() throws {
        let (first, second, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        _ = try commitStarts(first, devices: 1, activities: 1)
        let stores = [first, second]
        let claimed = try inParallel(2) { index in
            try (0..<100).map { _ in try stores[index].claimTimestamp(activityID: "1-2026w12-0", deviceID: "dev-0", proposed: 1_795_370_400) }
        }
        #expect(Set(claimed[0] + claimed[1]).count == 200)
        for run in claimed { #expect(run == run.sorted() && Set(run).count == run.count) }
        #expect((claimed[0] + claimed[1]).max() == 1_795_370_400 + 199)
    }
}
