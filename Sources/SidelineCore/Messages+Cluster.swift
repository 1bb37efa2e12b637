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
    }
}
