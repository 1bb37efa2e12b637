import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore: CallLogStore {
    /// Checks the window and logs the call in one transaction under the call log's advisory
    /// lock: every process admitting calls against this database waits its turn, so two can
    /// never both take the last slot (SQLite gets the same from `BEGIN IMMEDIATE`).
    public func admitCall(kind: String, path: String, at now: Date, budget: RateBudget, forRegistration: Bool) throws(StoreError) -> Bool {
        try transaction { session in
            try session.advisoryTransactionLock(PostgresLockKey.callLog)
            let used = try Self.callsInWindow(at: now, session)
            let cap = try Self.pressure(session).cap(budget, at: now) + (forRegistration ? budget.headroom : 0)
            guard used < cap else { return false }
            try session.execute("INSERT INTO call_log (at, kind, path) VALUES ($1, $2, $3)", [now.stored, .text(kind), .text(path)])
            return true
        }
    }

    /// The scheduler's room in the window at `now`: a plan, not a promise (every call is
    /// still admitted one by one), so it reads without the lock.
    public func schedulerCapacity(at now: Date, budget: RateBudget) throws(StoreError) -> (capacity: Int, used: Int, cap: Int) {
        try transaction { session in
            let used = try Self.callsInWindow(at: now, session)
            let cap = try Self.pressure(session).cap(budget, at: now)
            return (max(0, cap - used), used, cap)
        }
    }

    public func pruneCallLog(before: Date) throws(StoreError) {
        try execute("DELETE FROM call_log WHERE at < $1", [before.stored])
    }

    public func backoffs() throws(StoreError) -> [BackoffScope: StoredBackoff] {
        let rows = try execute("SELECT scope, until, failures FROM backoff")
        return try decoding { () throws(PostgresError) in
            var result: [BackoffScope: StoredBackoff] = [:]
            for row in rows {
                guard let scope = BackoffScope(rawValue: try row.value("scope")) else { continue }
                result[scope] = StoredBackoff(until: Date(timeIntervalSince1970: try row.value("until")), failures: try row.value("failures"))
            }
            return result
        }
    }

    /// Records a push-back from Sleeper; returns when the scope may try again. The count is
    /// read and raised under the call log's lock, so two processes' failures both count.
    @discardableResult
    public func recordBackoff(_ scope: BackoffScope, at now: Date, retryAfter: TimeInterval?) throws(StoreError) -> Date {
        try transaction { session in
            try session.advisoryTransactionLock(PostgresLockKey.callLog)
            let previous = try session.execute("SELECT failures FROM backoff WHERE scope = $1", [.text(scope.rawValue)]).first?.value("failures", as: Int.self)
            let failures = (previous ?? 0) + 1
            let until = Backoff.until(now: now, failures: failures, retryAfter: retryAfter)
            try session.execute("""
                INSERT INTO backoff (scope, until, failures) VALUES ($1, $2, $3)
                ON CONFLICT (scope) DO UPDATE SET until = excluded.until, failures = excluded.failures
                """, [.text(scope.rawValue), until.stored, PostgresValue(failures)])
            return until
        }
    }

    public func clearBackoff(_ scope: BackoffScope) throws(StoreError) {
        try execute("DELETE FROM backoff WHERE scope = $1", [.text(scope.rawValue)])
    }

    /// Sleeper pushed back: halve the scheduler's share (across processes). Returns the new pressure.
    @discardableResult
    public func recordPushBack(at now: Date) throws(StoreError) -> BudgetPressure {
        try transaction { session in
            try session.advisoryTransactionLock(PostgresLockKey.callLog)
            let next = try Self.pressure(session).pushedBack(at: now)
            try Self.setMeta(Self.pressureKey, try PostgresJSON.encode(next), session)
            return next
        }
    }
}

extension PostgresStore {
    /// The meta key of the push-back pressure: the SQLite store's.
    static let pressureKey = "budget_pressure"

    /// The scheduler's current share of the budget (1 when Sleeper has not pushed back).
    public func budgetPressure() throws(StoreError) -> BudgetPressure {
        try transaction { session in try Self.pressure(session) }
    }

    /// Calls counted against the window at `now` (see ``RateBudget/used(_:now:)``).
    public func callsInWindow(at now: Date) throws(StoreError) -> Int {
        try transaction { session in try Self.callsInWindow(at: now, session) }
    }

    /// Every logged call, in order, for tests and benchmarks that check the sliding window.
    public func callLog() throws(StoreError) -> [(at: Date, kind: String, path: String)] {
        let rows = try execute("SELECT at, kind, path FROM call_log ORDER BY at, id")
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in
                (Date(timeIntervalSince1970: try row.value("at")), try row.value("kind"), try row.value("path"))
            }
        }
    }

    /// Call instants after `since` (for `status` and tests).
    public func callTimes(since: Date) throws(StoreError) -> [Date] {
        let rows = try execute("SELECT at FROM call_log WHERE at > $1 ORDER BY at", [since.stored])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in Date(timeIntervalSince1970: try row.value("at")) }
        }
    }

    static func callsInWindow(at now: Date, _ session: PostgresSession) throws(PostgresError) -> Int {
        let bounds = RateBudget.countedInterval(now: now)
        return try session.execute("SELECT count(*) AS used FROM call_log WHERE at > $1 AND at < $2", [bounds.after.stored, bounds.before.stored])
            .first?.value("used") ?? 0
    }

    /// An unreadable pressure reads as calm, as in the SQLite store: it lasts minutes, and the
    /// next push-back writes a fresh one.
    static func pressure(_ session: PostgresSession) throws(PostgresError) -> BudgetPressure {
        guard let text = try meta(pressureKey, session) else { return .calm }
        // Unreadable pressure (a newer shape) reads as calm, as on SQLite: the next push-back rewrites it.
        return (try? PostgresJSON.decode(BudgetPressure.self, from: text)) ?? .calm
    }

    static func meta(_ key: String, _ session: PostgresSession) throws(PostgresError) -> String? {
        try session.execute("SELECT value FROM meta WHERE key = $1", [.text(key)]).first?.value("value")
    }

    static func setMeta(_ key: String, _ value: String, _ session: PostgresSession) throws(PostgresError) {
        try session.execute("INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [.text(key), .text(value)])
    }
}
