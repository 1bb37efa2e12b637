import Foundation
import SidelineCore
import SidelinePostgres
import SidelinePostgresStore
import SidelinePostgresTestDatabase
import SidelineStore
import SidelineTestDates
import Testing

@Suite("PostgreSQL store: pollers' heartbeats, who is live, and one lease clock for all", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresPollerTests {
    let t0 = utc("2026-11-22T18:00:00Z")

    func at(_ seconds: TimeInterval) -> LeaseClock { .passInstant(t0.addingTimeInterval(seconds)) }

    @Test("Live pollers are those whose heartbeat is within the timeout; their budgets give the shares")
    func liveAndShares() throws {
        let (stores, schema) = try pollerStores(3)
        defer { try? TestDatabase.drop(schema) }
        try stores[0].heartbeat(poller("a", egress: "nat"), within: 30, clock: at(0))
        try stores[1].heartbeat(poller("b", egress: "nat"), within: 30, clock: at(20))
        try stores[2].heartbeat(poller("c", egress: "own"), within: 30, clock: at(25))
        let live = try stores[0].livePollers(within: 30, clock: at(25))
        #expect(live.map(\.registration.pollerID) == ["a", "b", "c"])
        #expect(live.first?.registration == poller("a", egress: "nat") && live.first?.clockMode == "pass-instant")
        #expect(PollerShares.split(20, among: live.map(\.budget)) == ["a": 5, "b": 5, "c": 10])
        // a's heartbeat (0 s) is more than 30 s old at 31 s: b shares the NAT with nobody now.
        let later = try stores[0].livePollers(within: 30, clock: at(31))
        #expect(later.map(\.registration.pollerID) == ["b", "c"])
        #expect(PollerShares.split(20, among: later.map(\.budget)) == ["b": 10, "c": 10])
    }

    @Test("A poller on another lease clock than a live one is refused, the error naming both; once that one retires it is accepted")
    func clockModeMismatchRefused() throws {
        let (stores, schema) = try pollerStores(2)
        defer { try? TestDatabase.drop(schema) }
        try stores[0].heartbeat(poller("a"), within: 30, clock: .database)
        do {
            try stores[1].heartbeat(poller("b"), within: 30, clock: at(0))
            Issue.record("a poller on the pass-instant clock joined one on the database clock")
        } catch {
            #expect(error.message.contains("poller b") && error.message.contains("pass-instant"), "\(error.message)")
            #expect(error.message.contains("poller a on host-a") && error.message.contains("database clock"), "\(error.message)")
        }
        #expect(try stores[0].livePollers(within: 30, clock: .database).map(\.registration.pollerID) == ["a"])
        try stores[0].retirePoller("a")
        try stores[1].heartbeat(poller("b"), within: 30, clock: at(0))
        #expect(try stores[1].livePollers(within: 30, clock: at(1)).map(\.registration.pollerID) == ["b"])
    }

    @Test("Retiring a poller frees its leases at once, without waiting for them to expire")
    func retireReleases() throws {
        let (stores, schema) = try pollerStores(2)
        defer { try? TestDatabase.drop(schema) }
        try stores[0].heartbeat(poller("a"), within: 30, clock: at(0))
        try stores[0].offerLeases(.league, keys: leagueKeys(3))
        _ = try stores[0].claimLeases(.league, holder: "a", limit: 3, for: 30, clock: at(0))
        try stores[0].retirePoller("a")
        #expect(try stores[1].claimLeases(.league, holder: "b", limit: 3, for: 30, clock: at(1)).map(\.epoch) == [2, 2, 2])
    }
}
