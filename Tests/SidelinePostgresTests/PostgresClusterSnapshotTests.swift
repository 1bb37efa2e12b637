import Foundation
import SidelineCore
import SidelinePostgres
import SidelinePostgresStore
import SidelinePostgresTestDatabase
import SidelineStore
import SidelineTestDates
import Testing

/// What `status` reads of a cluster (issue 32): who is live, who holds what, who leads the
/// feeds, what is free and each egress's calls, from pollers on one schema as on three hosts.
@Suite("PostgreSQL store: the cluster snapshot status shows", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresClusterSnapshotTests {
    let t0 = utc("2026-11-22T18:00:00Z")
    let budget = RateBudget(limit: 1000, headroom: 0)

    func at(_ seconds: TimeInterval) -> LeaseClock { .passInstant(t0.addingTimeInterval(seconds)) }

    /// Pollers a and b behind one NAT, c on its own address, and d, gone 400 s ago, each
    /// store opened with its egress as `cluster.egress` opens it.
    func cluster() throws -> (stores: [String: PostgresStore], schema: String) {
        let (url, schema) = try TestDatabase.freshSchema()
        let egresses = ["a": "nat", "b": "nat", "c": "own", "d": "gone"]
        return (try egresses.mapValues { try PostgresStore(url: url, egress: $0) }, schema)
    }

    @Test("Three pollers with leases, the feeds and calls on two egresses: the snapshot says who holds what, the leader, the free counts and each egress's calls")
    func whoHoldsWhat() throws {
        let (stores, schema) = try cluster()
        defer { try? TestDatabase.drop(schema) }
        let a = stores["a"]!, b = stores["b"]!, c = stores["c"]!, d = stores["d"]!
        try a.heartbeat(poller("a", egress: "nat", budget: 1000), within: 30, clock: at(0))
        try b.heartbeat(poller("b", egress: "nat", budget: 800), within: 30, clock: at(0))
        try c.heartbeat(poller("c", egress: "own"), within: 30, clock: at(0))
        try a.offerLeases(.league, keys: leagueKeys(11))
        try a.offerLeases(.person, keys: ["p1", "p2", "p3", "p4"])
        #expect(try a.claimLeases(.league, holder: "a", limit: 4, for: 60, clock: at(0)).count == 4)
        #expect(try a.claimLeases(.person, holder: "a", limit: 1, for: 60, clock: at(0)).count == 1)
        #expect(try a.leaderLease(holder: "a", for: 60, clock: at(0)) != nil)
        #expect(try b.leaderLease(holder: "b", for: 60, clock: at(0)) == nil)
        #expect(try b.claimLeases(.league, holder: "b", limit: 3, for: 60, clock: at(0)).count == 3)
        // c's leagues run out at 10 s; its persons last.
        #expect(try c.claimLeases(.league, holder: "c", limit: 2, for: 10, clock: at(0)).count == 2)
        #expect(try c.claimLeases(.person, holder: "c", limit: 2, for: 60, clock: at(0)).count == 2)
        // d heartbeated and claimed a league 400 s ago, and stopped: its lease expired long since.
        try d.heartbeat(poller("d", egress: "gone"), within: 30, clock: at(-400))
        #expect(try d.claimLeases(.league, holder: "d", limit: 1, for: 60, clock: at(-400)).count == 1)

        for i in 0..<5 { #expect(try a.admitCall(kind: "matchups", path: "/a\(i)", at: t0, budget: budget, forRegistration: false)) }
        for i in 0..<2 { #expect(try b.admitCall(kind: "matchups", path: "/b\(i)", at: t0.addingTimeInterval(1), budget: budget, forRegistration: false)) }
        for i in 0..<3 { #expect(try c.admitCall(kind: "matchups", path: "/c\(i)", at: t0.addingTimeInterval(2), budget: budget, forRegistration: false)) }
        // Outside the window at 5 s: counted by nobody.
        #expect(try c.admitCall(kind: "matchups", path: "/old", at: t0.addingTimeInterval(-56), budget: budget, forRegistration: false))
        #expect(try d.admitCall(kind: "matchups", path: "/d", at: t0, budget: budget, forRegistration: false))

        let now = try b.clusterSnapshot(within: 360, clock: at(5), at: t0.addingTimeInterval(5))
        #expect(now.at == t0.addingTimeInterval(5), "read on the lease clock: here the pass instant")
        #expect(now.pollers.map(\.registration.pollerID) == ["a", "b", "c"], "d's heartbeat is 405 s old")
        #expect(now.holdings == ["a": .init(leagues: 4, persons: 1), "b": .init(leagues: 3), "c": .init(leagues: 2, persons: 2)])
        #expect(now.feedsLeader == "a")
        #expect(now.leagues == .init(total: 11, free: 2), "L010 never held, and d's expired one")
        #expect(now.persons == .init(total: 4, free: 1))
        #expect(now.callsByEgress == ["nat": 7, "own": 3], "a's and b's calls count together; d's egress has no live poller")
        #expect(now.budget(of: "nat") == 800 && now.budget(of: "own") == 1000)

        let later = try a.clusterSnapshot(within: 360, clock: at(20), at: t0.addingTimeInterval(20))
        #expect(later.holding(of: "c") == .init(leagues: 0, persons: 2), "c's league leases expired at 10 s")
        #expect(later.leagues == .init(total: 11, free: 4))

        let afterAll = try c.clusterSnapshot(within: 360, clock: at(70), at: t0.addingTimeInterval(70))
        #expect(afterAll.feedsLeader == nil, "the feeds lease expired at 60 s")
        #expect(afterAll.holdings.isEmpty)
        #expect(afterAll.leagues == .init(total: 11, free: 11) && afterAll.persons == .init(total: 4, free: 4))
        #expect(afterAll.callsByEgress.isEmpty, "every call is over 60 s old")
    }

    @Test("On the database clock, with no lease and no call yet: the pollers alone, everything else empty; a retired poller is gone")
    func databaseClockAndNothingYet() throws {
        let (stores, schema) = try cluster()
        defer { try? TestDatabase.drop(schema) }
        #expect(try stores["a"]!.clusterSnapshot(within: 360, clock: .database, at: Date()).pollers.isEmpty)
        try stores["a"]!.heartbeat(poller("a", egress: ""), within: 360, clock: .database)
        try stores["c"]!.heartbeat(poller("c"), within: 360, clock: .database)
        let snapshot = try stores["b"]!.clusterSnapshot(within: 360, clock: .database, at: Date())
        #expect(snapshot.pollers.map(\.registration.pollerID) == ["a", "c"])
        #expect(snapshot.pollers.first?.registration.egress == "")
        #expect(abs(snapshot.at.timeIntervalSinceNow) < 60, "the database's clock, this machine's too")
        #expect(snapshot.pollers.allSatisfy { $0.heartbeatAt <= snapshot.at })
        #expect(snapshot.holdings.isEmpty && snapshot.feedsLeader == nil && snapshot.callsByEgress.isEmpty)
        #expect(snapshot.leagues == .init() && snapshot.persons == .init())
        try stores["c"]!.retirePoller("c")
        #expect(try stores["b"]!.clusterSnapshot(within: 360, clock: .database, at: Date()).pollers.map(\.registration.pollerID) == ["a"])
    }
}
