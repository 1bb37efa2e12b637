import Foundation
import GRDB
import SidelineCore
import SidelineDelivery

/// A line of `status`: how many deliveries a sink has in a state.
public struct DeliveryCount: Sendable, Hashable {
    public let sink: String
    public let status: String
    public let count: Int

    /// Package-wide for the other stores' status reads (PostgreSQL, issue 31).
    package init(sink: String, status: String, count: Int) {
        self.sink = sink
        self.status = status
        self.count = count
    }
}

/// An outbox event as `status` lists it.
public struct OutboxEntry: Sendable, Hashable {
    public let id: Int64
    public let registrationID: Int64
    public let activityID: String
    public let mode: PassMode
    public let kind: LifecycleEventKind
    public let reason: LifecycleReason
    public let at: Date
    public let payload: Data

    /// Package-wide for the other stores' inspection (PostgreSQL, issue 31).
    package init(id: Int64, registrationID: Int64, activityID: String, mode: PassMode, kind: LifecycleEventKind, reason: LifecycleReason, at: Date, payload: Data) {
        self.id = id
        self.registrationID = registrationID
        self.activityID = activityID
        self.mode = mode
        self.kind = kind
        self.reason = reason
        self.at = at
        self.payload = payload
    }
}

extension SQLiteStore {
    /// Deliveries still owed for `mode`'s events, oldest first (so each activity's events
    /// reach a sink in order).
    public func pendingDeliveries(mode: PassMode) throws(StoreError) -> [PendingDelivery] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT d.event_id, d.sink, d.attempts, d.not_before, o.activity_id, o.kind, o.payload FROM delivery d
                JOIN outbox o ON o.id = d.event_id
                WHERE d.status = 'pending' AND o.mode = ?
                ORDER BY o.id, d.sink
                """, arguments: [mode.rawValue]).map { row in
                PendingDelivery(
                    eventID: row["event_id"], sink: row["sink"], activityID: row["activity_id"],
                    kind: LifecycleEventKind(rawValue: row["kind"]) ?? .update,
                    payload: Data((row["payload"] as String).utf8), attempts: row["attempts"],
                    notBefore: Date(seconds: row["not_before"])
                )
            }
        }
    }

    public func markDelivered(eventID: Int64, sink: String, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE delivery SET status = 'delivered', attempts = attempts + 1, last_error = NULL, updated_at = ? WHERE event_id = ? AND sink = ?", arguments: [now.seconds, eventID, sink])
        }
    }

    /// Records a failed attempt; `giveUp` marks it failed for good (a rejection that
    /// retrying cannot fix), otherwise it stays pending until `retryAt`.
    public func markAttemptFailed(eventID: Int64, sink: String, error: String, giveUp: Bool, retryAt: Date?, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE delivery SET status = ?, attempts = attempts + 1, last_error = ?, not_before = ?, updated_at = ? WHERE event_id = ? AND sink = ?", arguments: [giveUp ? "failed" : "pending", error, (retryAt ?? now).seconds, now.seconds, eventID, sink])
        }
    }

    public func deliveryCounts() throws(StoreError) -> [DeliveryCount] {
        try read { db in
            let counts = try Row.fetchAll(try db.cachedStatement(sql: "SELECT sink, status, COUNT(*) AS n FROM delivery GROUP BY sink, status ORDER BY sink, status")).map {
                DeliveryCount(sink: $0["sink"], status: $0["status"], count: $0["n"])
            }
            return (counts + (try devicePushCounts(db))).sorted { ($0.sink, $0.status) < ($1.sink, $1.status) }
        }
    }

    public func outbox(limit: Int) throws(StoreError) -> [OutboxEntry] {
        try read { db in
            try Row.fetchAll(try db.cachedStatement(sql: "SELECT * FROM (SELECT * FROM outbox ORDER BY id DESC LIMIT ?) ORDER BY id"), arguments: [limit]).map { row in
                OutboxEntry(
                    id: row["id"], registrationID: row["registration_id"], activityID: row["activity_id"],
                    mode: PassMode(rawValue: row["mode"]) ?? .live, kind: LifecycleEventKind(rawValue: row["kind"]) ?? .update,
                    reason: LifecycleReason(rawValue: row["reason"]) ?? .points, at: Date(seconds: row["at"]),
                    payload: Data((row["payload"] as String).utf8)
                )
            }
        }
    }
}
