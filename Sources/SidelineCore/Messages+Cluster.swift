import Foundation

extension Messages {
    /// Several pollers on one PostgreSQL store (issue 32): what a poller is refused, and
    /// what a commit that lost its lease says.
    public enum Cluster {
        public static func clockMismatch(poller: String, mode: String, other: String, otherMode: String, host: String) -> String {
            "poller \(poller) keeps leases on the \(mode) clock, but poller \(other) on \(host) keeps them on the \(otherMode) clock: every poller sharing a store must use the same lease clock (the setting that makes leases follow the pass instant must be the same on all)"
        }
        public static func leasesLost(_ leases: [String]) -> String {
            "lease lost, nothing committed: \(leases.joined(separator: ", ")) (another poller holds it now, or it expired)"
        }
        /// A poller's share changed (logged at info).
        public static func share(poller: String, leagues: Int, of total: Int, persons: Int, leads: Bool) -> String {
            "poller \(poller): \(leagues) of \(total) leagues, \(persons) persons\(leads ? ", leads the shared feeds and delivers the outbox" : "")"
        }
        /// The leader lease lapsed during the pass: another poller delivers now.
        public static func leadLost(poller: String) -> String {
            "poller \(poller) lost the feeds lease during its pass: it does not deliver the outbox this pass (the new leader does)"
        }
        public static func retireFailed(_ error: String) -> String {
            "could not hand this poller's leases back on the way out (\(error)): the other pollers take them over when they expire"
        }
        public static func checkUnreadable(_ error: String) -> String {
            "the pollers sharing this store could not be read: \(error)"
        }
        /// `check` outside a cluster, on a store pollers share.
        public static func checkOutsider(_ live: Int) -> String {
            "\(live) poller\(live == 1 ? "" : "s") on this store divide the work (cluster.egress set), but this configuration names no cluster.egress: its passes would wait for theirs and do every league's work; set cluster.egress (docs/several-pollers.md)"
        }
        public static func checkIDTaken(_ id: String, host: String) -> String {
            "cluster.poller_id \(id) is in use by a poller on \(host): two processes with one id would take each other's leases for their own; give each poller its own id"
        }
        public static func checkJoined(poller: String, egress: String, leaseSeconds: Int, clock: String, others: [String]) -> String {
            let peers = others.isEmpty ? "no other poller is live now" : "live now: \(others.joined(separator: ", "))"
            return "poller \(poller) on egress \(egress), leases of \(leaseSeconds) s on the \(clock) clock; \(peers)"
        }
        /// The daemon's start in a cluster.
        public static func joining(poller: String, egress: String, leaseSeconds: Int, clock: String) -> String {
            "joining the pollers of this store as \(poller) on egress \(egress) (leases of \(leaseSeconds) s on the \(clock) clock); the first passes settle the shares"
        }
        public static func leaseName(kind: String, key: String, epoch: Int64) -> String {
            "\(kind) \(key) epoch \(epoch)"
        }

        // `status` and the status page: the pollers sharing the store.

        public static func pollersHeading(_ live: Int) -> String {
            "Pollers (\(live) live on this store)"
        }
        /// The default egress has no name: every poller naming none shares it.
        public static func egressName(_ egress: String) -> String {
            egress.isEmpty ? "default (none named)" : egress
        }
        public static func counted(_ count: Int, _ noun: String) -> String {
            "\(count) \(noun)\(count == 1 ? "" : "s")"
        }
        public static func egressCalls(used: Int, budget: Int) -> String {
            "\(used) of \(budget) calls in the last minute"
        }
        public static func held(leagues: Int, persons: Int) -> String {
            "\(counted(leagues, "league")), \(counted(persons, "person")) held"
        }
        public static let leadsFeeds = "leads the shared feeds"
        /// A heartbeat's instant, already labelled in the display zone, and its age.
        public static func heartbeat(_ label: String, age: Int) -> String {
            "\(label) (\(age) s ago)"
        }
        /// `status`: one poller's line; `heartbeat` as ``heartbeat(_:age:)`` says it.
        public static func poller(_ id: String, host: String, pid: Int, egress: String, used: Int, budget: Int,
                                  leagues: Int, persons: Int, heartbeat: String, leads: Bool) -> String {
            "  \(id) on \(host) (pid \(pid)) — egress \(egressName(egress)): \(egressCalls(used: used, budget: budget)) · "
                + "\(held(leagues: leagues, persons: persons)) · last heartbeat \(heartbeat)\(leads ? " · \(leadsFeeds)" : "")"
        }
        /// Who fetches state, game statuses, stats and projections for every poller.
        public static func feedsLeader(_ id: String?) -> String {
            guard let id else { return "Shared feeds: no poller leads them now (the next pass of any poller takes them over)" }
            return "Shared feeds (state, game statuses, stats, projections): fetched by \(id)"
        }
        /// Free counts the leases nobody holds and those whose poller stopped renewing them.
        public static func leaseTotals(leaguesHeld: Int, leaguesFree: Int, personsHeld: Int, personsFree: Int) -> String {
            "Leases: leagues \(leaguesHeld) held, \(leaguesFree) free · persons \(personsHeld) held, \(personsFree) free (free: no holder, or expired)"
        }
        /// The status page's pollers table.
        public static let pollerColumns = ["Poller", "Host", "Egress", "Calls in the last minute", "Held", "Last heartbeat", "Shared feeds"]
    }
}
