import Foundation
import SidelineCore
import SidelinePostgres
import SidelinePostgresTestDatabase
@testable import SidelinePostgresStore
import SidelineStore
import SidelineTestDates
import Testing

/// The call budget per egress (issue 32, `cluster.egress`): pollers naming one egress share
/// one window, one set of backoffs and one push-back pressure; pollers on two egresses have
/// one each and never wait on each other. The default egress `''` is the budget every
/// PostgreSQL store had before (PostgresCallLogTests and the shared budget suites, unchanged).
@Suite("PostgreSQL store: the call budget per egress, raced by pollers on two egresses", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresEgressBudgetTests {
    let t0 = utc("2026-11-22T18:00:00Z")

    /// One store per egress named, all on one new schema: pollers on several hosts.
    func pollers(_ egresses: [String], lockTimeout: String? = nil) throws -> (stores: [PostgresStore], schema: String) {
        let (url, schema) = try TestDatabase.freshSchema()
        let stores = try egresses.map { egress in try PostgresStore(url: Self.url(url, lockTimeout: lockTimeout), egress: egress) }
        return (stores, schema)
    }

    /// `url` whose connections give up waiting for a lock after `lockTimeout` (a test that
    /// would otherwise hang on a lock it should never wait for fails instead).
    static func url(_ url: PostgresURL, lockTimeout: String?) -> PostgresURL {
        guard let lockTimeout else { return url }
        var parameters = url.parameters
        parameters["options"] = (parameters["options"].map { $0 + " " } ?? "") + "-c lock_timeout=\(lockTimeout)"
        return PostgresURL(host: url.host, port: url.port, user: url.user, database: url.database, password: url.password, parameters: parameters)
    }

    @Test("Two pollers on egress a and two on b racing 4 × 600 admits against 1000 a minute: each egress admits exactly 1000")
    func eachEgressAdmitsItsBudget() throws {
        let (stores, schema) = try pollers(["a", "a", "b", "b"])
        defer { try? TestDatabase.drop(schema) }
        let budget = RateBudget(limit: 1000, headroom: 0)
        let now = t0
        let counts = try inParallel(4) { index in
            var count = 0
            for i in 0..<600 where try stores[index].admitCall(kind: "matchups", path: "/\(index)/\(i)", at: now, budget: budget, forRegistration: false) {
                count += 1
            }
            return count
        }
        #expect(counts[0] + counts[1] == 1000, "egress a: \(counts)")
        #expect(counts[2] + counts[3] == 1000, "egress b: \(counts)")
        let later = now.addingTimeInterval(1)
        #expect(try stores.map { try $0.callsInWindow(at: later) } == [1000, 1000, 1000, 1000])
        #expect(try stores[0].callLog().allSatisfy { $0.path.hasPrefix("/0/") || $0.path.hasPrefix("/1/") }, "a's log holds only a's calls")
        #expect(try stores[3].callTimes(since: now.addingTimeInterval(-1)).count == 1000)
        #expect(try stores[3].callTimes(from: now, through: later).count == 1000)
    }

    @Test("Racing for the last slot of forty windows in turn, two pollers per egress fill each egress's window exactly")
    func eachEgressFillsManyLastSlots() throws {
        let (stores, schema) = try pollers(["a", "a", "b", "b"])
        defer { try? TestDatabase.drop(schema) }
        // Each window a minute and a second after the last, so each starts empty: forty
        // chances per egress for its two pollers to reach the last slot at once.
        let budget = RateBudget(limit: 5, headroom: 0)
        let windows = (0..<40).map { t0.addingTimeInterval(Double($0) * 61) }
        _ = try inParallel(4) { index in
            for instant in windows {
                for attempt in 0..<6 { _ = try stores[index].admitCall(kind: "matchups", path: "/\(index)/\(attempt)", at: instant, budget: budget, forRegistration: false) }
            }
        }
        for (name, store) in [("a", stores[0]), ("b", stores[2])] {
            let perWindow = Dictionary(grouping: try store.callLog(), by: \.at).mapValues(\.count)
            #expect(perWindow.count == 40, "egress \(name)")
            #expect(perWindow.values.allSatisfy { $0 == 5 }, "egress \(name) off its budget: \(perWindow.filter { $0.value != 5 })")
        }
    }

    @Test("Backoffs recorded by a's two pollers at once all count, under a only: b neither rests nor loses its own")
    func backoffsPerEgress() throws {
        let (stores, schema) = try pollers(["a", "a", "b"])
        defer { try? TestDatabase.drop(schema) }
        try stores[2].recordBackoff(.scores, at: t0, retryAfter: nil)
        _ = try inParallel(2) { index in
            for i in 0..<20 { try stores[index].recordBackoff(.sleeper, at: t0.addingTimeInterval(Double(i)), retryAfter: nil) }
        }
        #expect(try stores[0].backoffs()[.sleeper]?.failures == 40, "every failure of a's pollers counted")
        #expect(try stores[1].backoffs().keys.sorted { $0.rawValue < $1.rawValue } == [.sleeper])
        #expect(try stores[2].backoffs().keys.sorted { $0.rawValue < $1.rawValue } == [.scores], "b does not rest for a's push-backs")
        // Clearing is per egress too: a recovering says nothing of b.
        try stores[0].recordBackoff(.scores, at: t0, retryAfter: nil)
        try stores[0].clearBackoff(.scores)
        #expect(try stores[2].backoffs()[.scores]?.failures == 1)
        try stores[2].clearBackoff(.sleeper)
        #expect(try stores[0].backoffs()[.sleeper]?.failures == 40)
    }

    @Test("Push-backs under a from two pollers at once both halve a's share, a hundred times over; b keeps its whole budget and admits all of it")
    func pushBackPerEgress() throws {
        let (stores, schema) = try pollers(["a", "a", "b"])
        defer { try? TestDatabase.drop(schema) }
        // Each round an hour after the last, when a's share has recovered whole: both of a's
        // pollers push back at one instant, and the share is a quarter, not a half, only if
        // neither halving was lost. Rounds, not one long race: the share stops at a floor.
        for round in 0..<100 {
            let now = t0.addingTimeInterval(Double(round) * 3600)
            _ = try inParallel(2) { index in try stores[index].recordPushBack(at: now) }
            #expect(try stores[0].budgetPressure().share(at: now) == 0.25, "round \(round)")
        }
        let now = t0.addingTimeInterval(99 * 3600)
        #expect(try stores[2].budgetPressure() == .calm)
        let budget = RateBudget(limit: 1000, headroom: 0)
        #expect(try stores[0].schedulerCapacity(at: now, budget: budget).cap == 250)
        #expect(try stores[2].schedulerCapacity(at: now, budget: budget).cap == 1000)
        var admitted = (a: 0, b: 0)
        for i in 0..<1100 {
            if try stores[0].admitCall(kind: "matchups", path: "/a\(i)", at: now, budget: budget, forRegistration: false) { admitted.a += 1 }
            if try stores[2].admitCall(kind: "matchups", path: "/b\(i)", at: now, budget: budget, forRegistration: false) { admitted.b += 1 }
        }
        #expect(admitted.a == 250 && admitted.b == 1000, "\(admitted)")
    }

    @Test("While a poller on egress a holds a's lock, a poller on b admits at once; another on a waits")
    func egressesNeverWaitOnEachOther() throws {
        // lock_timeout: a store that waits for a lock gives up after it, instead of hanging.
        let (stores, schema) = try pollers(["a", "b"], lockTimeout: "300ms")
        defer { try? TestDatabase.drop(schema) }
        let holder = try PostgresConnection(url: TestDatabase.url(schema: schema))
        let budget = RateBudget(limit: 10, headroom: 0)
        try holder.transaction { session in
            // The lock a's store takes for its check-and-insert, held here for the whole check.
            try session.advisoryTransactionLock(stores[0].callLogLock)
            #expect(try stores[1].admitCall(kind: "matchups", path: "/b", at: t0, budget: budget, forRegistration: false))
            #expect(throws: StoreError.self, "a's second poller waits its turn") {
                try stores[0].admitCall(kind: "matchups", path: "/a", at: t0, budget: budget, forRegistration: false)
            }
        }
        #expect(try stores[0].admitCall(kind: "matchups", path: "/a", at: t0, budget: budget, forRegistration: false), "a admits once the lock is free")
    }

    @Test("The default egress keeps the call-log lock it always had; other egresses get stable keys of their own")
    func lockKeys() {
        #expect(PostgresLockKey.callLog(egress: "") == PostgresLockKey.callLog)
        #expect(PostgresLockKey.callLog(egress: "a") != PostgresLockKey.callLog(egress: "b"))
        #expect(PostgresLockKey.callLog(egress: "host-a") == PostgresLockKey.callLog(egress: "host-a"))
        #expect(Set(["", "a", "b"].map { PostgresLockKey.callLog(egress: $0) }).isDisjoint(with: [PostgresLockKey.migrations, PostgresLockKey.pass(schema: "a")]))
    }

    @Test("Upgrading, the call log, backoffs and pressure written before become the default egress's; a named egress starts empty")
    func existingRowsBecomeTheDefaultEgress() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let old = try PostgresStore(url: url, migrating: false)
        let before = Array(PostgresSchema.migrations.prefix { $0.name != "pg4-egress-budget" })
        _ = try old.migrate(before)
        let sql = try PostgresConnection(url: url)
        try sql.execute("INSERT INTO call_log (at, kind, path) VALUES ($1, 'matchups', '/m'), ($1, 'state', '/s')", [.double(t0.timeIntervalSince1970)])
        try sql.execute("INSERT INTO backoff (scope, until, failures) VALUES ('sleeper', $1, 3)", [.double(t0.addingTimeInterval(60).timeIntervalSince1970)])
        let pressure = BudgetPressure.calm.pushedBack(at: t0)
        try sql.execute("INSERT INTO meta (key, value) VALUES ('budget_pressure', $1)", [.text(try PostgresJSON.encode(pressure))])

        let upgraded = try PostgresStore(url: url)
        let named = try PostgresStore(url: url, egress: "a")
        #expect(try upgraded.callsInWindow(at: t0.addingTimeInterval(1)) == 2)
        #expect(try upgraded.backoffs()[.sleeper]?.failures == 3)
        #expect(try upgraded.budgetPressure() == pressure)
        #expect(try named.callsInWindow(at: t0.addingTimeInterval(1)) == 0)
        #expect(try named.backoffs().isEmpty)
        #expect(try named.budgetPressure() == .calm)
        #expect(try sql.execute("SELECT count(*) AS n FROM meta WHERE key = 'budget_pressure'").first?.value("n", as: Int.self) == 0, "the pressure moved, not copied")
    }

    @Test("Pruning one egress's call log leaves the other's")
    func prunePerEgress() throws {
        let (stores, schema) = try pollers(["a", "b"])
        defer { try? TestDatabase.drop(schema) }
        let budget = RateBudget(limit: 10, headroom: 0)
        for store in stores { _ = try store.admitCall(kind: "state", path: "/s", at: t0, budget: budget, forRegistration: false) }
        try stores[0].pruneCallLog(before: t0.addingTimeInterval(1))
        #expect(try stores[0].callLog().isEmpty)
        #expect(try stores[1].callLog().count == 1)
    }
}
