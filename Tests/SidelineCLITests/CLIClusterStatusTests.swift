import Foundation
import SidelineCore
import SidelinePostgres
import SidelinePostgresStore
import SidelinePostgresTestDatabase
import SidelineStore
import SidelineTestSupport
import Testing

/// `status` lists every poller sharing a PostgreSQL store (issue 32), through the binary: the
/// text's pollers block, `--json`'s `cluster` object and the status page's pollers section,
/// from pollers heartbeating into the schema as they would from other hosts.
@Suite("Command line: status lists the pollers sharing a store", .enabled(if: StoreUnderTest.available.contains(.postgres), "needs the PostgreSQL test server (scripts/test-env)"))
struct CLIClusterStatusTests {
    static let adminToken = "cli-admin-token-0123456789abcdef"
    static let hostileEgress = "<script>alert(1)</script>"

    @Test("Three pollers with leases, the feeds and calls: status, status --json and the status page list each, the leader and the totals; hostile names are text on the page")
    func pollersBlock() async throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let a = try PostgresStore(url: url, egress: "host-a")
        let b = try PostgresStore(url: url, egress: "host-b")
        let sql = try PostgresConnection(url: url)
        try a.offerLeases(.league, keys: ["100", "200", "300"])
        #expect(try a.claimLeases(.league, holder: "poller-a", limit: 2, for: 900, clock: .database).count == 2)
        #expect(try b.leaderLease(holder: "poller-b", for: 900, clock: .database) != nil)
        // Heartbeats and calls are "in the last minute" on the real clock: made again just
        // before each look, so a slow machine (a binary start under load) reads the same.
        func live() throws {
            try a.heartbeat(PollerRegistration(pollerID: "poller-a", egress: "host-a", host: "alpha", pid: 11, callsPerMinute: 1000), within: 360, clock: .database)
            try b.heartbeat(PollerRegistration(pollerID: "poller-b", egress: "host-b", host: "beta", pid: 22, callsPerMinute: 600), within: 360, clock: .database)
            // A row no sane `cluster.egress` could write (it only takes names), as a poller of
            // another build, or a hand-edited row, might: the page must show it as text.
            try b.heartbeat(PollerRegistration(pollerID: "poller-x", egress: Self.hostileEgress, host: "<b>x</b>", pid: 33, callsPerMinute: 1000), within: 360, clock: .database)
            try sql.execute("DELETE FROM call_log")
            let budget = RateBudget(limit: 1000, headroom: 0)
            for i in 0..<3 { #expect(try a.admitCall(kind: "matchups", path: "/\(i)", at: Date(), budget: budget, forRegistration: false)) }
        }

        let environment = ["SIDELINE_STORE_URL": try TestDatabase.urlText(schema: schema), "SIDELINE_SERVER_ADMIN_TOKEN": Self.adminToken]
        // The fake Sleeper, so the server's passes never reach for the internet.
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T14:25:00Z", extra: environment) { cli, _ in
            try live()
            let text = try await cli.run(["status"])
            #expect(text.status == 0, "\(text.stderr)")
            for line in ["Pollers (3 live on this store)",
                         "  poller-a on alpha (pid 11) — egress host-a: 3 of 1000 calls in the last minute · 2 leagues, 0 persons held · last heartbeat ",
                         "  poller-b on beta (pid 22) — egress host-b: 0 of 600 calls in the last minute · 0 leagues, 0 persons held · last heartbeat ",
                         "  Shared feeds (state, game statuses, stats, projections): fetched by poller-b",
                         "  Leases: leagues 2 held, 1 free · persons 0 held, 0 free"] {
                #expect(text.stdout.contains(line), "missing \"\(line)\" in \(text.stdout)")
            }
            let leaderLine = try #require(text.stdout.split(separator: "\n").first { $0.contains("poller-b on beta") })
            #expect(leaderLine.hasSuffix(" · leads the shared feeds"))

            try live()
            let json = try await cli.run(["status", "--json"])
            #expect(json.status == 0, "\(json.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let cluster = try #require(report["cluster"] as? [String: Any], "\(json.stdout)")
            #expect(cluster["feeds_leader"] as? String == "poller-b")
            #expect(cluster["leagues"] as? [String: Int] == ["held": 2, "free": 1])
            #expect(cluster["persons"] as? [String: Int] == ["held": 0, "free": 0])
            let pollers = try #require(cluster["pollers"] as? [[String: Any]])
            #expect(pollers.compactMap { $0["poller_id"] as? String } == ["poller-a", "poller-b", "poller-x"])
            let first = try #require(pollers.first)
            #expect(first["egress"] as? String == "host-a" && first["host"] as? String == "alpha" && first["pid"] as? Int == 11)
            #expect(first["leagues"] as? Int == 2 && first["persons"] as? Int == 0)
            #expect(first["calls_last_minute"] as? Int == 3 && first["call_budget"] as? Int == 1000)
            #expect(first["leads_feeds"] as? Bool == false && pollers[1]["leads_feeds"] as? Bool == true)
            #expect((first["heartbeat_at"] as? String)?.hasSuffix("Z") == true)
            #expect((0..<60).contains(first["heartbeat_age_seconds"] as? Int ?? -1), "\(first)")

            let (page, served) = try await cli.withServer { base, server in
                try live()
                let (code, page) = try await getText(base, bearer: Self.adminToken)
                #expect(code == 200, "\(page)")
                server.terminate()
                try await server.waitForExit(timeout: .seconds(60))
                return page
            }
            #expect(served.status == 0, "\(served.stderr)")
            #expect(page.contains("<section id=\"pollers\">"), "\(page)")
            #expect(page.contains("<td>poller-a</td><td>alpha · pid 11</td><td>host-a</td><td>3 of 1000 calls in the last minute</td><td>2 leagues, 0 persons held</td>"), "\(page)")
            #expect(page.contains("fetched by poller-b"))
            #expect(page.contains("Leases: leagues 2 held, 1 free"))
            #expect(!page.contains(Self.hostileEgress) && !page.contains("<b>x</b>"), "names from the database are never markup")
            #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && page.contains("&lt;b&gt;x&lt;/b&gt; · pid 33"))
        }
    }

    @Test("A SQLite store, and a PostgreSQL store no poller heartbeats into, have no pollers block in text or JSON")
    func noBlockForOnePoller() async throws {
        let (_, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        try await withSidelineBinary(sleeper: nil) { cli in
            for environment in [[:], ["SIDELINE_STORE_URL": try TestDatabase.urlText(schema: schema)]] {
                let text = try await cli.run(["status"], environment: environment)
                #expect(text.status == 0, "\(text.stderr)")
                #expect(!text.stdout.contains("Pollers ("), "\(text.stdout)")
                let json = try await cli.run(["status", "--json"], environment: environment)
                #expect(json.status == 0, "\(json.stderr)")
                #expect(!json.stdout.contains("\"cluster\""), "\(json.stdout)")
            }
        }
    }
}
