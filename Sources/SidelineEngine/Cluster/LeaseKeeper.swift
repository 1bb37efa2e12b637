import Foundation
import SidelineCore
import SidelineStore

/// The leases this poller holds between passes, and the round that renews them at the start
/// of each pass (ADR 040). The arithmetic is the core's (``PollerShares``, ``LeaseRound``);
/// this shell asks the store.
struct LeaseKeeper {
    /// What this poller holds, by kind, as of its last round.
    private(set) var held: [LeaseKind: [String: LeaseGrant]] = [:]
    private(set) var leader: LeaseGrant?
    /// The keys this process has offered (made sure a lease row exists for), by kind.
    private var offered: [LeaseKind: Set<String>] = [:]

    /// One round at `now`: heartbeat, offer the leases of new work and withdraw those of work
    /// gone, then for leagues and persons release the surplus over the share, renew the rest
    /// and claim up to the share; then the leader lease. Returns the pass's share of work.
    mutating func round(_ seat: ClusterSeat, leagues: Set<String>, persons: Set<String>, at now: Date) throws(StoreError) -> WorkShare {
        let store = seat.store
        let clock = seat.settings.leaseClock.clock(at: now)
        let duration = seat.leaseSeconds
        try store.heartbeat(seat.poller, within: duration, clock: clock)
        let live = try store.livePollers(within: duration, clock: clock).map(\.budget)
        for (kind, keys) in [(LeaseKind.league, leagues), (.person, persons)] {
            if held[kind] == nil {
                // This process's first round. With a fixed poller id the last process of the
                // same id (cron's previous `tick`) may hold leases: carry on with them (their
                // epochs are what it fenced with) rather than claim none until they expire,
                // and then race the others for what was ours.
                let mine = try store.leases(kind).filter { $0.holder == seat.poller.pollerID }
                held[kind] = Dictionary(mine.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
            }
            // Work gone (a league nobody follows now): let it go first, so that its row,
            // free, is withdrawn with the others' and never counted in a share again.
            try store.releaseLeases((held[kind] ?? [:]).values.filter { !keys.contains($0.key) })
            try offer(kind, keys: keys, store: store)
            let share = PollerShares.split(try store.leaseCount(kind), among: live)[seat.poller.pollerID] ?? 0
            let round = LeaseRound(held: (held[kind] ?? [:]).values.filter { keys.contains($0.key) }, share: share)
            try store.releaseLeases(round.release)
            let renewed = try store.renewLeases(round.renew, for: duration, clock: clock)
            let claimed = try store.claimLeases(kind, holder: seat.poller.pollerID, limit: round.claims(renewed: renewed.count), for: duration, clock: clock)
            held[kind] = Dictionary((renewed + claimed).map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
        }
        leader = try store.leaderLease(holder: seat.poller.pollerID, for: duration, clock: clock)
        return self.share
    }

    /// The share of work the held leases give.
    var share: WorkShare {
        WorkShare(leagues: Set((held[.league] ?? [:]).keys), persons: Set((held[.person] ?? [:]).keys), leads: leader != nil)
    }

    /// The fences of the given leagues and persons (those held): what a commit of their work checks.
    func fences(leagues: Set<String>, persons: Set<String>) -> [LeaseFence] {
        let leagueFences = leagues.compactMap { held[.league]?[$0]?.fence }
        let personFences = persons.compactMap { held[.person]?[$0]?.fence }
        return (leagueFences + personFences).sorted { ($0.kind.rawValue, $0.key) < ($1.kind.rawValue, $1.key) }
    }

    /// Everything let go: the process is leaving and has retired from the poller table. (A
    /// commit that found a lease lost forgets nothing: the next round's renewal drops
    /// exactly the lost ones, and keeps renewing the rest.)
    mutating func forget() {
        held = [:]
        leader = nil
    }

    private mutating func offer(_ kind: LeaseKind, keys: Set<String>, store: any ClusterStore) throws(StoreError) {
        let known = offered[kind] ?? []
        let new = keys.subtracting(known)
        if !new.isEmpty { try store.offerLeases(kind, keys: new) }
        let gone = known.subtracting(keys)
        if !gone.isEmpty { try store.withdrawLeases(kind, keys: gone) }
        offered[kind] = keys
    }
}
