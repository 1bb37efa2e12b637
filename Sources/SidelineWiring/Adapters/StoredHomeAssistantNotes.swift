import Foundation
import SidelineEngine
import SidelineSinks
import SidelineStore

/// Keeps, in SQLite's `meta`, the hash of a token Home Assistant refused (401), so every
/// later pass and process holds its pushes until the configured token changes.
struct StoredHomeAssistantNotes: HomeAssistantNotes {
    static let key = Scheduler.refusedTokenKey
    let store: SQLiteStore

    func refusedTokenHash() -> String? {
        // Unreadable: treated as "not refused"; HA then answers 401 again and it is noted again.
        (try? store.meta(Self.key)) ?? nil  // unreadable: as above
    }

    func setRefusedTokenHash(_ hash: String?) {
        // Not kept: the next pass asks HA once more and gets the same 401. Nothing is lost.
        try? store.setMeta(Self.key, hash ?? "")  // not kept: as above
    }
}
