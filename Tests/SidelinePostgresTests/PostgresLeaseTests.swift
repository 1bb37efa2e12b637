import Foundation
import SidelineCore
import SidelinePostgres
import SidelinePostgresStore
import SidelinePostgresTestDatabase
import SidelineStore
import SidelineTestDates
import Testing

/// Leases between pollers on a real server, each poller a store with its own connection.
/// Lease time follows the pass instant here (``LeaseClock/passInstant(_:)``), so expiry is
/// shown without waiting; one test shows the database's clock.
@Suite("PostgreSQL store: leases claimed, renewed, taken over and fenced between pollers", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresLeaseTests {
    let t0 = utc("2026-11-22T18:00:00Z")
    let lease: TimeInterval = 30

    func at(_ seconds: TimeInterval) -> LeaseClock { .passInstant(t0.addingTimeInterval(seconds)) }

    @Test("Two pollers claiming at once never hold the same lease, and between them take every one")
    func concurrentClaimsAreDisjoint() throws {
        let (stores, schema) = try pollerStores(2)
        defer { try? TestDatabase.drop(schema) }
        try stores[0].offerLeases(.league, keys: leagueKeys(300))
        let clock = at(0)
        let duration = lease
        let claimed = try inParallel(2) { index in
            var mine: [String] = []
            // Bounded, so a claim that hands out held leases fails the test rather than loops.
            for _ in 0..<100 {
                let batch = try stores[index].claimLeases(.league, holder: "p\(index)", limit: 7, for: duration, clock: clock)
                if batch.isEmpty { break }
                mine += batch.map(\.key)
            }
            return mine
        }
        #expect(Set(claimed[0]).isDisjoint(with: claimed[1]))
        #expect(claimed[0].count + claimed[1].count == 300)
        let table = try stores[1].leases(.league)
        #expect(table.filter { $0.holder == "p0" }.map(\.key) == claimed[0].sorted())
        #expect(table.allSatisfy { $0.epoch == 1 })
    }

    @Test("Four pollers starting together offer the same 5,000 leases at once, five times over: no deadlock, one row each")
    func concurrentOffers() throws {
        let (stores, schema) = try pollerStores(4)
        defer { try? TestDatabase.drop(schema) }
        for round in 0..<5 {
            // Each a set of its own (a different iteration order, as on separate hosts).
            let keys = leagueKeys(1000 * (round + 1))
            _ = try inParallel(4) { index in try stores[index].offerLeases(.league, keys: Set(Array(keys).shuffled())) }
            #expect(try stores[0].leaseCount(.league) == keys.count)
        }
    }

    @Test("An expired lease is taken over with the next epoch; the old holder's renewal does nothing and its fence fails")
    func takeOverFencesTheOldHolder() throws {
        let (stores, schema) = try pollerStores(2)
        defer { try? TestDatabase.drop(schema) }
        let (a, b) = (stores[0], stores[1])
        try a.offerLeases(.league, keys: ["L1"])
        let old = try #require(try a.claimLeases(.league, holder: "a", limit: 5, for: lease, clock: at(0)).first)
        #expect(old.epoch == 1 && old.expiresAt == t0.addingTimeInterval(lease))
        // Still held at 29 s: nothing for b.
        #expect(try b.claimLeases(.league, holder: "b", limit: 5, for: lease, clock: at(29)).isEmpty)
        let taken = try #require(try b.claimLeases(.league, holder: "b", limit: 5, for: lease, clock: at(31)).first)
        #expect(taken.holder == "b" && taken.epoch == 2)

        #expect(try a.renewLeases([old], for: lease, clock: at(32)).isEmpty)
        #expect(try !a.holds([old.fence], clock: at(32)))
        #expect(try b.holds([taken.fence], clock: at(32)))
        #expect(try a.leases(.league) == [taken], "the old holder's renewal left the new holder's expiry alone")
    }

    @Test("A lease past its expiry fences nothing, even before anyone takes it over; renewing it (same epoch) fences again")
    func expiredLeaseFencesNothing() throws {
        let (stores, schema) = try pollerStores(1)
        defer { try? TestDatabase.drop(schema) }
        let store = stores[0]
        try store.offerLeases(.person, keys: ["u1"])
        let held = try #require(try store.claimLeases(.person, holder: "a", limit: 1, for: lease, clock: at(0)).first)
        #expect(try store.holds([held.fence], clock: at(29)))
        #expect(try !store.holds([held.fence], clock: at(30)))
        let renewed = try store.renewLeases([held], for: lease, clock: at(40))
        #expect(renewed.map(\.epoch) == [1] && renewed.first?.expiresAt == t0.addingTimeInterval(70))
        #expect(try store.holds([held.fence], clock: at(41)))
    }

    @Test("A commit whose fence fails commits nothing: the transaction's own writes roll back with it")
    func failedFenceRollsBack() throws {
        let (stores, schema) = try pollerStores(2)
        defer { try? TestDatabase.drop(schema) }
        let (a, b) = (stores[0], stores[1])
        try a.offerLeases(.league, keys: ["L1"])
        let old = try #require(try a.claimLeases(.league, holder: "a", limit: 1, for: lease, clock: at(0)).first)
        _ = try b.claimLeases(.league, holder: "b", limit: 1, for: lease, clock: at(31))

        let connection = try PostgresConnection(url: TestDatabase.url(schema: schema))
        try connection.execute("CREATE TABLE step_output (league text)")
        let clock = at(32)
        #expect(throws: StoreError.self) {
            try connection.transaction { session in
                try session.execute("INSERT INTO step_output VALUES ('L1')")
                try session.requireLeases([old.fence], clock: clock)
            }
        }
        #expect(try connection.execute("SELECT count(*) AS n FROM step_output").first?.value("n", as: Int.self) == 0)
        do {
            try connection.transaction { session in try session.requireLeases([old.fence], clock: clock) }
        } catch let error as StoreError {
            #expect(error.message.contains("league L1 epoch 1"), "\(error.message)")
        }
    }

    @Test("Released leases are free for the next claim, whose epoch is one more; the releaser's fence fails")
    func releaseThenClaim() throws {
        let (stores, schema) = try pollerStores(2)
        defer { try? TestDatabase.drop(schema) }
        let (a, b) = (stores[0], stores[1])
        try a.offerLeases(.league, keys: leagueKeys(4))
        let held = try a.claimLeases(.league, holder: "a", limit: 4, for: lease, clock: at(0))
        let round = LeaseRound(held: held, share: 2)
        try a.releaseLeases(round.release)
        #expect(try a.renewLeases(round.renew, for: lease, clock: at(1)).map(\.key) == ["L000", "L001"])
        let claimed = try b.claimLeases(.league, holder: "b", limit: 4, for: lease, clock: at(2))
        #expect(claimed.map(\.key) == ["L002", "L003"] && claimed.allSatisfy { $0.epoch == 2 })
        #expect(try !a.holds(round.release.map(\.fence), clock: at(3)))
    }

    @Test("A fence or a renewal carrying an older epoch fails, even for the same poller (it released the lease and claimed it again)")
    func staleEpochSamePoller() throws {
        let (stores, schema) = try pollerStores(1)
        defer { try? TestDatabase.drop(schema) }
        let store = stores[0]
        try store.offerLeases(.league, keys: ["L1"])
        let first = try #require(try store.claimLeases(.league, holder: "a", limit: 1, for: lease, clock: at(0)).first)
        try store.releaseLeases([first])
        let again = try #require(try store.claimLeases(.league, holder: "a", limit: 1, for: lease, clock: at(1)).first)
        #expect(again.epoch == 2)
        #expect(try !store.holds([first.fence], clock: at(2)))
        #expect(try store.renewLeases([first], for: 100, clock: at(2)).isEmpty)
        #expect(try store.leases(.league).first?.expiresAt == t0.addingTimeInterval(31))
    }

    @Test("Offered leases are counted once; withdrawn ones go unless held")
    func offerAndWithdraw() throws {
        let (stores, schema) = try pollerStores(1)
        defer { try? TestDatabase.drop(schema) }
        let store = stores[0]
        try store.offerLeases(.league, keys: leagueKeys(3))
        try store.offerLeases(.league, keys: leagueKeys(5))
        try store.offerLeases(.person, keys: ["u1"])
        #expect(try store.leaseCount(.league) == 5)
        _ = try store.claimLeases(.league, holder: "a", limit: 1, for: lease, clock: at(0))
        try store.withdrawLeases(.league, keys: ["L000", "L004"])
        #expect(try store.leases(.league).map(\.key) == ["L000", "L001", "L002", "L003"])
    }

    @Test("The leader lease moves to another poller at its first ask after the leader stops renewing, within one lease")
    func leaderMoves() throws {
        let (stores, schema) = try pollerStores(2)
        defer { try? TestDatabase.drop(schema) }
        let (a, b) = (stores[0], stores[1])
        let first = try #require(try a.leaderLease(holder: "a", for: lease, clock: at(0)))
        #expect(first.epoch == 1)
        // a renews every 10 s for a while; b asks every 10 s and never gets it.
        for second in stride(from: 10.0, through: 50, by: 10) {
            #expect(try a.leaderLease(holder: "a", for: lease, clock: at(second))?.epoch == 1)
            #expect(try b.leaderLease(holder: "b", for: lease, clock: at(second + 1)) == nil)
        }
        // a's last renewal was at 50 s; it stops. b's asks at 61 and 71 fail, 81 succeeds (50 + 30 < 81).
        #expect(try b.leaderLease(holder: "b", for: lease, clock: at(61)) == nil)
        #expect(try b.leaderLease(holder: "b", for: lease, clock: at(71)) == nil)
        let second = try #require(try b.leaderLease(holder: "b", for: lease, clock: at(81)))
        #expect(second.epoch == 2)
        #expect(try a.leaderLease(holder: "a", for: lease, clock: at(82)) == nil)
        #expect(try !a.holds([first.fence], clock: at(82)))
    }

    @Test("Two pollers asking for the leader lease at once: exactly one leads")
    func leaderRace() throws {
        let (stores, schema) = try pollerStores(4)
        defer { try? TestDatabase.drop(schema) }
        let duration = lease
        for round in 0..<10 {
            let roundClock = LeaseClock.passInstant(t0.addingTimeInterval(Double(round) * 100))
            let leaders = try inParallel(4) { index in try stores[index].leaderLease(holder: "p\(index)", for: duration, clock: roundClock) }
            #expect(leaders.compactMap { $0 }.count == 1, "round \(round): \(leaders)")
        }
    }

    @Test("A claim passes by rows another poller has locked and returns at once: SKIP LOCKED never waits")
    func claimsDoNotBlock() throws {
        let (stores, schema) = try pollerStores(1, lockTimeout: 2000)
        defer { try? TestDatabase.drop(schema) }
        let store = stores[0]
        try store.offerLeases(.league, keys: leagueKeys(10))
        let other = try PostgresConnection(url: TestDatabase.url(schema: schema))
        let clock = at(0)
        let duration = lease
        let (claimed, elapsed) = try other.transaction { session in
            // Another poller in the middle of its claim: the first four rows locked.
            try session.execute("SELECT key FROM lease WHERE key < 'L004' FOR UPDATE")
            let started = Date()
            let claimed = try store.claimLeases(.league, holder: "b", limit: 10, for: duration, clock: clock)
            return (claimed.map(\.key), Date().timeIntervalSince(started))
        }
        #expect(claimed == ["L004", "L005", "L006", "L007", "L008", "L009"])
        #expect(elapsed < 1, "a claim waited \(elapsed) s for a lock")
    }

    @Test("While a commit's fence holds a lease FOR SHARE, an expired-lease claim passes it by; after the commit it takes it")
    func fenceHoldsOffATakeOver() throws {
        let (stores, schema) = try pollerStores(2, lockTimeout: 2000)
        defer { try? TestDatabase.drop(schema) }
        let (a, b) = (stores[0], stores[1])
        try a.offerLeases(.league, keys: ["L1"])
        let held = try #require(try a.claimLeases(.league, holder: "a", limit: 1, for: lease, clock: at(0)).first)
        let committing = try PostgresConnection(url: TestDatabase.url(schema: schema))
        let duration = lease
        let during = try committing.transaction { session in
            try session.requireLeases([held.fence], clock: .passInstant(t0.addingTimeInterval(29)))
            // The lease expires (30 s) while a's commit is still under way: b may not take it yet.
            return try b.claimLeases(.league, holder: "b", limit: 1, for: duration, clock: .passInstant(t0.addingTimeInterval(31)))
        }
        #expect(during.isEmpty)
        #expect(try b.claimLeases(.league, holder: "b", limit: 1, for: lease, clock: at(32)).map(\.epoch) == [2])
    }

    @Test("On the database's clock a lease expires a lease's length after the server's now")
    func databaseClock() throws {
        let (stores, schema) = try pollerStores(1)
        defer { try? TestDatabase.drop(schema) }
        let store = stores[0]
        try store.offerLeases(.league, keys: ["L1"])
        let serverNow: Double = try PostgresConnection(url: TestDatabase.url(schema: schema))
            .execute("SELECT extract(epoch FROM clock_timestamp())::double precision AS now").first!.value("now")
        let held = try #require(try store.claimLeases(.league, holder: "a", limit: 1, for: 60, clock: .database).first)
        #expect(abs(held.expiresAt.timeIntervalSince1970 - (serverNow + 60)) < 5)
        #expect(try store.holds([held.fence], clock: .database))
        #expect(try store.renewLeases([held], for: 120, clock: .database).count == 1)
    }
}
