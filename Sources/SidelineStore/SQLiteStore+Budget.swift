import Foundation
import GRDB
import SidelineCore

/// An endpoint group resting after Sleeper pushed back.
public struct StoredBackoff: Sendable, Hashable {
    public let until: Date
    public let failures: Int

    /// Public for the other stores conforming to ``CallLogStore`` (PostgreSQL, ADR 038).
    public init(until: Date, failures: Int) {
        self.until = until
        self.failures = failures
    }
}

extension SQLiteStore {
    /// Records a call in the persistent log if the budget admits it, in one immediate
    /// transaction, so two processes can never both take the last slot of a window.
    /// Returns `false` (and records nothing) when the window is full. The scheduler's share
    /// shrinks while Sleeper pushes back (``BudgetPressure``); registrations keep their
    /// headroom on top of it.
    public func admitCall(kind: String, path: String, at now: Date, budget: RateBudget, forRegistration: Bool) throws(StoreError) -> Bool {
        do {
            return try databaseClock.measure { try pool.writeWithoutTransaction { db in
                var admitted = false
                try db.inTransaction(.immediate) {
                    let used = try Self.callsInWindow(at: now, db)
                    let cap = Self.schedulerCap(budget, pressure: try Self.pressure(db), at: now) + (forRegistration ? budget.headroom : 0)
                    admitted = used < cap
                    if admitted {
                        try db.cachedStatement(sql: "INSERT INTO call_log (at, kind, path) VALUES (?, ?, ?)").execute(arguments: [now.seconds, kind, path])
                    }
                    return .commit
                }
                return admitted
            } }
        } catch {
            throw StoreError("database write failed: \(Self.describe(error, path: path))")
        }
    }

    /// How many more calls the scheduler may make now: its share of the budget (under any
    /// push-back) minus the calls already in the window. A plan, not a promise: every call
    /// is still admitted one by one by ``admitCall(kind:path:at:budget:forRegistration:)``.
    public func schedulerCapacity(at now: Date, budget: RateBudget) throws(StoreError) -> (capacity: Int, used: Int, cap: Int) {
        try read { db in
            let used = try Self.callsInWindow(at: now, db)
            let cap = Self.schedulerCap(budget, pressure: try Self.pressure(db), at: now)
            return (max(0, cap - used), used, cap)
        }
    }

    /// Calls counted against the window at `now` (see ``RateBudget/used(_:now:)``).
    public func callsInWindow(at now: Date) throws(StoreError) -> Int {
        try read { db in try Self.callsInWindow(at: now, db) }
    }

    static func callsInWindow(at now: Date, _ db: Database) throws -> Int {
        let bounds = RateBudget.countedInterval(now: now)
        return try Int.fetchOne(try db.cachedStatement(sql: "SELECT COUNT(*) FROM call_log WHERE at > ? AND at < ?"), arguments: [bounds.after.seconds, bounds.before.seconds]) ?? 0
    }

    static func schedulerCap(_ budget: RateBudget, pressure: BudgetPressure, at now: Date) -> Int {
        pressure.cap(budget, at: now)
    }

    // MARK: - Push-back from Sleeper

    static let pressureKey = "budget_pressure"

    static func pressure(_ db: Database) throws -> BudgetPressure {
        guard let text = try String.fetchOne(try db.cachedStatement(sql: "SELECT value FROM meta WHERE key = ?"), arguments: [pressureKey]) else { return .calm }
        return (try? JSONColumn.decode(BudgetPressure.self, from: text)) ?? .calm
    }

    /// The scheduler's current share of the budget (1 when Sleeper has not pushed back).
    public func budgetPressure() throws(StoreError) -> BudgetPressure {
        try read { db in try Self.pressure(db) }
    }

    /// Sleeper pushed back: halve the scheduler's share (across processes). Returns the new pressure.
    @discardableResult
    public func recordPushBack(at now: Date) throws(StoreError) -> BudgetPressure {
        try write { db in
            let next = try Self.pressure(db).pushedBack(at: now)
            try db.cachedStatement(sql: "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
                .execute(arguments: [Self.pressureKey, try JSONColumn.encode(next)])
            return next
        }
    }

    /// Call instants after `since` (for `status` and tests).
    public func callTimes(since: Date) throws(StoreError) -> [Date] {
        try read { db in
            try Double.fetchAll(try db.cachedStatement(sql: "SELECT at FROM call_log WHERE at > ? ORDER BY at"), arguments: [since.seconds]).map(Date.init(seconds:))
        }
    }

    /// Every logged call, for tests and benchmarks that check the sliding window.
    public func callLog() throws(StoreError) -> [(at: Date, kind: String, path: String)] {
        try read { db in
            try Row.fetchAll(try db.cachedStatement(sql: "SELECT at, kind, path FROM call_log ORDER BY at, rowid")).map { (Date(seconds: $0["at"]), $0["kind"], $0["path"]) }
        }
    }

    /// When each logged call was made between `start` and `end`, in order (for the
    /// benchmark's busiest-window figure: instants only, a Sunday is ~700,000 calls).
    public func callTimes(from start: Date, through end: Date) throws(StoreError) -> [Date] {
        try read { db in
            try Double.fetchAll(db, sql: "SELECT at FROM call_log WHERE at >= ? AND at <= ? ORDER BY at", arguments: [start.seconds, end.seconds]).map(Date.init(seconds:))
        }
    }

    /// Drops log entries too old to matter (kept a day for `status` and debugging).
    public func pruneCallLog(before: Date) throws(StoreError) {
        try write { db in try db.cachedStatement(sql: "DELETE FROM call_log WHERE at < ?").execute(arguments: [before.seconds]) }
    }

    public func backoffs() throws(StoreError) -> [BackoffScope: StoredBackoff] {
        try read { db in
            var result: [BackoffScope: StoredBackoff] = [:]
            for row in try Row.fetchAll(try db.cachedStatement(sql: "SELECT scope, until, failures FROM backoff")) {
                if let scope = BackoffScope(rawValue: row["scope"]) {
                    result[scope] = StoredBackoff(until: Date(seconds: row["until"]), failures: row["failures"])
                }
            }
            return result
        }
    }

    /// Records a push-back from Sleeper; returns when the scope may try again.
    @discardableResult
    public func recordBackoff(_ scope: BackoffScope, at now: Date, retryAfter: TimeInterval?) throws(StoreError) -> Date {
        try write { db in
            let failures = (try Int.fetchOne(try db.cachedStatement(sql: "SELECT failures FROM backoff WHERE scope = ?"), arguments: [scope.rawValue]) ?? 0) + 1
            let until = Backoff.until(now: now, failures: failures, retryAfter: retryAfter)
            try db.execute(sql: """
                INSERT INTO backoff (scope, until, failures) VALUES (?, ?, ?)
                ON CONFLICT(scope) DO UPDATE SET until = excluded.until, failures = excluded.failures
                """, arguments: [scope.rawValue, until.seconds, failures])
            return until
        }
    }

    public func clearBackoff(_ scope: BackoffScope) throws(StoreError) {
        try write { db in try db.cachedStatement(sql: "DELETE FROM backoff WHERE scope = ?").execute(arguments: [scope.rawValue]) }
    }
}
