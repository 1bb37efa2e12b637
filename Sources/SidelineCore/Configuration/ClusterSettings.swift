import Foundation

/// How this poller takes part in a cluster (issue 32, ADR 040): on when `cluster.egress`
/// names an egress (a PostgreSQL store only), `nil` otherwise (one poller, every league
/// its own).
public struct ClusterSettings: Sendable, Hashable {
    /// Which clock leases and heartbeats run on (`cluster.lease_clock`).
    public enum LeaseClockMode: String, Sendable, Hashable, CaseIterable {
        /// The database's: one clock for every host, whatever theirs say (the default).
        case database
        /// The pass's instant, for `tick --now` replays and tests that move time by hand.
        /// Every poller of a store must use the same mode (the heartbeat refuses a mismatch).
        case pass

        /// The lease clock a pass at `now` uses.
        public func clock(at now: Date) -> LeaseClock {
            switch self {
            case .database: .database
            case .pass: .passInstant(now)
            }
        }
    }

    /// `cluster.egress`: the name of the address this poller's Sleeper calls leave from.
    public let egress: String
    /// `cluster.poller_id`: a fixed id (cron pollers, whose every pass is a new process,
    /// keep their leases from one `tick` to the next); `nil`: a new random id per process.
    public let pollerID: String?
    /// `cluster.lease_seconds`: how long a lease lasts unless renewed. A poller that dies
    /// loses its work to the others after at most this long.
    public let leaseSeconds: TimeInterval
    public let leaseClock: LeaseClockMode

    public init(egress: String, pollerID: String? = nil, leaseSeconds: TimeInterval = 120, leaseClock: LeaseClockMode = .database) {
        self.egress = egress
        self.pollerID = pollerID
        self.leaseSeconds = leaseSeconds
        self.leaseClock = leaseClock
    }

    /// The smallest lease for a pass interval: two passes. A poller renews its leases once a
    /// pass, so a lease shorter than that would lapse between two healthy passes.
    public static func shortestLease(passInterval: TimeInterval) -> TimeInterval { 2 * passInterval }

    /// The settings from the configuration's values; `nil` without an egress. Every
    /// `cluster.*` key besides the egress needs one (a setting that would be ignored is
    /// refused, never silent), and a lease shorter than two passes is refused.
    /// `explicit`: the keys set by a flag, the environment or a file (not defaults).
    static func parse(_ values: [String: String], explicit: Set<String>, egress: String, passInterval: TimeInterval) throws(ConfigurationError) -> ClusterSettings? {
        let others = ["cluster.poller_id", "cluster.lease_seconds", "cluster.lease_clock"]
        guard !egress.isEmpty else {
            if let key = others.first(where: { explicit.contains($0) }) { throw ConfigurationError(Messages.Configuration.clusterNeedsEgress(key)) }
            return nil
        }
        let pollerID = try values["cluster.poller_id"].map { id throws(ConfigurationError) in
            guard ClusterEgress.isName(id) else { throw ConfigurationError(Messages.Configuration.clusterPollerIDName(id)) }
            return id
        }
        let lease = Double(values["cluster.lease_seconds"] ?? "120") ?? 120
        guard lease >= shortestLease(passInterval: passInterval) else {
            throw ConfigurationError(Messages.Configuration.leaseTooShort(lease: lease, passInterval: passInterval))
        }
        let clock = LeaseClockMode(rawValue: values["cluster.lease_clock"] ?? "database") ?? .database
        return ClusterSettings(egress: egress, pollerID: pollerID, leaseSeconds: lease, leaseClock: clock)
    }
}
