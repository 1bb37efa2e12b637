import Foundation
import SidelineCore
import SidelineEngine
import SidelineStore
import Testing

/// The cluster part of `status` (issue 32) from a store's snapshot: what each poller's line
/// says, and what its text is. The snapshot's reads are PostgresClusterSnapshotTests'.
@Suite("status: the pollers block from a cluster snapshot")
struct StatusClusterTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_370_400)

    static func live(_ id: String, egress: String, budget: Int, heartbeat: TimeInterval) -> LivePoller {
        LivePoller(registration: PollerRegistration(pollerID: id, egress: egress, host: "host-\(id)", pid: 7, callsPerMinute: budget),
                   clockMode: "database", heartbeatAt: t0.addingTimeInterval(heartbeat))
    }

    static let snapshot = ClusterSnapshot(
        at: t0.addingTimeInterval(30),
        pollers: [live("a", egress: "nat", budget: 1000, heartbeat: 20), live("b", egress: "nat", budget: 800, heartbeat: 0), live("c", egress: "", budget: 1000, heartbeat: 29.6)],
        holdings: ["a": .init(leagues: 5, persons: 1), "c": .init(leagues: 1), "gone": .init(leagues: 2)],
        feedsLeader: "c", leagues: .init(total: 10, free: 2), persons: .init(total: 3, free: 2), callsByEgress: ["nat": 412, "": 9]
    )

    @Test("Each poller gets its egress's calls and budget (the smallest of its pollers'), its holdings, its heartbeat's age and whether it leads")
    func pollerLines() {
        let cluster = StatusReport.Cluster(Self.snapshot)
        #expect(cluster.pollers.map(\.pollerID) == ["a", "b", "c"])
        #expect(cluster.pollers.map(\.callsLastMinute) == [412, 412, 9])
        #expect(cluster.pollers.map(\.callBudget) == [800, 800, 1000])
        #expect(cluster.pollers.map(\.leagues) == [5, 0, 1] && cluster.pollers.map(\.persons) == [1, 0, 0])
        #expect(cluster.pollers.map(\.heartbeatAgeSeconds) == [10, 30, 0])
        #expect(cluster.pollers.map(\.leadsFeeds) == [false, false, true])
        #expect(cluster.feedsLeader == "c")
        // Held counts every unexpired lease, a holder no longer live included.
        let totals: [Int] = [cluster.leagues.held, cluster.leagues.free, cluster.persons.held, cluster.persons.free]
        #expect(totals == [8, 2, 1, 2])
    }

    @Test("The text: a line per poller, the default egress named as such, the leader and the totals; no leader is said")
    func text() {
        let utc = LocalTime(zone: TimeZone(identifier: "UTC")!, localeIdentifier: "en_US")
        let lines = Messages.Cluster.lines(StatusReport.Cluster(Self.snapshot), times: utc)
        #expect(lines.first == "Pollers (3 live on this store)")
        #expect(lines[1].hasPrefix("  a on host-a (pid 7) — egress nat: 412 of 800 calls in the last minute · 5 leagues, 1 person held · last heartbeat "), "\(lines[1])")
        #expect(lines[1].hasSuffix(" (10 s ago)"), "\(lines[1])")
        #expect(lines[3].contains("egress default (none named): 9 of 1000") && lines[3].hasSuffix(" · leads the shared feeds"), "\(lines[3])")
        #expect(lines[4] == "  Shared feeds (state, game statuses, stats, projections): fetched by c")
        #expect(lines[5] == "  Leases: leagues 8 held, 2 free · persons 1 held, 2 free (free: no holder, or expired)")
        let leaderless = ClusterSnapshot(at: Self.t0, pollers: [Self.live("a", egress: "nat", budget: 1000, heartbeat: 0)], holdings: [:], feedsLeader: nil,
                                         leagues: .init(), persons: .init(), callsByEgress: [:])
        #expect(Messages.Cluster.lines(StatusReport.Cluster(leaderless), times: utc).contains { $0.contains("no poller leads them now") })
    }
}
