import Foundation
import SidelineCore
import SidelineDelivery

// The store as `status`, the status page, `/readyz` and `/metrics` see it (ADR 025, "Store
// roles everywhere"): reads that report, never decide.

/// Each pass's summary and the instant `/readyz` reads.
public protocol PassHistoryStore: Sendable {
    /// Records the pass that just ended: its summary and the instant, in one transaction.
    func recordPass(_ summary: PassSummary) throws(StoreError)
    /// Records that a pass finished at `now` (no summary).
    func recordPass(at now: Date) throws(StoreError)
    func lastPass() throws(StoreError) -> PassSummary?
    func lastPassAt() throws(StoreError) -> Date?
    /// Pushes sent per sink since `start`.
    func pushes(since start: Date) throws(StoreError) -> [(sink: String, count: Int)]
}

/// What the status report and the metrics count.
public protocol StatusReadStore: Sendable {
    func callsInWindow(at now: Date) throws(StoreError) -> Int
    func callTimes(since: Date) throws(StoreError) -> [Date]
    func budgetPressure() throws(StoreError) -> BudgetPressure
    func deliveryCounts() throws(StoreError) -> [DeliveryCount]
    func lifecycleStates(mode: PassMode, week: WeekKey) throws(StoreError) -> [LifecycleKey: LifecycleState]
    func recentEvents(limit: Int) throws(StoreError) -> [RecentEvent]
    func recentDeliveries(limit: Int) throws(StoreError) -> [RecentDelivery]
}

/// Whole-table reads for the demo's summary, the benchmark and the tests: what a pass wrote,
/// looked at from outside.
public protocol StoreInspection: Sendable {
    func callLog() throws(StoreError) -> [(at: Date, kind: String, path: String)]
    func callTimes(from start: Date, through end: Date) throws(StoreError) -> [Date]
    func outbox(limit: Int) throws(StoreError) -> [OutboxEntry]
    func devicePushes(eventID: Int64) throws(StoreError) -> [(deviceID: String, status: String, attempts: Int, apnsID: String?, error: String?)]
    func startPushStatus(activityID: String, deviceID: String) throws(StoreError) -> DevicePushStatus?
    func snapshot(leagueID: String, week: WeekKey) throws(StoreError) -> StoredSnapshot?
    func lifecycleRows(mode: PassMode, week: WeekKey) throws(StoreError) -> [LifecycleKey: LifecycleRow]
}

extension StoreInspection {
    public func outbox() throws(StoreError) -> [OutboxEntry] { try outbox(limit: 1000) }
}
