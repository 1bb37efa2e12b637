import Foundation
import SidelineCore
import SidelineDelivery

// The store as the scheduler's stages see it: one narrow role per concern, all implemented
// by ``SQLiteStore`` (ADR 025). A role never splits what must be one transaction: admitting
// a call checks the window and logs the call in one operation, and a step's lifecycle rows
// and outbox events are committed by one unit-of-work call.

/// The call log and the rests: what the plan and fetch stages need of the rate budget.
public protocol CallLogStore: Sendable {
    /// Checks the sliding window and logs the call in one transaction, so two processes can
    /// never both take the last slot. `false`: the window is full, nothing was logged.
    func admitCall(kind: String, path: String, at now: Date, budget: RateBudget, forRegistration: Bool) throws(StoreError) -> Bool
    /// The room left for the scheduler in the window at `now` (a plan, not a promise).
    func schedulerCapacity(at now: Date, budget: RateBudget) throws(StoreError) -> (capacity: Int, used: Int, cap: Int)
    func pruneCallLog(before: Date) throws(StoreError)
    func backoffs() throws(StoreError) -> [BackoffScope: StoredBackoff]
    @discardableResult
    func recordBackoff(_ scope: BackoffScope, at now: Date, retryAfter: TimeInterval?) throws(StoreError) -> Date
    func clearBackoff(_ scope: BackoffScope) throws(StoreError)
    @discardableResult
    func recordPushBack(at now: Date) throws(StoreError) -> BudgetPressure
}

/// The NFL state, the week's games, where they came from, and the HTTP response cache.
public protocol FeedStore: Sendable {
    func nflState() throws(StoreError) -> (state: NFLState, fetchedAt: Date)?
    func saveNFLState(_ state: NFLState, fetchedAt: Date) throws(StoreError)
    func schedule(_ week: WeekKey) throws(StoreError) -> (schedule: WeekSchedule, fetchedAt: Date)?
    func saveSchedule(_ schedule: WeekSchedule, for week: WeekKey, fetchedAt: Date) throws(StoreError)
    func cachedResponse(url: String) throws(StoreError) -> (etag: String, body: Data)?
    func saveCachedResponse(url: String, etag: String, body: Data) throws(StoreError)
    /// Which source game statuses came from last, and why (ADR 030).
    func gameStatusSource() throws(StoreError) -> GameStatusSourceState
    func saveGameStatusSource(_ state: GameStatusSourceState) throws(StoreError)
}

/// Each league's latest matchups snapshot per week, its ETag and its usability mark.
public protocol SnapshotStore: Sendable {
    func snapshotTimes(week: WeekKey) throws(StoreError) -> [String: Date]
    func snapshotETags(week: WeekKey) throws(StoreError) -> [String: String]
    func unusableAnswers(week: WeekKey) throws(StoreError) -> [String: Date]
    func snapshots(week: WeekKey, leagueIDs: Set<String>) throws(StoreError) -> [String: StoredSnapshot]
    /// Saves a fetch's snapshots and marks in one transaction.
    func saveSnapshots(_ items: [SnapshotUpdate], marks: [UnusableAnswerMark]) throws(StoreError)
}

extension SnapshotStore {
    /// Saves a fetch's snapshots, with no usability marks.
    public func saveSnapshots(_ items: [SnapshotUpdate]) throws(StoreError) { try saveSnapshots(items, marks: []) }
}

/// The stats and projections feeds, the snapshots' stat-feed baselines and whether the
/// stats feed is in use (ADR 029).
public protocol LivePointsStore: Sendable {
    func statFeed(_ kind: StatFeedKind, week: WeekKey) throws(StoreError) -> StatFeedLines?
    func saveStatFeed(_ kind: StatFeedKind, week: WeekKey, _ feed: StatFeedLines, linesChanged: Bool) throws(StoreError)
    func saveStatsBaselines(_ baselines: [(leagueID: String, week: WeekKey, fetchedAt: Date, baseline: [String: Double])]) throws(StoreError)
    func livePointsHealth() throws(StoreError) -> LivePointsHealth
    func saveLivePointsHealth(_ health: LivePointsHealth) throws(StoreError)
    func saveLeague(_ league: StoredLeague, at now: Date) throws(StoreError)
}

/// Lifecycle rows, the unit of work that commits a step, and the outbox's retention.
public protocol LifecycleStore: Sendable {
    func lifecycleHeaders(mode: PassMode, week: WeekKey) throws(StoreError) -> [LifecycleKey: LifecycleRow.Header]
    func lifecycleRows(_ keys: some Sequence<LifecycleKey>) throws(StoreError) -> [LifecycleKey: LifecycleRow]
    /// Commits a step's new rows and its outbox events (with their deliveries for `sinks`)
    /// in one transaction: a crash leaves both or neither.
    @discardableResult
    func commitPass(rows: [LifecycleKey: LifecycleRow], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date) throws(StoreError) -> [Int64]
    /// The same with person lifecycle rows, all in the one transaction.
    @discardableResult
    func commitPass(rows: [LifecycleKey: LifecycleRow], personRows: [PersonKey: PersonRow], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date) throws(StoreError) -> [Int64]
    /// Deletes events committed before `before` that nothing owes anyone any more.
    @discardableResult
    func pruneOutbox(before: Date) throws(StoreError) -> Int
}

/// Each user's activity scope and the person lifecycles (ADR 039). Committed with the
/// league rows by ``LifecycleStore/commitPass(rows:personRows:events:sinks:at:)``.
public protocol PersonStore: Sendable {
    func personSettings() throws(StoreError) -> [String: PersonSettings]
    func personHeaders(mode: PassMode, week: WeekKey) throws(StoreError) -> [PersonKey: LifecycleRow.Header]
    func personRows(_ keys: some Sequence<PersonKey>) throws(StoreError) -> [PersonKey: PersonRow]
    /// Every open person row of `mode` and every row of `week`, decoded (`status`).
    func personRows(mode: PassMode, week: WeekKey) throws(StoreError) -> [PersonKey: PersonRow]
}

/// `sideline users scope`: a user's scope and pin, and what of theirs is open (ADR 039).
public protocol PersonAdminStore: Sendable {
    func setPersonSettings(sleeperUserID: String, _ settings: PersonSettings, at now: Date) throws(StoreError)
    func openActivityCount(sleeperUserID: String) throws(StoreError) -> Int
}

/// Registrations, their leagues, and following a league into its renewal.
public protocol RegistrationStore: Sendable {
    /// Changes when another connection commits: the scheduler's cache is valid while it holds.
    func externalChangeToken() throws(StoreError) -> Int
    func activeRegistrations() throws(StoreError) -> [Registration]
    func leagues(ids: Set<String>) throws(StoreError) -> [String: StoredLeague]
    func renewalAttempts() throws(StoreError) -> [Int64: Date]
    func recordRenewalAttempt(registrationID: Int64, at now: Date) throws(StoreError)
    func setFollowNote(registrationID: Int64, _ note: String?) throws(StoreError)
    func follow(registrationID: Int64, to league: StoredLeague, rosterID: Int, at now: Date) throws(StoreError)
}

/// Everything a scheduler pass needs of the store.
public typealias PassStore = CallLogStore & FeedStore & SnapshotStore & LifecycleStore & RegistrationStore & LivePointsStore & DeliveryStore & PersonStore

extension SQLiteStore: CallLogStore, FeedStore, SnapshotStore, LifecycleStore, RegistrationStore, LivePointsStore, PersonStore {}
