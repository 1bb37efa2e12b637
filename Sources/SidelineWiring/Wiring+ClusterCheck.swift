import Foundation
import SidelineCore
import SidelineEngine
import SidelineStore

extension Wiring {
    /// `sideline check`'s line on the cluster (issue 32), read without joining it (a check
    /// that heartbeated would count as a poller and move every share):
    /// - in a cluster: this poller's egress, id and leases, and the pollers live now; failed
    ///   when a live poller keeps leases on the other clock (this one's first pass would be
    ///   refused) or another process uses this fixed poller id;
    /// - outside one, on a store where pollers are live: failed, since this process would
    ///   wait for their passes and they for its, and it would do every league's work.
    /// `nil` where there is nothing to say (SQLite, or PostgreSQL with no cluster at all).
    public func checkCluster(at now: Date) -> CheckResult? {
        guard let store = store as? any ClusterStore else { return nil }
        // Live as the pollers count each other: within their lease, on their clock (as `status`).
        let lease = cluster?.settings.leaseSeconds ?? StatusReport.Cluster.liveWindow
        let live: [LivePoller]
        do {
            live = try store.livePollers(within: lease, clock: cluster?.settings.leaseClock.clock(at: now) ?? .database)
        } catch {
            return .failed("cluster", Messages.Cluster.checkUnreadable("\(error)"))
        }
        guard let seat = cluster else {
            return live.isEmpty ? nil : .failed("cluster", Messages.Cluster.checkOutsider(live.count))
        }
        let me = seat.poller
        let mode = seat.settings.leaseClock.clock(at: now).mode
        if let other = live.first(where: { $0.clockMode != mode }) {
            return .failed("cluster", Messages.Cluster.clockMismatch(poller: me.pollerID, mode: mode, other: other.registration.pollerID,
                                                                     otherMode: other.clockMode, host: other.registration.host))
        }
        // The same fixed id on this host is this poller's own earlier `tick` or its daemon.
        if seat.settings.pollerID != nil, let twin = live.first(where: { $0.registration.pollerID == me.pollerID && $0.registration.host != me.host }) {
            return .failed("cluster", Messages.Cluster.checkIDTaken(me.pollerID, host: twin.registration.host))
        }
        let others = live.filter { $0.registration.pollerID != me.pollerID }.map { "\($0.registration.pollerID) (\($0.registration.egress))" }
        return .passed("cluster", Messages.Cluster.checkJoined(poller: me.pollerID, egress: me.egress, leaseSeconds: Int(seat.settings.leaseSeconds),
                                                               clock: seat.settings.leaseClock.rawValue, others: others))
    }
}
