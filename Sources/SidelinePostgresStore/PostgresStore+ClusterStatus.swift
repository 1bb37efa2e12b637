import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore {
    /// Two statements: the live pollers (as ``livePollers(within:clock:)`` reads them), then
    /// one that counts everything else. Its lease half groups every lease by kind and by its
    /// holder while unexpired (NULL when free or expired), which gives each holder's count,
    /// the feeds leader and the free count per kind from one scan of the lease table; its call
    /// half counts the live egresses' calls in the window, on the `(egress, at)` index. Not one
    /// transaction: `status` is a glance, and a claim landing between the two statements is
    /// shown on the next refresh.
    public func clusterSnapshot(within: TimeInterval, clock: LeaseClock, at now: Date) throws(StoreError) -> ClusterSnapshot {
        let pollers = try livePollers(within: within, clock: clock)
        let window = RateBudget.countedInterval(now: now)
        let rows = try execute("""
            WITH now AS (SELECT \(PostgresClusterSchema.now(1)) AS at)
            SELECT l.kind AS part, CASE WHEN l.expires_at > now.at THEN l.holder END AS holder, count(*) AS n
            FROM lease l, now GROUP BY 1, 2
            UNION ALL
            SELECT 'calls', egress, count(*) FROM call_log
            WHERE egress = ANY (\(PostgresKeySet.sql(2))) AND at > $3 AND at < $4 GROUP BY egress
            """, [clock.parameter, try PostgresKeySet.parameter(Set(pollers.map(\.registration.egress))), window.after.stored, window.before.stored])
        return try decoding { () throws(PostgresError) in
            var holdings: [String: ClusterSnapshot.Holding] = [:]
            var totals: [LeaseKind: ClusterSnapshot.Totals] = [:]
            var calls: [String: Int] = [:]
            var leader: String?
            for row in rows {
                let part: String = try row.value("part")
                let holder: String? = try row.value("holder")
                let count: Int = try row.value("n")
                if part == "calls" {
                    calls[holder ?? "", default: 0] += count
                    continue
                }
                guard let kind = LeaseKind(rawValue: part) else { continue }
                totals[kind, default: .init()].total += count
                guard let holder else {
                    totals[kind, default: .init()].free += count
                    continue
                }
                switch kind {
                case .league: holdings[holder, default: .init()].leagues += count
                case .person: holdings[holder, default: .init()].persons += count
                case .feeds: leader = holder
                }
            }
            return ClusterSnapshot(pollers: pollers, holdings: holdings, feedsLeader: leader,
                                   leagues: totals[.league] ?? .init(), persons: totals[.person] ?? .init(), callsByEgress: calls)
        }
    }
}
