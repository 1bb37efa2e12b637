import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore: CallLogStore {
    /// Checks the window and logs the call in one transaction under this egress's advisory
    /// lock: every process admitting calls from this egress waits its turn, so two can never
    /// both take the last slot (SQLite gets the same from `BEGIN IMMEDIATE`). Pollers on
    /// other egresses count other rows under other locks, and never wait here.
    public func admitCall(kind: String, path: String, at now: Date, budget: RateBudget, forRegistration: Bool) throws(StoreError) -> Bool {
        try transaction { session in
            try session.advisoryTransactionLock(callLogLock)
            let used = try Self.callsInWindow(at: now, egress: egress, session)
            let cap = try Self.pressure(egress: egress, session).cap(budget, at: now) + (forRegistration ? budget.headroom : 0)
            guard used < cap else { return false }
            try session.execute("INSERT INTO call_log (egress, at, kind, path) VALUES ($1, $2, $3, $4)", [.text(egress), now.stored, .text(kind), .text(path)])
            return true
        }
    }

    /// The scheduler's room in the window at `now`: a plan, not a promise (every call is
    /// still admitted one by one), so it reads without the lock.
    public func schedulerCapacity(at now: Date, budget: RateBudget) throws(StoreError) -> (capacity: Int, used: Int, cap: Int) {
        try transaction { session in
            let used = try Self.callsInWindow(at: now, egress: egress, session)
            let cap = try Self.pressure(egress: egress, session).cap(budget, at: now)
            return (max(0, cap - used), used, cap)
        }
    }

    public func pruneCallLog(before: Date) throws(StoreError) {
        try execute("DELETE FROM call_log WHERE egress = $1 AND at < $2", [.text(egress), before.stored])
    }

    public func backoffs() throws(StoreError) -> [BackoffScope: StoredBackoff] {
        let rows = try execute("SELECT scope, until, failures FROM backoff WHERE egress = $1", [.text(egress)])
        return try decoding { () throws(PostgresError) in
            var result: [BackoffScope: StoredBackoff] = [:]
            for row in rows {
                guard let scope = BackoffScope(rawValue: try row.value("scope")) else { continue }
                result[scope] = StoredBackoff(until: Date(timeIntervalSince1970: try row.value("until")), failures: try row.value("failures"))
            }
            return result
        }
    }

    /// Records a push-back from Sleeper; returns when the scope may try again (from this
    /// egress: Sleeper pushed back on its address). The count is read and raised under this
    /// egress's lock, so two of its processes' failures both count.
    @discardableResult
    public func recordBackoff(_ scope: BackoffScope, at now: Date, retryAfter: TimeInterval?) throws(StoreError) -> Date {
        try transaction { session in
            try session.advisoryTransactionLock(callLogLock)
            let previous = try session.execute("SELECT failures FROM backoff WHERE egress = $1 AND scope = $2", [.text(egress), .text(scope.rawValue)])
                .first?.value("failures", as: Int.self)
            let failures = (previous ?? 0) + 1
            let until = Backoff.until(now: now, failures: failures, retryAfter: retryAfter)
            try session.execute("""
                INSERT INTO backoff (egress, scope, until, failures) VALUES ($1, $2, $3, $4)
                ON CONFLICT (egress, scope) DO UPDATE SET until = excluded.until, failures = excluded.failures
                """, [.text(egress), .text(scope.rawValue), until.stored, PostgresValue(failures)])
            return until
        }
    }

    public func clearBackoff(_ scope: BackoffScope) throws(StoreError) {
        try execute("DELETE FROM backoff WHERE egress = $1 AND scope = $2", [.text(egress), .text(scope.rawValue)])
    }

    /// Sleeper pushed back: halve the scheduler's share (across this egress's processes).
    /// Returns the new pressure.
    @discardableResult
    public func recordPushBack(at now: Date) throws(StoreError) -> BudgetPressure {
        try transaction { session in
            try session.advisoryTransactionLock(callLogLock)
            let next = try Self.pressure(egress: egress, session).pushedBack(at: now)
            try session.execute("""
                INSERT INTO egress_pressure (egress, pressure) VALUES ($1, $2)
                ON CONFLICT (egress) DO UPDATE SET pressure = excluded.pressure
                """, [.text(egress), .text(try PostgresJSON.encode(next))])
            return next
        }
    }
}

extension PostgresStore {
    /// The scheduler's current share of this egress's budget (1 when Sleeper has not pushed back).
    public func budgetPressure() throws(StoreError) -> BudgetPressure {
        try transaction { session in try Self.pressure(egress: egress, session) }
    }

    /// This egress's calls counted against the window at `now` (see ``RateBudget/used(_:now:)``).
    public func callsInWindow(at now: Date) throws(StoreError) -> Int {
        try transaction { session in try Self.callsInWindow(at: now, egress: egress, session) }
    }

    /// Every call this egress logged, in order, for tests and benchmarks that check the sliding window.
    public func callLog() throws(StoreError) -> [(at: Date, kind: String, path: String)] {
        let rows = try execute("SELECT at, kind, path FROM call_log WHERE egress = $1 ORDER BY at, id", [.text(egress)])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in
                (Date(timeIntervalSince1970: try row.value("at")), try row.value("kind"), try row.value("path"))
            }
        }
    }

    /// This egress's call instants after `since` (for `status` and tests).
    public func callTimes(since: Date) throws(StoreError) -> [Date] {
        let rows = try execute("SELECT at FROM call_log WHERE egress = $1 AND at > $2 ORDER BY at", [.text(egress), since.stored])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in Date(timeIntervalSince1970: try row.value("at")) }
        }
    }

    static func callsInWindow(at now: Date, egress: String, _ session: PostgresSession) throws(PostgresError) -> Int {
        let bounds = RateBudget.countedInterval(now: now)
        return try session.execute("SELECT count(*) AS used FROM call_log WHERE egress = $1 AND at > $2 AND at < $3",
                                   [.text(egress), bounds.after.stored, bounds.before.stored])
            .first?.value("used") ?? 0
    }

    /// An unreadable pressure reads as calm, as in the SQLite store: it lasts minutes, and the
    /// next push-back writes a fresh one.
    static func pressure(egress: String, _ session: PostgresSession) throws(PostgresError) -> BudgetPressure {
        guard let text = try session.execute("SELECT pressure FROM egress_pressure WHERE egress = $1", [.text(egress)]).first?.value("pressure", as: String.self) else {
            return .calm
        }
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
