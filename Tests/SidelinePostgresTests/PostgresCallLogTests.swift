import Foundation
import SidelineCore
import SidelinePostgres
import SidelinePostgresStore
import SidelineStore
import SidelineTestDates
import Testing

/// The SQLite budget tests (BudgetStoreTests, SQLiteStoreTests), against PostgreSQL.
@Suite("PostgreSQL store: the call budget's sliding window, processes, push-back, backoffs", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresCallLogTests {
    let t0 = utc("2026-11-22T18:00:00Z")

    /// Two stores on one new schema, as two pollers on two hosts have.
    func twoStores() throws -> (first: PostgresStore, second: PostgresStore, schema: String) {
        let (url, schema) = try TestDatabase.freshSchema()
        return (try PostgresStore(url: url), try PostgresStore(url: url), schema)
    }

    @Test("Capacity is counted over a sliding 60-second window, not a calendar minute")
    func slidingWindowCapacity() throws {
        let (store, _, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let budget = RateBudget(limit: 10, headroom: 2)
        for i in 0..<8 { #expect(try store.admitCall(kind: "matchups", path: "/m\(i)", at: t0.addingTimeInterval(30 + Double(i) * 4), budget: budget, forRegistration: false)) }
        #expect(try store.schedulerCapacity(at: t0.addingTimeInterval(59), budget: budget).capacity == 0)
        #expect(try store.schedulerCapacity(at: t0.addingTimeInterval(60), budget: budget).capacity == 0)
        #expect(try !store.admitCall(kind: "matchups", path: "/late", at: t0.addingTimeInterval(60), budget: budget, forRegistration: false))
        #expect(try store.admitCall(kind: "user", path: "/u", at: t0.addingTimeInterval(60), budget: budget, forRegistration: true))
        #expect(try store.schedulerCapacity(at: t0.addingTimeInterval(90.5), budget: budget).capacity == 0)
        #expect(try store.schedulerCapacity(at: t0.addingTimeInterval(95), budget: budget).capacity == 1)
        #expect(RateBudget.busiestWindow(try store.callLog().map(\.at)) <= budget.limit)
        #expect(try store.callLog().map(\.path) == (0..<8).map { "/m\($0)" } + ["/u"])
    }

    @Test("The call budget holds across two connections (two pollers) to one database")
    func budgetAcrossProcesses() throws {
        let (first, second, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let budget = RateBudget(limit: 10, headroom: 0)
        var admitted = 0
        for i in 0..<20 {
            let store = i.isMultiple(of: 2) ? first : second
            if try store.admitCall(kind: "matchups", path: "/x", at: t0.addingTimeInterval(Double(i)), budget: budget, forRegistration: false) { admitted += 1 }
        }
        #expect(admitted == 10)
        #expect(try first.admitCall(kind: "state", path: "/y", at: t0.addingTimeInterval(60.5), budget: budget, forRegistration: false))
    }

    @Test("Two pollers racing for the last slots never exceed the window: 2 × 600 admits against 1000, exactly 1000 admitted")
    func racingPollersNeverExceedTheWindow() throws {
        let (first, second, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let budget = RateBudget(limit: 1000, headroom: 0)
        let now = t0
        let stores = [first, second]
        let counts = try inParallel(2) { index in
            var count = 0
            for i in 0..<600 where try stores[index].admitCall(kind: "matchups", path: "/m\(i)", at: now, budget: budget, forRegistration: false) {
                count += 1
            }
            return count
        }
        let admitted = counts.reduce(0, +)
        #expect(admitted == 1000)
        #expect(try first.callsInWindow(at: now.addingTimeInterval(1)) == 1000)
        #expect(try second.callLog().count == 1000)
    }

    @Test("Racing for the last slot of forty windows in turn, two pollers fill each exactly")
    func racingForManyLastSlots() throws {
        let (first, second, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        // Each window is a minute and a second after the last, so each starts empty: forty
        // chances for both pollers to reach a window's last slot at once.
        let budget = RateBudget(limit: 5, headroom: 0)
        let windows = (0..<40).map { t0.addingTimeInterval(Double($0) * 61) }
        let stores = [first, second]
        _ = try inParallel(2) { index in
            for instant in windows {
                for attempt in 0..<6 { _ = try stores[index].admitCall(kind: "matchups", path: "/\(index)/\(attempt)", at: instant, budget: budget, forRegistration: false) }
            }
        }
        let perWindow = Dictionary(grouping: try first.callLog(), by: \.at).mapValues(\.count)
        #expect(perWindow.count == 40)
        #expect(perWindow.values.allSatisfy { $0 == 5 }, "over the budget: \(perWindow.filter { $0.value != 5 })")
    }

    @Test("A push-back recorded by one poller halves the budget another admits, and it recovers")
    func pushBackAcrossProcesses() throws {
        let (first, second, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let budget = RateBudget(limit: 20, headroom: 0)
        try first.recordPushBack(at: t0)
        #expect(try second.budgetPressure().share == 0.5)
        var admitted = 0
        for i in 0..<20 where try second.admitCall(kind: "matchups", path: "/m\(i)", at: t0.addingTimeInterval(Double(i)), budget: budget, forRegistration: false) {
            admitted += 1
        }
        #expect(admitted == 10)
        #expect(try second.schedulerCapacity(at: t0.addingTimeInterval(600), budget: budget).cap == 20)
    }

    @Test("Backoff persists and grows across pollers; clearing resets it")
    func backoffPersists() throws {
        let (store, other, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        #expect(try store.recordBackoff(.sleeper, at: t0, retryAfter: nil) == t0.addingTimeInterval(30))
        #expect(try other.recordBackoff(.sleeper, at: t0, retryAfter: nil) == t0.addingTimeInterval(60))
        #expect(try store.backoffs()[.sleeper]?.failures == 2)
        #expect(try store.backoffs()[.sleeper]?.until == t0.addingTimeInterval(60))
        try store.clearBackoff(.sleeper)
        #expect(try store.backoffs().isEmpty)
    }

    @Test("Pruning drops only the calls before the cut-off")
    func pruneCallLog() throws {
        let (store, _, schema) = try twoStores()
        defer { try? TestDatabase.drop(schema) }
        let budget = RateBudget(limit: 10, headroom: 0)
        for i in 0..<4 { _ = try store.admitCall(kind: "state", path: "/s\(i)", at: t0.addingTimeInterval(Double(i) * 100), budget: budget, forRegistration: false) }
        try store.pruneCallLog(before: t0.addingTimeInterval(150))
        #expect(try store.callLog().map(\.path) == ["/s2", "/s3"])
        #expect(try store.callTimes(since: t0.addingTimeInterval(200)) == [t0.addingTimeInterval(300)])
    }
}
