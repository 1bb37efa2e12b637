import Foundation
import GRDB
import SidelineCore

/// A running (live-mode) activity and the newest event the phone got for it.
public struct RunningActivity: Sendable, Hashable {
    public let activityID: String
    public let registrationID: Int64
    public let sleeperUserID: String
    /// The newest event's JSON (an `EventEnvelope`): its content state is what the phone shows.
    public let payload: Data

    /// Public for the other stores conforming to ``DeviceStore`` (PostgreSQL, ADR 038).
    public init(activityID: String, registrationID: Int64, sleeperUserID: String, payload: Data) {
        self.activityID = activityID
        self.registrationID = registrationID
        self.sleeperUserID = sleeperUserID
        self.payload = payload
    }
}

/// A lifecycle event as the status page lists it.
public struct RecentEvent: Sendable, Hashable {
    public let id: Int64
    public let mode: PassMode
    public let payload: Data

    /// Package-wide for the other stores' status reads (PostgreSQL, issue 31).
    package init(id: Int64, mode: PassMode, payload: Data) {
        self.id = id
        self.mode = mode
        self.payload = payload
    }
}

/// One delivery attempt's outcome, newest first on the status page.
public struct RecentDelivery: Sendable, Hashable {
    public let eventID: Int64
    public let activityID: String
    public let kind: String
    public let sink: String
    public let status: String
    public let attempts: Int
    public let updatedAt: Date

    /// Package-wide for the other stores' status reads (PostgreSQL, issue 31).
    package init(eventID: Int64, activityID: String, kind: String, sink: String, status: String, attempts: Int, updatedAt: Date) {
        self.eventID = eventID
        self.activityID = activityID
        self.kind = kind
        self.sink = sink
        self.status = status
        self.attempts = attempts
        self.updatedAt = updatedAt
    }
}

extension SQLiteStore {
    /// Activities are at most 8 hours old and every running one gets a keep-alive event at
    /// least every 10 minutes, so a running activity's newest event is well inside this.
    package static let runningActivityHorizon: TimeInterval = 12 * 3_600

    /// The running activities (their newest event is not an end), optionally of one Sleeper
    /// user only, oldest first.
    public func runningActivities(sleeperUserID: String?, at now: Date) throws(StoreError) -> [RunningActivity] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT o.activity_id, o.registration_id, r.sleeper_user_id, o.kind, o.payload FROM outbox o
                JOIN registration r ON r.id = o.registration_id AND r.removed_at IS NULL
                WHERE o.mode = 'live' AND o.at >= ? AND (? IS NULL OR r.sleeper_user_id = ?)
                  AND o.id = (SELECT MAX(o2.id) FROM outbox o2 WHERE o2.activity_id = o.activity_id)
                ORDER BY o.id
                """, arguments: [now.seconds - Self.runningActivityHorizon, sleeperUserID, sleeperUserID]).compactMap { row in
                guard (row["kind"] as String) != "end" else { return nil }
                return RunningActivity(activityID: row["activity_id"], registrationID: row["registration_id"], sleeperUserID: row["sleeper_user_id"], payload: Data((row["payload"] as String).utf8))
            }
        }
    }

    /// The newest lifecycle events, newest first.
    public func recentEvents(limit: Int) throws(StoreError) -> [RecentEvent] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, mode, payload FROM outbox ORDER BY id DESC LIMIT ?", arguments: [limit]).map {
                RecentEvent(id: $0["id"], mode: PassMode(rawValue: $0["mode"]) ?? .live, payload: Data(($0["payload"] as String).utf8))
            }
        }
    }

    /// The newest deliveries to sinks and devices, newest first.
    public func recentDeliveries(limit: Int) throws(StoreError) -> [RecentDelivery] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM (
                    SELECT d.event_id, o.activity_id, o.kind, d.sink, d.status, d.attempts, d.updated_at FROM delivery d JOIN outbox o ON o.id = d.event_id
                    UNION ALL
                    SELECT p.event_id, o.activity_id, o.kind, p.sink || ' ' || p.device_id, p.status, p.attempts, p.updated_at FROM device_push p JOIN outbox o ON o.id = p.event_id
                ) ORDER BY updated_at DESC, event_id DESC LIMIT ?
                """, arguments: [limit]).map {
                RecentDelivery(eventID: $0["event_id"], activityID: $0["activity_id"], kind: $0["kind"], sink: $0["sink"], status: $0["status"], attempts: $0["attempts"], updatedAt: Date(seconds: $0["updated_at"]))
            }
        }
    }

    /// Whether the database answers (for `/readyz`), and when the last pass finished.
    public func lastPassAt() throws(StoreError) -> Date? {
        try meta(Self.lastPassKey).flatMap { Double($0) }.map { Date(seconds: $0) }
    }

    /// Records that a pass finished at `now` (the daemon and `tick` call it).
    public func recordPass(at now: Date) throws(StoreError) {
        try setMeta(Self.lastPassKey, String(now.seconds))
    }

    static let lastPassKey = "last_pass_at"
}
