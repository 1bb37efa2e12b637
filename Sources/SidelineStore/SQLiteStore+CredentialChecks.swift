import Foundation
import SidelineCore

/// The sinks' last credentials check, in `meta` as JSON (no table of its own: it is one
/// value, replaced whole): what `tick` reuses for an hour and `status` shows.
extension SQLiteStore {
    static let credentialChecksKey = "sinks.credential_checks"

    /// The last check, or `nil` when none was made (or this version cannot read it: the next
    /// pass then checks afresh).
    public func credentialChecks() throws(StoreError) -> CredentialChecks? {
        try jsonMeta(Self.credentialChecksKey, or: CredentialChecks?.none)
    }

    public func saveCredentialChecks(_ checks: CredentialChecks) throws(StoreError) {
        try setJSONMeta(Self.credentialChecksKey, checks, what: "the credentials check")
    }
}
