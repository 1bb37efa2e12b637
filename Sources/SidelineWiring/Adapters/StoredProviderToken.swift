import Foundation
import SidelineAPNs
import SidelineStore

/// Keeps the APNs provider token in SQLite (`meta`), so a cron pass reuses the token the
/// previous pass signed instead of signing its own: Apple answers more than one new token
/// per 20 minutes with `429 TooManyProviderTokenUpdates`.
///
/// The token is a bearer credential for under an hour; it sits beside the rest of the
/// state, in a database that is the Sideline user's alone.
public struct StoredProviderToken: APNsProviderTokenStore {
    let store: any NotesStore

    public init(store: any NotesStore) {
        self.store = store
    }

    static func key(keyID: String, teamID: String) -> String { "apns.provider_token.\(teamID).\(keyID)" }

    public func load(keyID: String, teamID: String) -> APNsJWT? {
        // Unreadable: a new token is signed, as on a first run. Safe: at worst one extra JWT.
        guard let text = try? store.meta(Self.key(keyID: keyID, teamID: teamID)) else { return nil }
        let parts = text.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let issued = TimeInterval(parts[0]) else { return nil }
        return APNsJWT(token: String(parts[1]), issuedAt: Date(timeIntervalSince1970: issued))
    }

    public func save(_ token: APNsJWT, keyID: String, teamID: String) {
        // Not kept: the next process signs its own token (APNs may answer 429
        // TooManyProviderTokenUpdates, which is retried like any 429). Nothing is lost.
        try? store.setMeta(Self.key(keyID: keyID, teamID: teamID), "\(Int(token.issuedAt.timeIntervalSince1970)) \(token.token)")
    }
}
