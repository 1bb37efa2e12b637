import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineStore
import SidelineTestSupport

/// The commit stage in a cluster (issue 32): each batch is committed fenced by the leases
/// of what it stepped, so a poller whose lease was taken over while it worked (paused,
/// partitioned) commits nothing for it, and says so.
@Suite("A fenced commit: nothing committed for a lease another poller took over", .enabled(if: StoreUnderTest.available.count > 1, "needs the PostgreSQL test server (scripts/test-env)"))
struct FencedCommitTests {
    let t0 = utc("2026-11-22T18:00:00Z")
    let week = WeekKey(season: "2026", seasonType: .regular, week: 12)

    func seat(_ harness: EngineHarness, _ name: String) throws -> (store: any AppStore, seat: ClusterSeat) {
        let flags = ["store.url": try ClusterDayTests.storeURL(harness), "cluster.egress": "e-\(name)", "cluster.poller_id": name,
                     "cluster.lease_clock": "pass", "cluster.lease_seconds": "120"]
        let configuration = try TestWiring.configuration(sleeper: harness.base, directory: harness.directory, overrides: flags)
        let store = try TestWiring.openStore(configuration)
        let cluster = try #require(store as? any ClusterStore)
        return (store, try #require(ClusterSeat.make(configuration, store: cluster, host: "test", pid: 1)))
    }

    @Test("A batch of a league taken over after its lease expired is refused whole as a lost lease; the new holder's commits")
    func takenOver() async throws {
        try await withEngineHarness(store: .postgres) { harness in
            let registration = try #require(try await harness.register().first)
            let league = registration.leagueID
            let (storeA, seatA) = try seat(harness, "a")
            let (storeB, seatB) = try seat(harness, "b")
            var leasesA = LeaseKeeper()
            #expect(try leasesA.round(seatA, leagues: [league], persons: [], at: t0).leagues == [league])
            // A pauses past its lease; B takes the league over (a new epoch).
            var leasesB = LeaseKeeper()
            #expect(try leasesB.round(seatB, leagues: [league], persons: [], at: t0 + 121).leagues == [league])

            var batch = LifecycleStepper.Batch()
            let key = LifecycleKey(registrationID: registration.id, week: week, mode: .live)
            batch.rows[key] = LifecycleRow(.idle)
            batch.leagues = [league]
            var cache = SchedulerCache()
            let stageA = CommitStage(store: storeA, settings: harness.configuration.lifecycle,
                                     fencing: .init(store: seatA.store, leases: leasesA, clock: .passInstant(t0 + 122)))
            do throws(StoreError) {
                try stageA.commit(batch, mode: .live, sinks: [], at: t0 + 122, cache: &cache)
                Issue.record("A's commit went through on a lease B holds")
            } catch {
                #expect(error.leaseLost)
                #expect(error.message.contains("league \(league) epoch"))
            }
            #expect(try storeA.lifecycleHeaders(mode: .live, week: week).isEmpty, "nothing of A's batch committed")

            let stageB = CommitStage(store: storeB, settings: harness.configuration.lifecycle,
                                     fencing: .init(store: seatB.store, leases: leasesB, clock: .passInstant(t0 + 122)))
            try stageB.commit(batch, mode: .live, sinks: [], at: t0 + 122, cache: &cache)
            #expect(try storeB.lifecycleHeaders(mode: .live, week: week).keys.contains(key))
        }
    }

    @Test("A lease that expired with nobody taking it over is refused too: a commit needs it unexpired")
    func expired() async throws {
        try await withEngineHarness(store: .postgres) { harness in
            let registration = try #require(try await harness.register().first)
            let (storeA, seatA) = try seat(harness, "a")
            var leasesA = LeaseKeeper()
            _ = try leasesA.round(seatA, leagues: [registration.leagueID], persons: [], at: t0)
            var batch = LifecycleStepper.Batch()
            batch.rows[LifecycleKey(registrationID: registration.id, week: week, mode: .live)] = LifecycleRow(.idle)
            batch.leagues = [registration.leagueID]
            var cache = SchedulerCache()
            let stage = CommitStage(store: storeA, settings: harness.configuration.lifecycle,
                                    fencing: .init(store: seatA.store, leases: leasesA, clock: .passInstant(t0 + 121)))
            #expect(throws: StoreError.self) { try stage.commit(batch, mode: .live, sinks: [], at: t0 + 121, cache: &cache) }
            // Its next round renews it (nobody took it: the epoch is unchanged), and the
            // same commit goes through.
            _ = try leasesA.round(seatA, leagues: [registration.leagueID], persons: [], at: t0 + 121)
            let renewed = CommitStage(store: storeA, settings: harness.configuration.lifecycle,
                                      fencing: .init(store: seatA.store, leases: leasesA, clock: .passInstant(t0 + 122)))
            try renewed.commit(batch, mode: .live, sinks: [], at: t0 + 122, cache: &cache)
        }
    }
}
