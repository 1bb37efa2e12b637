import Foundation
import Testing
import SidelineTestSupport

/// The cluster through `sideline check` and two `tick`s (issue 32): the check line names
/// the poller and the live ones without joining; a configuration with no egress on a store
/// with live pollers fails the check; settings that need an egress are refused without one.
@Suite("Command line: check and tick in a cluster", .enabled(if: StoreUnderTest.available.contains(.postgres), "needs the PostgreSQL test server (scripts/test-env)"))
struct CLIClusterCheckTests {
    @Test("check names this poller and the live ones, fails outside the cluster and on a clock mismatch; tick with a random id hands its leases back")
    func checkLine() async throws {
        try await StoreUnderTest.postgres.withLocation { overrides in
            let url = try #require(overrides["store.url"])
            try await withSidelineBinary(sleeper: nil) { cli in
                func env(_ extra: [String: String]) -> [String: String] { ["SIDELINE_STORE_URL": url].merging(extra) { $1 } }
                let a = env(["SIDELINE_CLUSTER_EGRESS": "host-a", "SIDELINE_CLUSTER_POLLER_ID": "a1", "SIDELINE_CLUSTER_LEASE_CLOCK": "pass"])
                // Before any poller ran: no other poller is live.
                let alone = try await cli.run(["check", "--json"], environment: a)
                #expect(alone.stdout.contains("poller a1 on egress host-a, leases of 120 s on the pass clock; no other poller is live now"), "\(alone.stdout)")
                // A tick with a fixed id stays registered (a cron poller's next tick keeps its leases).
                let tick = try await cli.run(["tick", "--now", ISO8601DateFormatter().string(from: Date())], environment: a)
                #expect(tick.status == 0, "\(tick.stderr)")
                // Another poller's check lists a1, read without joining.
                let b = env(["SIDELINE_CLUSTER_EGRESS": "host-b", "SIDELINE_CLUSTER_POLLER_ID": "b1", "SIDELINE_CLUSTER_LEASE_CLOCK": "pass"])
                let second = try await cli.run(["check", "--json"], environment: b)
                #expect(second.stdout.contains("live now: a1 (host-a)"), "\(second.stdout)")
                // No egress beside a live cluster: this process would do every league's work.
                let outsider = try await cli.run(["check"], environment: env([:]))
                #expect(outsider.status != 0)
                #expect(outsider.stdout.contains("1 poller on this store divide the work") || outsider.stdout.contains("pollers on this store divide the work"), "\(outsider.stdout)")
                // The other lease clock: the check says the first pass would be refused.
                let otherClock = try await cli.run(["check"], environment: env(["SIDELINE_CLUSTER_EGRESS": "host-c"]))
                #expect(otherClock.status != 0)
                #expect(otherClock.stdout.contains("every poller sharing a store must use the same lease clock"), "\(otherClock.stdout)")
            }
        }
    }

    @Test("A cluster setting with no egress exits 78 naming it")
    func needsEgress() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let result = try await cli.run(["users", "list"], environment: ["SIDELINE_STORE_URL": "postgres://sideline@db.example/sideline", "SIDELINE_CLUSTER_LEASE_SECONDS": "300"])
            #expect(result.status == 78, "\(result.stderr)")
            #expect(result.stderr.contains("cluster.lease_seconds is set, but cluster.egress is not"), "\(result.stderr)")
        }
    }
}
