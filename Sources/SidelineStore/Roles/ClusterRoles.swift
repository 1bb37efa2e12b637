import Foundation
import SidelineCore
import SidelineDelivery

/// This poller as it registers itself: a random id per process start, the egress its
/// Sleeper calls leave from (pollers with one egress share one call budget), where it runs,
/// and its configured calls a minute (its weight in ``PollerShares``).
public struct PollerRegistration: Sendable, Hashable {
    public let pollerID: String
    public let egress: String
    public let host: String
    public let pid: Int
    public let callsPerMinute: Int

    public init(pollerID: String, egress: String, host: String, pid: Int, callsPerMinute: Int) {
        self.pollerID = pollerID
        self.egress = egress
        self.host = host
        self.pid = pid
        self.callsPerMinute = callsPerMinute
    }
}

/// A poller as the `poller` table has it: its registration, the lease clock it uses and
/// its last heartbeat (on that clock).
public struct LivePoller: Sendable, Hashable {
    public let registration: PollerRegistration
    public let clockMode: String
    public let heartbeatAt: Date

    public init(registration: PollerRegistration, clockMode: String, heartbeatAt: Date) {
        self.registration = registration
        self.clockMode = clockMode
        self.heartbeatAt = heartbeatAt
    }

    public var budget: PollerBudget {
        PollerBudget(pollerID: registration.pollerID, egress: registration.egress, callsPerMinute: registration.callsPerMinute)
    }
}

/// How the engine divides work between pollers sharing a store (issue 32). Every call takes
/// the ``LeaseClock``: the database's, or the pass's instant in tests and replays.
///
/// A pass, as the engine will use it:
/// 1. plan stage: ``heartbeat(_:clock:)``, ``livePollers(within:clock:)`` and
///    ``leaseCount(_:)`` give the shares (``PollerShares``); per kind a ``LeaseRound``:
///    ``releaseLeases(_:)`` the surplus, ``renewLeases(_:for:clock:)`` the rest,
///    ``claimLeases(_:holder:limit:for:clock:)`` the deficit; ``leaderLease(holder:for:clock:)``
///    decides whether this poller plans the feeds. Leagues whose lease it does not hold
///    leave the plan (their snapshots still come from the store for stepping).
/// 2. fetch stage: fetches only what it planned, so only leased leagues and, for the
///    leader, the feeds.
/// 3. step stage: steps league-scope registrations of leased leagues and persons whose
///    person lease it holds.
/// 4. commit stage: passes the fences of the leases a batch depends on; the store checks
///    them inside the commit's transaction (PostgreSQL: ``PostgresSession``'s
///    `checkLeases`) and commits nothing if one is lost.
///
/// Not part of ``AppStore``, and ``SQLiteStore`` does not implement it: SQLite is the
/// single-poller store (cluster settings beside it are refused), so the engine should take
/// the role as an optional, `nil` meaning "one poller: every league, person and feed is
/// mine, nothing to fence", and skip the lease round altogether. A stand-in where "every
/// lease is always yours, epoch 1" would cost a round of no-op calls each pass, would have
/// to keep the offered keys somewhere to hand them back from a claim, and would make a
/// missing fence in the engine pass every SQLite test unnoticed; with an optional the
/// engine's cluster code is visibly one branch, tested on PostgreSQL.
public protocol ClusterStore: Sendable {
    /// Registers or refreshes this poller. Refused, naming both, if a poller seen within
    /// `within` seconds (real time) keeps leases on another clock.
    func heartbeat(_ poller: PollerRegistration, within: TimeInterval, clock: LeaseClock) throws(StoreError)
    /// Pollers whose heartbeat is within `within` seconds of the clock's now, by id.
    func livePollers(within: TimeInterval, clock: LeaseClock) throws(StoreError) -> [LivePoller]
    /// Removes this poller and releases its leases (a clean stop: the others need not wait
    /// for them to expire).
    func retirePoller(_ pollerID: String) throws(StoreError)

    /// Makes sure a lease row exists for each key (new ones are free). Existing ones are untouched.
    func offerLeases(_ kind: LeaseKind, keys: Set<String>) throws(StoreError)
    /// Deletes the rows of keys with no work left (a league nobody follows), unless held.
    func withdrawLeases(_ kind: LeaseKind, keys: Set<String>) throws(StoreError)
    /// How many leases of `kind` exist: the total the shares divide.
    func leaseCount(_ kind: LeaseKind) throws(StoreError) -> Int
    /// Every lease of `kind`, held or not (for `status`).
    func leases(_ kind: LeaseKind) throws(StoreError) -> [LeaseGrant]

    /// Claims up to `limit` free or expired leases of `kind` for `holder`, for `duration`
    /// seconds. Rows another poller is claiming at this moment are skipped, never waited for.
    func claimLeases(_ kind: LeaseKind, holder: String, limit: Int, for duration: TimeInterval, clock: LeaseClock) throws(StoreError) -> [LeaseGrant]
    /// Extends the given leases that are still held by the same holder with the same epoch;
    /// returns those (a lease taken over meanwhile is not renewed and not returned).
    func renewLeases(_ leases: [LeaseGrant], for duration: TimeInterval, clock: LeaseClock) throws(StoreError) -> [LeaseGrant]
    /// Frees the given leases if still held with the same epoch.
    func releaseLeases(_ leases: [LeaseGrant]) throws(StoreError)
    /// The `feeds` lease: renewed if `holder` has it, claimed if it is free or expired,
    /// `nil` while another poller leads.
    func leaderLease(holder: String, for duration: TimeInterval, clock: LeaseClock) throws(StoreError) -> LeaseGrant?
    /// Whether every fence holds now: what a commit checks inside its own transaction, here
    /// on its own (for `status` and tests).
    func holds(_ fences: [LeaseFence], clock: LeaseClock) throws(StoreError) -> Bool

    /// Like ``RegistrationStore/externalChangeToken()``, moved only by other connections'
    /// commits to registrations, leagues and users' scopes: a poller whose token moved but
    /// whose structure token did not refreshes only what other pollers' passes write.
    func structureChangeToken() throws(StoreError) -> Int

    /// ``SnapshotStore/saveSnapshots(_:marks:)`` fenced by the leases of their leagues: a
    /// poller that lost a league (paused past its lease) never writes its old answer over the
    /// new holder's. A lost lease writes nothing and throws with `leaseLost` set.
    func saveSnapshots(_ items: [SnapshotUpdate], marks: [UnusableAnswerMark], fences: [LeaseFence], clock: LeaseClock) throws(StoreError)

    /// A cluster poller's pass lock: passes of several pollers run side by side, never two
    /// of one poller id, and never beside a pass of a poller outside the cluster.
    func pollerPassLock(_ pollerID: String, wait: TimeInterval) throws(PassLockError) -> any HeldPassLock

    /// ``LifecycleStore/commitPass(rows:personRows:events:sinks:at:)`` fenced: inside the
    /// same transaction, first checks that every lease in `fences` is still held (by its
    /// holder, with its epoch, unexpired on `clock`). If one is lost, commits nothing and
    /// throws a ``StoreError`` whose `leaseLost` is true, naming the lost leases.
    @discardableResult
    func commitPass(rows: [LifecycleKey: LifecycleRow], personRows: [PersonKey: PersonRow], events: [OutboxDraft], sinks: [PassMode: [PushRoute]],
                    at now: Date, fences: [LeaseFence], clock: LeaseClock) throws(StoreError) -> [Int64]

    /// What `status` shows of the cluster: pollers live within `within` seconds on `clock`,
    /// the leases they hold unexpired on `clock`, the feeds leader, the lease totals, and the
    /// calls each live egress made in the 60 s window at `now` (the pass instants the call
    /// log records, as the budget counts them).
    func clusterSnapshot(within: TimeInterval, clock: LeaseClock, at now: Date) throws(StoreError) -> ClusterSnapshot
}
