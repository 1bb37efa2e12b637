import Foundation
import Testing
import SidelineDelivery
@testable import SidelineCore
@testable import SidelineStore

@Suite("The store: budget, registrations, commits, backoff")
struct SQLiteStoreTests {
    let t0 = storeT0
    let week = storeWeek
    let user = storeUser
    let league = storeLeague

    @Test("The call budget holds across two connections (two processes) to one file", arguments: StoreFactory<any CommonStoreRoles>.common)
    func budgetAcrossProcesses(_ stores: StoreFactory<any CommonStoreRoles>) throws {
        let (first, second) = try stores.twoConnections()
        let budget = RateBudget(limit: 10, headroom: 0)
        var admitted = 0
        for i in 0..<20 {
            let store = i.isMultiple(of: 2) ? first : second
            if try store.admitCall(kind: "matchups", path: "/x", at: t0.addingTimeInterval(Double(i)), budget: budget, forRegistration: false) { admitted += 1 }
        }
        #expect(admitted == 10)
        // A minute after the first call, its slot is free again.
        #expect(try first.admitCall(kind: "state", path: "/y", at: t0.addingTimeInterval(60.5), budget: budget, forRegistration: false))
    }

    // Every store with all roles: PostgreSQL lacks RegistrationAdminStore.
    @Test("Registering twice keeps one registration; ids are never reused after removal", arguments: StoreFactory<any AppStore>.all)
    func registerTwice(_ stores: StoreFactory<any AppStore>) throws {
        let store = try stores.fresh()
        let item = NewRegistration(user: user, league: league, rosterID: 2)
        let stored = StoredLeague(league: league, teamNames: [2: "Alex's Team"])
        let first = try store.register([item], leagues: [stored], at: t0)
        let again = try store.register([item], leagues: [stored], at: t0)
        #expect(first[0].existed == false)
        #expect(again[0].existed == true)
        #expect(again[0].0.id == first[0].0.id)
        try store.removeRegistration(id: first[0].0.id, states: [:], events: [], sinks: [:], at: t0)
        #expect(try store.activeRegistrations().isEmpty)
        let third = try store.register([item], leagues: [stored], at: t0)
        #expect(third[0].0.id != first[0].0.id)
        #expect(try store.league(id: "900")?.teamNames[2] == "Alex's Team")
    }

    @Test("Backoff persists and grows; clearing resets it", arguments: StoreFactory<any CommonStoreRoles>.common)
    func backoffPersists(_ stores: StoreFactory<any CommonStoreRoles>) throws {
        let location = try stores.newLocation()
        let store = try stores.open(location)
        #expect(try store.recordBackoff(.sleeper, at: t0, retryAfter: nil) == t0.addingTimeInterval(30))
        #expect(try stores.open(location).recordBackoff(.sleeper, at: t0, retryAfter: nil) == t0.addingTimeInterval(60))
        #expect(try store.backoffs()[.sleeper]?.failures == 2)
        #expect(try store.backoffs()[.sleeper]?.until == t0.addingTimeInterval(60))
        try store.clearBackoff(.sleeper)
        #expect(try store.backoffs().isEmpty)
    }

    @Test("A database path that cannot be created is a clear error")
    func badPath() {
        #expect(throws: StoreError.self) { try SQLiteStore(path: "/proc/nope/state.sqlite") }
    }
}
