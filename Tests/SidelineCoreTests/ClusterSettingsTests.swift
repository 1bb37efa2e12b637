import Foundation
import Testing
@testable import SidelineCore

/// The cluster settings beside `cluster.egress` (issue 32): a poller id, the lease length
/// and the lease clock. Each needs an egress; a lease shorter than two passes is refused.
@Suite("cluster.poller_id, lease_seconds and lease_clock: defaults, needs and refusals")
struct ClusterSettingsTests {
    let paths = ["database": "/var/lib/sideline/db.sqlite", "cache_dir": "/var/cache/sideline"]
    let server = "postgres://sideline@db.internal/sideline"

    func resolve(_ environment: [String: String]) throws(ConfigurationError) -> SidelineConfiguration {
        try ConfigurationLoader.resolve(file: nil, environment: environment, derivedDefaults: paths)
    }

    func refusal(_ environment: [String: String]) -> String? {
        do {
            _ = try resolve(environment)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("Without an egress there is no cluster; with one, a random id, 120-second leases on the database's clock")
    func defaults() throws {
        #expect(try resolve(["SIDELINE_STORE_URL": server]).cluster == nil)
        let cluster = try #require(try resolve(["SIDELINE_STORE_URL": server, "SIDELINE_CLUSTER_EGRESS": "host-a"]).cluster)
        #expect(cluster == ClusterSettings(egress: "host-a", pollerID: nil, leaseSeconds: 120, leaseClock: .database))
    }

    @Test("Each setting is read from the environment and from the file")
    func read() throws {
        let cluster = try #require(try resolve(["SIDELINE_STORE_URL": server, "SIDELINE_CLUSTER_EGRESS": "host-a", "SIDELINE_CLUSTER_POLLER_ID": "cron-a",
                                                "SIDELINE_CLUSTER_LEASE_SECONDS": "300", "SIDELINE_CLUSTER_LEASE_CLOCK": "pass"]).cluster)
        #expect(cluster == ClusterSettings(egress: "host-a", pollerID: "cron-a", leaseSeconds: 300, leaseClock: .pass))
        let file = Data(#"{"store": {"url": "postgres://db/s"}, "cluster": {"egress": "b", "poller_id": "b1", "lease_seconds": 90}}"#.utf8)
        let fromFile = try #require(try ConfigurationLoader.resolve(file: file, environment: [:], derivedDefaults: paths).cluster)
        #expect(fromFile.pollerID == "b1")
        #expect(fromFile.leaseSeconds == 90)
    }

    @Test("A cluster setting without an egress would be ignored: refused, naming it")
    func needsEgress() {
        for (variable, key) in [("SIDELINE_CLUSTER_POLLER_ID", "cluster.poller_id"), ("SIDELINE_CLUSTER_LEASE_SECONDS", "cluster.lease_seconds"),
                                ("SIDELINE_CLUSTER_LEASE_CLOCK", "cluster.lease_clock")] {
            let value = variable.hasSuffix("SECONDS") ? "120" : variable.hasSuffix("CLOCK") ? "database" : "a"
            #expect(refusal(["SIDELINE_STORE_URL": server, variable: value]) == Messages.Configuration.clusterNeedsEgress(key), "\(key)")
        }
    }

    @Test("A lease shorter than two passes is refused; two passes exactly is taken")
    func leaseLength() throws {
        let base = ["SIDELINE_STORE_URL": server, "SIDELINE_CLUSTER_EGRESS": "a", "SIDELINE_POLLING_PASS_SECONDS": "60"]
        #expect(refusal(base.merging(["SIDELINE_CLUSTER_LEASE_SECONDS": "119"]) { $1 }) == Messages.Configuration.leaseTooShort(lease: 119, passInterval: 60))
        #expect(try resolve(base.merging(["SIDELINE_CLUSTER_LEASE_SECONDS": "120"]) { $1 }).cluster?.leaseSeconds == 120)
        // The default lease against the longest pass interval: refused, not silently short.
        #expect(refusal(base.merging(["SIDELINE_POLLING_PASS_SECONDS": "90"]) { $1 }) == Messages.Configuration.leaseTooShort(lease: 120, passInterval: 90))
    }

    @Test("A poller id is a short name; a lease clock is database or pass; anything else is refused naming the key")
    func hostileValues() {
        let base = ["SIDELINE_STORE_URL": server, "SIDELINE_CLUSTER_EGRESS": "a"]
        for id in ["", "a b", "a/b", "<script>", String(repeating: "x", count: 64)] {
            #expect(refusal(base.merging(["SIDELINE_CLUSTER_POLLER_ID": id]) { $1 })?.hasPrefix("cluster.poller_id") == true, "\(id)")
        }
        for clock in ["wall", "", "Database"] {
            #expect(refusal(base.merging(["SIDELINE_CLUSTER_LEASE_CLOCK": clock]) { $1 })?.contains("cluster.lease_clock") == true, "\(clock)")
        }
        for lease in ["0", "-5", "abc", "1e9"] {
            #expect(refusal(base.merging(["SIDELINE_CLUSTER_LEASE_SECONDS": lease]) { $1 })?.contains("cluster.lease_seconds") == true, "\(lease)")
        }
    }
}
