import SidelineCore

extension Messages.Cluster {
    /// The pollers block of `status`: one line per live poller, who leads the shared feeds,
    /// and the lease totals; instants labelled in the display time zone.
    public static func lines(_ cluster: StatusReport.Cluster, times: LocalTime) -> [String] {
        var lines = [pollersHeading(cluster.pollers.count)]
        lines += cluster.pollers.map {
            poller($0.pollerID, host: $0.host, pid: $0.pid, egress: $0.egress, used: $0.callsLastMinute, budget: $0.callBudget,
                   leagues: $0.leagues, persons: $0.persons, heartbeat: heartbeat(times.label(iso: $0.heartbeatAt), age: $0.heartbeatAgeSeconds), leads: $0.leadsFeeds)
        }
        lines.append("  " + feedsLeader(cluster.feedsLeader))
        lines.append("  " + totals(cluster))
        return lines
    }

    public static func totals(_ cluster: StatusReport.Cluster) -> String {
        leaseTotals(leaguesHeld: cluster.leagues.held, leaguesFree: cluster.leagues.free, personsHeld: cluster.persons.held, personsFree: cluster.persons.free)
    }
}
