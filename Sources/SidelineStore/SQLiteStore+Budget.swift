import Foundation
import GRDB
import SidelineCore

/// An endpoint group resting after Sleeper pushed back.
public struct StoredBackoff: Sendable, Hashable {
    public let until: Date
    public let failures: Int
}

extension SQLiteStore {
    /// Records a call in the persistent log if the budget admits it, in one immediate
    /// transaction, so two processes can never both take the last slot of a window.
    /// Returns `false` (and records nothing) when the window is full.
    public func admitCall(kind: String, path: String, at now: Date, budget: RateBudget, forRegistration: Bool) throws(StoreError) -> Bool {
        do {
            return try pool.writeWithoutTransaction { db in
                var admitted = false
                try db.inTransaction(.immediate) {
                    let since = now.addingTimeInterval(-RateBudget.window).seconds
                    let until = now.addingTimeInterval(RateBudget.window).seconds
                    let times = try Double.fetchAll(try db.cachedStatement(sql: "SELECT at FROM call_log WHERE at > ? AND at < ?"), arguments: [since, until]).map(Date.init(seconds:))
                    admitted = budget.admits(times, now: now, forRegistration: forRegistration)
                    if admitted {
                        try db.cachedStatement(sql: "INSERT INTO call_log (at, kind, path) VALUES (?, ?, ?)").execute(arguments: [now.seconds, kind, path])
                    }
                    return .commit
                }
                return admitted
            }
        } catch {
            throw StoreError("database write failed: \(Self.describe(error))")
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
