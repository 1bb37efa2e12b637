import Foundation
import SidelineCore
import SidelinePostgres
import SidelinePostgresTestDatabase
import SidelinePostgresStore
import SidelineStore
import SidelineTestDates
import Testing

/// What only PostgreSQL needs shown of the call budget: pollers racing for the last slots.
/// The budget's behaviour itself is in the shared suites (BudgetStoreTests, SQLiteStoreTests),
/// which run on both stores.
@Suite("PostgreSQL store: pollers racing for the call budget, pruning the call log", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresCallLogTests {
    let t0 = utc("2026-11-22T18:00:00Z")

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
