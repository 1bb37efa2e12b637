import Foundation
import SidelineCore
import SidelineStore

/// This process's seat in a cluster of pollers sharing one PostgreSQL store (issue 32, ADR
/// 040): the store's lease role, who this poller is, and its settings. A pass environment
/// without one is the only poller: every league, person and feed is its own.
public struct ClusterSeat: Sendable {
    public let store: any ClusterStore
    public let poller: PollerRegistration
    public let settings: ClusterSettings

    public init(store: any ClusterStore, poller: PollerRegistration, settings: ClusterSettings) {
        self.store = store
        self.poller = poller
        self.settings = settings
    }

    /// The seat the configuration asks for: `nil` without `cluster.egress`. `host` and `pid`
    /// say where the poller runs (for `status`); its id is `cluster.poller_id`, or a random
    /// one on `host` (``PollerIdentity``).
    public static func make(_ configuration: SidelineConfiguration, store: any ClusterStore, host: String, pid: Int) -> ClusterSeat? {
        guard let settings = configuration.cluster else { return nil }
        let poller = PollerRegistration(pollerID: settings.pollerID ?? PollerIdentity.random(host: host), egress: settings.egress, host: host, pid: pid,
                                        callsPerMinute: configuration.rateBudget.limit - configuration.rateBudget.headroom)
        return ClusterSeat(store: store, poller: poller, settings: settings)
    }

    /// How long leases last, and how recent a heartbeat must be to count a poller live: a
    /// poller not heard from for a lease has lost its leases by then too.
    var leaseSeconds: TimeInterval { settings.leaseSeconds }

    /// Whether the poller's leases go back when its process ends. A fixed id (a cron poller,
    /// one process per pass) keeps them for its next `tick`; a random one will never be seen
    /// again, so it hands them back at once rather than leaving them to expire.
    public var retiresOnExit: Bool { settings.pollerID == nil }
}

/// A poller's random id: its host's short name (readable in `status`) and eight hex digits
/// (two processes on one host never share one).
public enum PollerIdentity {
    public static func random(host: String) -> String {
        let name = host.split(separator: ".").first.map(String.init) ?? "poller"
        let safe = String(name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" }.prefix(40))
        return "\(safe.isEmpty ? "poller" : safe)-\(String(UInt32.random(in: .min ... .max), radix: 16))"
    }
}
