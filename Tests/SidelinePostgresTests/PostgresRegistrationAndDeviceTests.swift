import Foundation
import SidelineCore
import SidelinePostgres
import SidelinePostgresTestDatabase
import SidelinePostgresStore
import SidelineStore
import SidelineTestDates
import Testing

/// What only PostgreSQL needs shown of registrations and devices: processes racing for one
/// phone, one code, one registration or the last push of the day, the change token across
/// connections, and the rows other roles write (lifecycle, outbox) read back. The roles'
/// behaviour itself is in RegistrationAndDeviceRolesTests, on both stores.
@Suite("PostgreSQL store: processes racing to add devices, pair, register and push; rows other roles write", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresRegistrationAndDeviceTests {
    let t0 = utc("2026-11-22T18:00:00Z")
    let user = SleeperUser(userID: "700", username: "alex", displayName: "Alex")
    let league = League(leagueID: "900", name: "Demo", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false)

    /// Two stores on one new schema, as two pollers on two hosts have, and a plain
    /// connection for writing rows the way other roles do.
    func twoStores() throws -> (first: PostgresStore, second: PostgresStore, sql: PostgresConnection, schema: String) {
        let (url, schema) = try TestDatabase.freshSchema()
        return (try PostgresStore(url: url), try PostgresStore(url: url), try PostgresConnection(url: url), schema)
    }

    @Test("Two processes adding the same phone for the same user at once add one device, thirty times over")
    func racingAddDeviceOnce() throws {
        let (first, second, _, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let stores = [first, second]
        let outcomes = try inParallel(2) { index in
            try (0..<30).map { round in
                try stores[index].addDeviceOnce(sleeperUserID: "700", name: "iPhone", environment: .production, pushToStartToken: "token-\(round)", at: t0).outcome
            }
        }
        let devices = try first.devices()
        #expect(devices.count == 30, "one device per token: \(Dictionary(grouping: devices, by: \.pushToStartToken).filter { $0.value.count > 1 }.keys)")
        #expect(outcomes.flatMap { $0 }.filter { $0 == .added }.count == 30)
    }

    @Test("Two processes adding the same Home Assistant service for the same user at once add one target, thirty times over")
    func racingAddHomeAssistantTargetOnce() throws {
        let (first, second, _, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let stores = [first, second]
        _ = try inParallel(2) { index in
            for round in 0..<30 { _ = try stores[index].addHomeAssistantTargetOnce(sleeperUserID: "700", name: "HA", service: "mobile_app_\(round)", at: t0) }
        }
        #expect(try first.devices().count == 30)
    }

    @Test("Two requests redeeming one pairing code at once pair one device; the other finds the code used, thirty codes over")
    func racingRedemption() throws {
        let (first, second, _, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        _ = try first.register([NewRegistration(user: user, league: league, rosterID: 1)], leagues: [], at: t0)
        for round in 0..<30 { try first.addPairingCode(codeHash: "code-\(round)", sleeperUserID: "700", expiresAt: t0.addingTimeInterval(900), at: t0) }
        let stores = [first, second]
        let results = try inParallel(2) { index in
            try (0..<30).map { round in
                // Different tokens: the earlier-device rule must not hide a second pairing.
                try stores[index].redeemPairingCode(codeHash: "code-\(round)", name: "iPhone", environment: .production, pushToStartToken: "t-\(index)-\(round)",
                                                    secretHash: { "hash-\($0)" }, at: t0)
            }
        }
        for round in 0..<30 {
            let pair = [results[0][round], results[1][round]]
            #expect(pair.filter { if case .paired = $0 { true } else { false } }.count == 1 && pair.contains(.used), "code-\(round): \(pair)")
        }
        #expect(try first.devices().count == 30)
    }

    @Test("Two processes spending a target's rehearsal allowance at once never exceed it: forty targets, each exactly at its routine share")
    func racingRehearsalPushes() throws {
        let (first, second, _, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        // 5 a day, 1 kept back: each target's last routine push is raced for forty times over.
        let allowance = PushAllowance(limit: 5)
        let targets = (0..<40).map { "mobile_app_\($0)" }
        let stores = [first, second]
        let sent = try inParallel(2) { index in
            var sent = 0
            for target in targets {
                for attempt in 0..<4 where try stores[index].admitRehearsalPush(target: target, allowance: allowance, at: t0.addingTimeInterval(Double(attempt))) == .send {
                    sent += 1
                }
            }
            return sent
        }
        #expect(sent.reduce(0, +) == 160)
        let used = try Dictionary(uniqueKeysWithValues: targets.map { ($0, try first.allowanceUse(target: $0, at: t0).used) })
        #expect(used.values.allSatisfy { $0 == 4 }, "over the allowance: \(used.filter { $0.value != 4 })")
    }

    @Test("Two processes registering the same user and league at once store one registration; one of them hears it already existed")
    func racingRegistration() throws {
        let (first, second, _, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let stores = [first, second]
        let results = try inParallel(2) { index in
            try (0..<30).map { round in
                let item = NewRegistration(user: user, league: League(leagueID: "L\(round)", name: "League \(round)", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false), rosterID: 1)
                let result = try stores[index].register([item], leagues: [], at: t0)[0]
                return RegisterResult(id: result.0.id, existed: result.existed)
            }
        }
        for round in 0..<30 {
            #expect(results[0][round].id == results[1][round].id && results[0][round].existed != results[1][round].existed, "L\(round): \(results[0][round]) \(results[1][round])")
        }
        #expect(try first.activeRegistrations().count == 30)
    }

    struct RegisterResult: Sendable, Equatable {
        let id: Int64
        let existed: Bool
    }

    @Test("An id is never handed out again, not even after its row is deleted")
    func idsNeverReused() throws {
        let (store, _, sql, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let item = NewRegistration(user: user, league: league, rosterID: 1)
        let first = try store.register([item], leagues: [], at: t0)[0].0
        try sql.execute("UPDATE registration SET removed_at = $1 WHERE id = $2", [.double(t0.timeIntervalSince1970), .int(first.id)])
        #expect(try store.registration(id: first.id) == nil)
        #expect(try store.anyRegistration(id: first.id) == first)
        let second = try store.register([item], leagues: [], at: t0)[0]
        #expect(!second.existed && second.0.id > first.id)
        try sql.execute("DELETE FROM registration WHERE id = $1", [.int(second.0.id)])
        #expect(try store.register([item], leagues: [], at: t0)[0].0.id > second.0.id)
    }

    @Test("The change token: a commit through another connection moves it, this connection's own and a rolled-back one do not")
    func changeTokenAcrossConnections() throws {
        let (store, other, sql, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let start = try store.externalChangeToken()
        try store.setMeta("mine", "1")
        _ = try store.register([NewRegistration(user: user, league: league, rosterID: 1)], leagues: [StoredLeague(league: league, teamNames: [:])], at: t0)
        #expect(try store.externalChangeToken() == start)
        // A write that rolls back changed nothing.
        _ = try? sql.transaction { session in
            try session.execute("INSERT INTO meta (key, value) VALUES ('rolled', 'back')")
            throw PostgresError("rolled back on purpose")
        }
        #expect(try store.externalChangeToken() == start)
        // Tables the cache does not hold move nothing (the call log is written every pass).
        _ = try other.admitCall(kind: "state", path: "/state", at: t0, budget: RateBudget(limit: 10, headroom: 0), forRegistration: false)
        #expect(try store.externalChangeToken() == start)
        for (index, statement) in ["UPDATE registration SET follow_note = 'x'", "INSERT INTO nfl_state (id, json, fetched_at) VALUES (1, '{}', 0)",
                                   "DELETE FROM league", "INSERT INTO person (sleeper_user_id, scope, updated_at) VALUES ('9', 'person', 0)"].enumerated() {
            let before = try store.externalChangeToken()
            try sql.execute(statement)
            #expect(try store.externalChangeToken() != before, "statement \(index)")
        }
        // One transaction writing two watched tables counts once.
        let before = try store.externalChangeToken()
        try sql.transaction { session in
            try session.execute("UPDATE registration SET follow_note = 'y'")
            try session.execute("INSERT INTO meta (key, value) VALUES ('a', 'b')")
        }
        #expect(try store.externalChangeToken() == before + 1)
    }

    @Test("The structure token moves for registrations, leagues and scopes written elsewhere, not for a pass's snapshots, feeds and rows")
    func structureToken() throws {
        let (store, _, sql, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let start = try store.structureChangeToken()
        _ = try store.register([NewRegistration(user: user, league: league, rosterID: 1)], leagues: [StoredLeague(league: league, teamNames: [:])], at: t0)
        #expect(try store.structureChangeToken() == start, "this connection's own")
        for statement in ["INSERT INTO nfl_state (id, json, fetched_at) VALUES (1, '{}', 0)", "INSERT INTO meta (key, value) VALUES ('a', 'b')"] {
            let token = try store.externalChangeToken()
            try sql.execute(statement)
            #expect(try store.structureChangeToken() == start, "\(statement)")
            #expect(try store.externalChangeToken() != token, "\(statement)")
        }
        for (index, statement) in ["UPDATE registration SET follow_note = 'x'", "DELETE FROM league",
                                   "INSERT INTO person (sleeper_user_id, scope, updated_at) VALUES ('9', 'person', 0)"].enumerated() {
            let before = try store.structureChangeToken()
            try sql.execute(statement)
            #expect(try store.structureChangeToken() != before, "statement \(index)")
        }
    }

    @Test("A registration's open lifecycle rows are read back in both modes from the bytes the lifecycle commit writes; closed ones are not")
    func openLifecycleStates() throws {
        let (store, _, sql, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let registration = try store.register([NewRegistration(user: user, league: league, rosterID: 1)], leagues: [], at: t0)[0].0
        let view = MatchupView(leagueName: "Demo", season: "2026", week: 12, me: LineupView(rosterID: 1, teamName: "Alex", points: 12.5, starters: []), opponent: nil)
        let open = LifecycleState(activity: ActivityRun(id: "1-2026w12-1", startedAt: t0, phase: .live, lastView: view, lastEventAt: t0), startedCount: 1)
        let dryOpen = LifecycleState(activity: ActivityRun(id: "dry-1-2026w12-1", startedAt: t0, phase: .grace(since: t0.addingTimeInterval(60)), lastView: view), startedCount: 2)
        let closed = LifecycleState(activity: nil, startedCount: 1, lastEndedAt: t0)
        let week12 = WeekKey(season: "2026", seasonType: .regular, week: 12)
        let week11 = WeekKey(season: "2026", seasonType: .regular, week: 11)
        for (week, mode, state) in [(week12, PassMode.live, open), (week12, .dryRun, dryOpen), (week11, .live, closed)] {
            let row = LifecycleRow(state)
            try sql.execute("INSERT INTO lifecycle (registration_id, week_key, mode, state, is_open, updated_at) VALUES ($1, $2, $3, $4, $5, $6)",
                            [.int(registration.id), .text(week.storageKey), .text(mode.rawValue), .bytes(Data(row.bytes)), .bool(row.isOpen), .double(0)])
        }
        #expect(try store.openLifecycleStates(registrationID: registration.id) == [
            LifecycleKey(registrationID: registration.id, week: week12, mode: .live): open,
            LifecycleKey(registrationID: registration.id, week: week12, mode: .dryRun): dryOpen,
        ])
        #expect(try store.openLifecycleStates(registrationID: registration.id + 1).isEmpty)
    }

    @Test("Running activities and their owners come from the outbox: a live start owns, an end stops it running, a removed user's stops too")
    func runningActivitiesFromTheOutbox() throws {
        let (store, _, sql, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let alex = try store.register([NewRegistration(user: user, league: league, rosterID: 1)], leagues: [], at: t0)[0].0
        let sam = try store.register([NewRegistration(user: SleeperUser(userID: "701", username: "sam", displayName: "Sam"), league: league, rosterID: 2)], leagues: [], at: t0)[0].0
        let events: [(Int64, String, String, String, Double)] = [
            (alex.id, "a-run", "live", "start", 0), (alex.id, "a-run", "live", "update", 60),
            (alex.id, "a-done", "live", "start", 10), (alex.id, "a-done", "live", "end", 70),
            (alex.id, "a-dry", "dry_run", "start", 20),
            (sam.id, "s-run", "live", "start", 30),
            (alex.id, "a-old", "live", "start", -13 * 3_600),
        ]
        for (registration, activity, mode, kind, offset) in events {
            try sql.execute("""
                INSERT INTO outbox (registration_id, activity_id, mode, kind, reason, at, payload, created_at) VALUES ($1, $2, $3, $4, 'kickoff', $5, $6, $5)
                """, [.int(registration), .text(activity), .text(mode), .text(kind), .double(t0.timeIntervalSince1970 + offset), .text("{\"kind\":\"\(kind)\"}")])
        }
        let now = t0.addingTimeInterval(120)
        #expect(try store.runningActivities(at: now).map(\.activityID) == ["a-run", "s-run"])
        let running = try #require(try store.runningActivities(sleeperUserID: "700", at: now).first)
        #expect(running == RunningActivity(activityID: "a-run", registrationID: alex.id, sleeperUserID: "700", payload: Data(#"{"kind":"update"}"#.utf8)))
        #expect(try store.activityOwner(activityID: "a-run") == ActivityOwner(activityID: "a-run", registrationID: alex.id, sleeperUserID: "700"))
        #expect(try store.activityOwner(activityID: "a-dry") == nil, "a dry run is nobody's activity")
        try sql.execute("UPDATE registration SET removed_at = 0 WHERE id = $1", [.int(sam.id)])
        #expect(try store.runningActivities(at: now).map(\.activityID) == ["a-run"])
    }
}
