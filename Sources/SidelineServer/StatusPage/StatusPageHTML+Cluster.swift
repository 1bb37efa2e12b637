import SidelineCore
import SidelineEngine

extension StatusPageHTML {
    /// The pollers sharing the store (issue 32), as `status` lists them: one row each, who
    /// leads the shared feeds (a warning while none does) and the lease totals. Empty for a
    /// single poller. Every cell goes through ``HTML/table(_:_:empty:)``, so a host or egress
    /// name another poller wrote into the database is text, never markup.
    static func pollersSection(_ cluster: StatusReport.Cluster?, times: LocalTime) -> String {
        guard let cluster else { return "" }
        typealias Copy = Messages.Cluster
        let rows = cluster.pollers.map { p in
            [p.pollerID, "\(p.host) · pid \(p.pid)", Copy.egressName(p.egress), Copy.egressCalls(used: p.callsLastMinute, budget: p.callBudget),
             Copy.held(leagues: p.leagues, persons: p.persons), Copy.heartbeat(times.label(iso: p.heartbeatAt), age: p.heartbeatAgeSeconds), p.leadsFeeds ? Copy.leadsFeeds : "—"]
        }
        return """
            <section id="pollers"><h2>\(HTML.escape(Copy.pollersHeading(cluster.pollers.count)))</h2>
            \(HTML.table(Copy.pollerColumns, rows, empty: ""))
            \(HTML.text("p", Copy.feedsLeader(cluster.feedsLeader), class: cluster.feedsLeader == nil ? "warn" : "muted"))
            \(HTML.text("p", Copy.totals(cluster), class: "muted"))
            </section>
            """
    }
}
