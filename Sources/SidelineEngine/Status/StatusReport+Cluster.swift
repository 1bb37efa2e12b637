import Foundation
import SidelineCore
import SidelineDelivery
import SidelineStore

extension StatusReport {
    /// Several pollers on one PostgreSQL store (issue 32): every live poller with what it
    /// holds and its egress's calls, who leads the shared feeds, and the lease totals. Absent
    /// (`nil`) for a SQLite store or a PostgreSQL store no poller heartbeats into, so a single
    /// poller's status reads as before.
    public struct Cluster: Codable, Sendable, Hashable {
        public struct Poller: Codable, Sendable, Hashable {
            public let pollerID: String
            /// `cluster.egress`; empty for the default egress.
            public let egress: String
            public let host: String
            public let pid: Int
            /// ISO 8601, on the lease clock (the database's).
            public let heartbeatAt: String
            /// Seconds from that heartbeat to the lease clock's now as `status` read it: a
            /// poller past its pass interval has stalled (it drops from the list after
            /// ``Cluster/liveWindow``).
            public let heartbeatAgeSeconds: Int
            /// League and person leases it holds, unexpired.
            public let leagues: Int
            public let persons: Int
            /// Calls in the last minute on its egress (shared by every poller naming it), and
            /// that egress's budget.
            public let callsLastMinute: Int
            public let callBudget: Int
            public let leadsFeeds: Bool

            enum CodingKeys: String, CodingKey {
                case egress, host, pid, leagues, persons
                case pollerID = "poller_id"
                case heartbeatAt = "heartbeat_at"
                case heartbeatAgeSeconds = "heartbeat_age_seconds"
                case callsLastMinute = "calls_last_minute"
                case callBudget = "call_budget"
                case leadsFeeds = "leads_feeds"
            }
        }

        /// One kind's leases: held (unexpired) and free (no holder, or expired: a poller that
        /// stopped heartbeating holds nothing once its leases run out).
        public struct Leases: Codable, Sendable, Hashable {
            public let held: Int
            public let free: Int
        }

        public let pollers: [Poller]
        /// The poller holding the unexpired `feeds` lease; `nil` while none leads.
        public let feedsLeader: String?
        public let leagues: Leases
        public let persons: Leases

        enum CodingKeys: String, CodingKey {
            case pollers, leagues, persons
            case feedsLeader = "feeds_leader"
        }

        /// How long after its last heartbeat a poller counts as live for `status` when this
        /// process is not in the cluster itself: the default lease. A poller in the cluster
        /// uses its own `cluster.lease_seconds` and lease clock, the pollers' own definition
        /// of live (``LeaseKeeper``'s shares count the same ones).
        public static let liveWindow: TimeInterval = 120

        public init(_ snapshot: ClusterSnapshot) {
            pollers = snapshot.pollers.map { live in
                let registration = live.registration
                let holding = snapshot.holding(of: registration.pollerID)
                return Poller(pollerID: registration.pollerID, egress: registration.egress, host: registration.host, pid: registration.pid,
                              heartbeatAt: EventEnvelope.timestamp(live.heartbeatAt),
                              heartbeatAgeSeconds: max(0, Int(snapshot.at.timeIntervalSince(live.heartbeatAt).rounded())), leagues: holding.leagues, persons: holding.persons,
                              callsLastMinute: snapshot.calls(on: registration.egress), callBudget: snapshot.budget(of: registration.egress),
                              leadsFeeds: snapshot.feedsLeader == registration.pollerID)
            }
            feedsLeader = snapshot.feedsLeader
            leagues = Leases(held: snapshot.leagues.held, free: snapshot.leagues.free)
            persons = Leases(held: snapshot.persons.held, free: snapshot.persons.free)
        }
    }
}

extension Scheduler {
    /// The cluster part of `status`: `nil` unless the store is shared by pollers (a
    /// ``ClusterStore``) and at least one has heartbeated within a lease (this poller's
    /// `cluster.lease_seconds` on its lease clock, else ``StatusReport/Cluster/liveWindow`` on
    /// the database's).
    func clusterStatus(at now: Date) throws(StoreError) -> StatusReport.Cluster? {
        guard let cluster = environment.store as? any ClusterStore else { return nil }
        let settings = configuration.cluster
        let snapshot = try cluster.clusterSnapshot(within: settings?.leaseSeconds ?? StatusReport.Cluster.liveWindow,
                                                   clock: settings?.leaseClock.clock(at: now) ?? .database, at: now)
        return snapshot.pollers.isEmpty ? nil : StatusReport.Cluster(snapshot)
    }
}
