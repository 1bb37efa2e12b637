import Foundation

/// What a poller does with its leases of one kind in a pass (issue 32), from what it holds
/// and its fair share (``PollerShares``).
///
/// The order is the guarantee. A pass first releases its surplus, then renews the rest,
/// then claims only what its share still allows. So when a poller joins:
/// - its first pass registers it (the heartbeat) and claims whatever is free;
/// - every other poller's next pass sees it among the live ones, computes a smaller share
///   and releases the surplus at once (never a little at a time);
/// - its second pass finds the released leases free and claims up to its share. Nobody else
///   takes them first: every other poller already holds its share and claims nothing.
/// The shares sum to the leases there are, so there is exactly enough to go round. A poller
/// that leaves stops renewing; its leases expire and the others' larger shares claim them.
public struct LeaseRound: Sendable, Hashable {
    /// Held leases to keep: renew them (only those still held with the same epoch renew).
    public let renew: [LeaseGrant]
    /// Held leases over the share: release them in this pass.
    public let release: [LeaseGrant]
    /// The share this round was planned for.
    public let share: Int

    /// Releases the surplus over `share` (the last keys in order, so every pass agrees on
    /// which stay) and keeps the rest.
    public init(held: [LeaseGrant], share: Int) {
        let ordered = held.sorted { $0.key < $1.key }
        let kept = max(0, share)
        renew = Array(ordered.prefix(kept))
        release = Array(ordered.dropFirst(kept))
        self.share = max(0, share)
    }

    /// How many to claim once the renewals are back: a lease lost meanwhile (another poller
    /// took it over after it expired) is replaced, never claimed beyond the share.
    public func claims(renewed: Int) -> Int { max(0, share - renewed) }
}
