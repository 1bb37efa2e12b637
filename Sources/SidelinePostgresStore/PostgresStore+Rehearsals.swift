import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore: RehearsalStore {
    /// Records a sample activity started on `deviceID` (ADR 034).
    public func addSampleActivity(activityID: String, deviceID: String, at now: Date) throws(StoreError) {
        try execute("INSERT INTO sample_activity (activity_id, device_id, created_at) VALUES ($1, $2, $3)", [.text(activityID), .text(deviceID), now.stored])
    }

    /// Forgets a sample activity and the token the app reported for it, in one transaction.
    public func removeSampleActivity(activityID: String) throws(StoreError) {
        try transaction { session in
            try session.execute("DELETE FROM activity_device WHERE activity_id = $1", [.text(activityID)])
            try session.execute("DELETE FROM sample_activity WHERE activity_id = $1", [.text(activityID)])
        }
    }

    /// Counts a test or rehearsal push against the target's daily allowance if its routine
    /// share has room (``PushAllowance/decideRehearsal(use:now:)``: never the reserve).
    ///
    /// The day's `push_allowance` row is created if missing and row-locked by one upsert that
    /// changes nothing and returns the use; the decision and the count follow in the same
    /// transaction. Any other process counting a push of this target and day (a rehearsal, or
    /// a game's push through `admitPush`, which must lock the same row) waits for the commit,
    /// so the allowance is never exceeded. A row with nothing used reads as no row.
    public func admitRehearsalPush(target: String, allowance: PushAllowance, at now: Date) throws(StoreError) -> PushAllowance.Decision {
        let day = PushAllowance.day(of: now)
        return try transaction { session in
            let use = try Self.lockedAllowanceUse(session, target: target, day: day)
            let decision = allowance.decideRehearsal(use: use, now: now)
            if decision == .send {
                try session.execute("UPDATE push_allowance SET used = used + 1, last_at = $1 WHERE target = $2 AND day = $3", [now.stored, .text(target), .text(day)])
            }
            return decision
        }
    }
}

extension PostgresStore {
    /// A target's use of `day`, its row held (created with nothing used if missing) until the
    /// caller's transaction ends: the lock every read-then-count of the allowance takes.
    static func lockedAllowanceUse(_ session: PostgresSession, target: String, day: String) throws(PostgresError) -> PushAllowance.Use {
        let rows = try session.execute("""
            INSERT INTO push_allowance (target, day, used, last_at) VALUES ($1, $2, 0, NULL)
            ON CONFLICT (target, day) DO UPDATE SET used = push_allowance.used
            RETURNING used, last_at
            """, [.text(target), .text(day)])
        return try allowanceUse(rows.first)
    }
}
