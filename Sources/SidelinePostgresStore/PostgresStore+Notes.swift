import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore: NotesStore {
    public func meta(_ key: String) throws(StoreError) -> String? {
        let rows = try execute("SELECT value FROM meta WHERE key = $1", [.text(key)])
        return try decoding { () throws(PostgresError) in try rows.first?.value("value") }
    }

    public func setMeta(_ key: String, _ value: String) throws(StoreError) {
        try execute("INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [.text(key), .text(value)])
    }

    /// The sinks' last credentials check, or `nil` when none was made (or this version cannot
    /// read it: the next pass then checks afresh), as JSON in `meta` under the SQLite store's key.
    public func credentialChecks() throws(StoreError) -> CredentialChecks? {
        try jsonMeta(Self.credentialChecksKey, or: CredentialChecks?.none)
    }

    public func saveCredentialChecks(_ checks: CredentialChecks) throws(StoreError) {
        try setJSONMeta(Self.credentialChecksKey, checks, what: "the credentials check")
    }
}

extension PostgresStore {
    /// The meta key of the credentials check: the SQLite store's.
    static let credentialChecksKey = "sinks.credential_checks"
}
