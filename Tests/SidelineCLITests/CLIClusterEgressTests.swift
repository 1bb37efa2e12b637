import Foundation
import Testing
import SidelineTestSupport

/// `cluster.egress` (issue 32) through the binary: refused as a configuration error where it
/// cannot work, and shown by `status` beside the budget line it belongs to.
@Suite("Command line: cluster.egress")
struct CLIClusterEgressTests {
    @Test("cluster.egress beside a SQLite store, or not a name, exits 78 saying why")
    func refused() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let besideSQLite = try await cli.run(["users", "list"], environment: ["SIDELINE_CLUSTER_EGRESS": "host-a"])
            #expect(besideSQLite.status == 78, "\(besideSQLite.stderr)")
            #expect(besideSQLite.stderr.contains("cluster.egress is set, but store.url does not name a PostgreSQL server"), "\(besideSQLite.stderr)")
            let notAName = try await cli.run(["users", "list"], environment: ["SIDELINE_CLUSTER_EGRESS": "host a",
                                                                             "SIDELINE_STORE_URL": "postgres://sideline@db.example/sideline"])
            #expect(notAName.status == 78, "\(notAName.stderr)")
            #expect(notAName.stderr.contains("cluster.egress must be 1 to 63"), "\(notAName.stderr)")
        }
    }

    @Test("status names this poller's egress beside the budget line, in text and JSON; without one, neither says egress",
          .enabled(if: StoreUnderTest.available.contains(.postgres), "needs the PostgreSQL test server (scripts/test-env)"))
    func statusShowsTheEgress() async throws {
        try await StoreUnderTest.postgres.withLocation { overrides in
            let url = try #require(overrides["store.url"])
            try await withSidelineBinary(sleeper: nil) { cli in
                let named = ["SIDELINE_STORE_URL": url, "SIDELINE_CLUSTER_EGRESS": "host-a"]
                let text = try await cli.run(["status"], environment: named)
                #expect(text.status == 0, "\(text.stderr)")
                #expect(text.stdout.contains("Sleeper calls in the last minute — 0 of 1000 (egress host-a: shared by every poller naming it)"), "\(text.stdout)")
                let json = try await cli.run(["status", "--json"], environment: named)
                #expect(json.stdout.contains(#""egress":"host-a""#) || json.stdout.contains(#""egress" : "host-a""#), "\(json.stdout)")
                let unnamed = try await cli.run(["status", "--json"], environment: ["SIDELINE_STORE_URL": url])
                #expect(unnamed.status == 0, "\(unnamed.stderr)")
                #expect(!unnamed.stdout.contains("egress"), "\(unnamed.stdout)")
            }
        }
    }
}
