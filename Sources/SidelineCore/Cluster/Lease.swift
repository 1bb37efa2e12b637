import Foundation

/// What a lease gives its holder the right to do (issue 32): fetch one league, step one
/// person's activity, or fetch the shared feeds (one lease, held by the leader).
public enum LeaseKind: String, Sendable, Hashable, CaseIterable, Codable {
    case league
    case person
    case feeds

    /// The key of the one `feeds` lease.
    public static let leaderKey = "feeds"
}

/// A lease a poller holds: the right to do `kind`'s work for `key` until `expiresAt`.
///
/// `epoch` is the fencing token: it rises by one every time the lease changes holder, so a
/// poller that lost the lease (paused, partitioned) and comes back still holding an old
/// epoch can be told apart from the one holding it now, whatever either believes.
public struct LeaseGrant: Sendable, Hashable, Codable {
    public let kind: LeaseKind
    public let key: String
    public let holder: String
    public let epoch: Int64
    public let expiresAt: Date

    public init(kind: LeaseKind, key: String, holder: String, epoch: Int64, expiresAt: Date) {
        self.kind = kind
        self.key = key
        self.holder = holder
        self.epoch = epoch
        self.expiresAt = expiresAt
    }

    /// What a commit that depends on this lease checks in its transaction.
    public var fence: LeaseFence { LeaseFence(kind: kind, key: key, holder: holder, epoch: epoch) }
}

/// "Poller `holder` holds lease `kind`/`key` with epoch `epoch`": checked inside the
/// transaction of a commit that depends on the lease, so a poller that lost it commits nothing.
public struct LeaseFence: Sendable, Hashable, Codable {
    public let kind: LeaseKind
    public let key: String
    public let holder: String
    public let epoch: Int64

    public init(kind: LeaseKind, key: String, holder: String, epoch: Int64) {
        self.kind = kind
        self.key = key
        self.holder = holder
        self.epoch = epoch
    }
}

/// Which clock leases and heartbeats run on.
///
/// Normally the database's (`extract(epoch from clock_timestamp())`): one clock for every
/// poller, whatever their hosts' clocks say. `passInstant` makes them follow the pass's
/// instant instead, so `tick --now` replays and the tests can move time by hand; pollers
/// that disagree on the mode are refused, because a lease written on one clock and read
/// on the other expires at a meaningless time.
public enum LeaseClock: Sendable, Hashable {
    case database
    case passInstant(Date)

    /// The mode's name, as the poller row records it and errors show it.
    public var mode: String {
        switch self {
        case .database: "database"
        case .passInstant: "pass-instant"
        }
    }
}
