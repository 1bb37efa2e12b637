import Foundation
import GRDB
import SidelineCore

extension SQLiteStore {
    /// Deletes the events committed before `before` that are settled everywhere (no delivery
    /// still pending, no device push pending or on the wire), with their deliveries, device
    /// pushes and push bodies, and the device tokens of activities left with no event.
    /// Nothing owed to anyone is ever deleted: an event a sink still retries stays however
    /// old it is. One transaction. Returns how many events went.
    @discardableResult
    public func pruneOutbox(before: Date) throws(StoreError) -> Int {
        try write { db in
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS pruned_event (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "DELETE FROM pruned_event")
            // By mode and instant: the `outbox_mode_at` index finds the old rows without a scan.
            try db.execute(sql: """
                INSERT INTO pruned_event (id)
                SELECT o.id FROM outbox o
                WHERE o.mode IN (?, ?) AND o.at < ?
                  AND NOT EXISTS (SELECT 1 FROM delivery d WHERE d.event_id = o.id AND d.status = 'pending')
                  AND NOT EXISTS (SELECT 1 FROM device_push p WHERE p.event_id = o.id AND p.status IN ('pending', 'sending'))
                """, arguments: [PassMode.live.rawValue, PassMode.dryRun.rawValue, before.seconds])
            let count = db.changesCount
            guard count > 0 else { return 0 }
            try db.execute(sql: """
                DELETE FROM delivery WHERE event_id IN (SELECT id FROM pruned_event);
                DELETE FROM device_push WHERE event_id IN (SELECT id FROM pruned_event);
                DELETE FROM device_push_body WHERE event_id IN (SELECT id FROM pruned_event);
                DELETE FROM outbox WHERE id IN (SELECT id FROM pruned_event);
                DELETE FROM activity_device WHERE activity_id NOT IN (SELECT activity_id FROM outbox);
                DELETE FROM pruned_event;
                """)
            return count
        }
    }
}
