import Foundation
import Testing
@testable import SidelineCore

/// `cluster.egress` (issue 32): a name for the address a poller's Sleeper calls leave from.
@Suite("cluster.egress: a short name, only beside a PostgreSQL store")
struct ClusterEgressTests {
    let paths = ["database": "/var/lib/sideline/db.sqlite", "cache_dir": "/var/cache/sideline"]
    let server = "postgres://sideline@db.internal/sideline"

    func resolve(egress: String?, store: String?) throws(ConfigurationError) -> SidelineConfiguration {
        var environment: [String: String] = [:]
        environment["SIDELINE_CLUSTER_EGRESS"] = egress
        environment["SIDELINE_STORE_URL"] = store
        return try ConfigurationLoader.resolve(file: nil, environment: environment, derivedDefaults: paths)
    }

    /// Why the configuration was refused (`nil`: it loaded).
    func refusal(egress: String?, store: String?) -> String? {
        do {
            _ = try resolve(egress: egress, store: store)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("Unset, the one egress: empty, on either store")
    func unset() throws {
        #expect(try resolve(egress: nil, store: nil).egress == "")
        #expect(try resolve(egress: nil, store: server).egress == "")
    }

    @Test("Letters, digits, dots, hyphens and underscores, 1 to 63 of them, name an egress; from the file too")
    func validNames() throws {
        for name in ["host-a", "a", "nat_1", "10.0.0.2", "EU-West.2", String(repeating: "x", count: 63)] {
            #expect(try resolve(egress: name, store: server).egress == name, "\(name)")
        }
        let file = Data(#"{"store": {"url": "postgres://db/sideline"}, "cluster": {"egress": "host-b"}}"#.utf8)
        let configuration = try ConfigurationLoader.resolve(file: file, environment: [:], derivedDefaults: paths)
        #expect(configuration.egress == "host-b")
        #expect(configuration.settings.contains(ConfigurationSetting(key: "cluster.egress", value: "host-b", source: "config file")))
    }

    @Test("Anything else is refused naming the key: empty, spaces, a slash or colon, non-ASCII letters, 64 characters")
    func invalidNames() {
        for name in ["", "host a", "a/b", "a:b", "höst", "egress!", String(repeating: "x", count: 64)] {
            #expect(refusal(egress: name, store: server)?.hasPrefix("cluster.egress") == true, "\(name)")
        }
    }

    @Test("Beside a SQLite store it is refused, saying a cluster needs PostgreSQL")
    func refusedBesideSQLite() {
        for store in [nil, "sqlite:/srv/s.sqlite", "/srv/s.sqlite"] {
            #expect(refusal(egress: "host-a", store: store) == Messages.Configuration.clusterNeedsServer("cluster.egress"), "\(store ?? "the default file")")
        }
        #expect(Messages.Configuration.clusterNeedsServer("cluster.egress").contains("PostgreSQL"))
    }
}
