import Foundation
import GRDB
import SidelineCore

/// Sample activities (`sideline devices test`, `sideline rehearse`, ADR 034): rows of their
/// own, never a registration's, so the device API can take the token the app reports for one
/// while nothing of the user's lifecycles, outbox or deliveries is touched.
extension SQLiteStore {
    /// Records a sample activity started on `deviceID`.
    public func addSampleActivity(activityID: String, deviceID: String, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: "INSERT INTO sample_activity (activity_id, device_id, created_at) VALUES (?, ?, ?)",
                           arguments: [activityID, deviceID, now.seconds])
        }
    }

    /// Forgets a sample activity and the token the app reported for it.
    public func removeSampleActivity(activityID: String) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM activity_device WHERE activity_id = ?", arguments: [activityID])
            try db.execute(sql: "DELETE FROM sample_activity WHERE activity_id = ?", arguments: [activityID])
        }
    }

    /// Counts a test or rehearsal push against the target's daily allowance if its routine
    /// share has room (``PushAllowance/decideRehearsal(use:now:)``: never the reserve), in one
    /// write transaction like ``admitPush(target:allowance:important:horizon:at:)``.
    public func admitRehearsalPush(target: String, allowance: PushAllowance, at now: Date) throws(StoreError) -> PushAllowance.Decision {
        let day = PushAllowance.day(of: now)
        return try write { db in
            let decision = allowance.decideRehearsal(use: try Self.allowanceUse(db, target: target, day: day), now: now)
            if decision == .send {
                try Self.countPush(db, target: target, day: day, at: now)
            }
            return decision
        }
    }

    /// One more push of the target's day, inside the caller's transaction.
    static func countPush(_ db: Database, target: String, day: String, at now: Date) throws {
        try db.execute(sql: """
            INSERT INTO push_allowance (target, day, used, last_at) VALUES (?, ?, 1, ?)
            ON CONFLICT(target, day) DO UPDATE SET used = used + 1, last_at = excluded.last_at
            """, arguments: [target, day, now.seconds])
    }
}
