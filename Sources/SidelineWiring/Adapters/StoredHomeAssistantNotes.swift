import Foundation
import SidelineEngine
import SidelineSinks
import SidelineStore

/// Keeps, in SQLite's `meta`, what Home Assistant said that must outlive a pass: the hash of
/// a token it refused (401) and a redirect its address answered, so every later pass and
/// process holds its pushes until the configuration changes; and when its service list was
/// last read, so a cron pass per minute reads it at most every ten minutes.
struct StoredHomeAssistantNotes: HomeAssistantNotes {
    static let key = Scheduler.refusedTokenKey
    static let redirectKey = Scheduler.redirectKey
    static let serviceCheckKey = "homeassistant.service_check_at"
    let store: any NotesStore

    func refusedTokenHash() -> String? {
        // Unreadable: treated as "not refused"; HA then answers 401 again and it is noted again.
        (try? store.meta(Self.key)) ?? nil  // unreadable: as above
    }

    func setRefusedTokenHash(_ hash: String?) {
        // Not kept: the next pass asks HA once more and gets the same 401. Nothing is lost.
        try? store.setMeta(Self.key, hash ?? "")  // not kept: as above
    }

    func redirect() -> (baseURL: String, message: String)? {
        // Unreadable: treated as "no redirect"; HA's address answers the redirect again.
        Scheduler.redirectNote((try? store.meta(Self.redirectKey)) ?? nil)  // unreadable: as above
    }

    func setRedirect(_ redirect: (baseURL: String, message: String)?) {
        // Not kept: the next pass meets the same redirect and notes it again. Nothing is lost.
        try? store.setMeta(Self.redirectKey, redirect.map { "\($0.baseURL)\n\($0.message)" } ?? "")  // not kept: as above
    }

    func lastServiceCheck() -> Date? {
        // Unreadable: the list is read once more than needed, which is all the limit protects.
        guard let text = (try? store.meta(Self.serviceCheckKey)) ?? nil, let seconds = Double(text) else { return nil }  // as above
        return Date(timeIntervalSince1970: seconds)
    }

    func setLastServiceCheck(_ at: Date) {
        // Not kept: the next pass reads the list again, once.
        try? store.setMeta(Self.serviceCheckKey, String(at.timeIntervalSince1970))  // not kept: as above
    }
}
