import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore {
    /// Two statements: the live pollers (as ``livePollers(within:clock:)`` reads them), then
    /// one for everything else. That one's rows are the lease clock's now (for the heartbeats'
    /// ages); every lease grouped by kind and by its holder while unexpired (NULL when free or
    /// expired), which gives each holder's counts, the feeds leader and the free counts from
    /// one scan of the lease table; and the live egresses' calls in the window, on the
    /// `(egress, at)` index. Not one transaction: `status` is a glance, and a claim landing
    /// between the two statements shows on the next refresh.
    public func clusterSnapshot(within: TimeInterval, clock: LeaseClock, at now: Date) throws(StoreError) -> ClusterSnapshot {
        let pollers = try livePollers(within: within, clock: clock)
        let window = RateBudget.countedInterval(now: now)
        let rows = try execute("""
            WITH now AS (SELECT \(PostgresClusterSchema.now(1)) AS at)
            SELECT 'now' AS part, NULL AS holder, 0::bigint AS n, now.at FROM now
            UNION ALL
            SELECT l.kind, CASE WHEN l.expires_at > now.at THEN l.holder END, count(*), NULL FROM lease l, now GROUP BY 1, 2
            UNION ALL
            SELECT 'calls', egress, count(*), NULL FROM call_log
            WHERE egress = ANY (\(PostgresKeySet.sql(2))) AND at > $3 AND at < $4 GROUP BY egress
            """, [clock.parameter, try PostgresKeySet.parameter(Set(pollers.map(\.registration.egress))), window.after.stored, window.before.stored])
        return try decoding { () throws(PostgresError) in
            var holdings: [String: ClusterSnapshot.Holding] = [:]
            var totals: [LeaseKind: ClusterSnapshot.Totals] = [:]
            var calls: [String: Int] = [:]
            var leader: String?
            var clockNow = Date(timeIntervalSince1970: 0)
            for row in rows {
                let part: String = try row.value("part")
                if part == "now" {
                    clockNow = Date(timeIntervalSince1970: try row.value("at"))
                    continue
                }
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
            return ClusterSnapshot(at: clockNow, pollers: pollers, holdings: holdings, feedsLeader: leader,
                                   leagues: totals[.league] ?? .init(), persons: totals[.person] ?? .init(), callsByEgress: calls)
        }
    }
}
