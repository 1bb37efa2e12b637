import Foundation
import GRDB

extension SQLiteStore {
    static let renewalAttemptPrefix = "follow-attempt:"

    /// When each registration last looked for its league's renewal (kept as `meta` rows, as
    /// every version has): the planner waits a day between look-ups.
    public func renewalAttempts() throws(StoreError) -> [Int64: Date] {
        try read { db in
            var attempts: [Int64: Date] = [:]
            let rows = try Row.fetchAll(db, sql: "SELECT key, value FROM meta WHERE key LIKE ?", arguments: [Self.renewalAttemptPrefix + "%"])
            for row in rows {
                let key: String = row["key"]
                let value: String = row["value"]
                // A row this code did not write (hand-edited) is no attempt: the look-up runs again.
                guard let id = Int64(key.dropFirst(Self.renewalAttemptPrefix.count)), let seconds = Double(value), seconds.isFinite else { continue }
                attempts[id] = Date(timeIntervalSince1970: seconds)
            }
            return attempts
        }
    }

    public func recordRenewalAttempt(registrationID: Int64, at now: Date) throws(StoreError) {
        try setMeta(Self.renewalAttemptPrefix + String(registrationID), String(now.timeIntervalSince1970))
    }
}
