import Foundation
import SidelineCore

/// Who is doing what in a cluster of pollers, as `status` reports it (issue 32): the live
/// pollers, the leases each holds, the feeds leader, the lease totals and each egress's calls
/// in the last minute. Read by ``ClusterStore/clusterSnapshot(within:clock:at:)``.
///
/// A lease counts as held only while unexpired on the lease clock: a lease whose holder
/// stopped heartbeating is free for the next claim, whatever its row still names, so the
/// report counts it free rather than under a poller that no longer does the work.
public struct ClusterSnapshot: Sendable, Hashable {
    /// What one holder has, unexpired.
    public struct Holding: Sendable, Hashable {
        public var leagues: Int
        public var persons: Int

        public init(leagues: Int = 0, persons: Int = 0) {
            self.leagues = leagues
            self.persons = persons
        }
    }

    /// One kind's leases: how many exist, and how many nobody holds (no holder, or expired).
    public struct Totals: Sendable, Hashable {
        public var total: Int
        public var free: Int

        public init(total: Int = 0, free: Int = 0) {
            self.total = total
            self.free = free
        }

        public var held: Int { total - free }
    }

    /// The lease clock's now as the snapshot was read: the heartbeats' ages are from it, on
    /// the clock they were written on, whatever this host's clock says.
    public let at: Date
    /// Live pollers (heartbeat within the window), by id.
    public let pollers: [LivePoller]
    /// Unexpired holdings by holder: live pollers and any holder no longer live whose lease
    /// has not expired yet.
    public let holdings: [String: Holding]
    /// The holder of the unexpired `feeds` lease; `nil` while nobody leads.
    public let feedsLeader: String?
    public let leagues: Totals
    public let persons: Totals
    /// Calls in the 60 s window per egress name, for the live pollers' egresses (absent: none).
    public let callsByEgress: [String: Int]

    public init(at: Date, pollers: [LivePoller], holdings: [String: Holding], feedsLeader: String?, leagues: Totals, persons: Totals, callsByEgress: [String: Int]) {
        self.at = at
        self.pollers = pollers
        self.holdings = holdings
        self.feedsLeader = feedsLeader
        self.leagues = leagues
        self.persons = persons
        self.callsByEgress = callsByEgress
    }

    public func holding(of pollerID: String) -> Holding { holdings[pollerID] ?? Holding() }

    public func calls(on egress: String) -> Int { callsByEgress[egress] ?? 0 }

    /// The budget one egress's window keeps: the smallest its live pollers are configured
    /// with, as ``PollerShares`` takes it (they admit against one call log, and the strictest
    /// limit is the one that holds when all are busy).
    public func budget(of egress: String) -> Int {
        pollers.filter { $0.registration.egress == egress }.map(\.registration.callsPerMinute).min() ?? 0
    }
}
