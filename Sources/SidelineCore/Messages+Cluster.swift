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
        public static func leaseName(kind: String, key: String, epoch: Int64) -> String {
            "\(kind) \(key) epoch \(epoch)"
        }
    }
}
