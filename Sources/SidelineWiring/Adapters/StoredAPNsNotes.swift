import Foundation
import SidelineEngine
import SidelineSinks
import SidelineStore

/// Keeps, in SQLite's `meta`, the credentials APNs refused (their digest and APNs' answer),
/// so every later pass and process holds its APNs pushes until the settings change.
struct StoredAPNsNotes: APNsNotes {
    static let key = Scheduler.apnsRefusedCredentialsKey
    let store: any NotesStore

    func refusedCredentials() -> (digest: String, reason: String)? {
        // Unreadable: treated as "not refused"; APNs answers the same again and it is noted again.
        Scheduler.refusedCredentialsNote((try? store.meta(Self.key)) ?? nil)  // unreadable: as above
    }

    func setRefusedCredentials(_ refused: (digest: String, reason: String)?) {
        // Not kept: the next pass sends one push, APNs refuses it the same, and it is held
        // again (no attempt counted). Nothing is lost.
        try? store.setMeta(Self.key, refused.map { "\($0.digest)\n\($0.reason)" } ?? "")  // not kept: as above
    }
}
