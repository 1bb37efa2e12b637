import Foundation
import SidelineCore
import SidelineHTTP
import SidelinePostgres
import SidelinePostgresStore
import SidelineStore

extension StoreOpener {
    /// Opens the PostgreSQL store `store.url` names (issue 31, docs/postgresql.md), migrated
    /// unless `migrating` is false. The URL may hold a password, so only its safe description
    /// (``PostgresURL/description``, the password as `***`) reaches any message.
    ///
    /// - A URL that does not parse, or a password file that cannot be read: a configuration
    ///   error (exit 78), before anything connects.
    /// - A server that refuses or cannot be reached: a database error (exit 74).
    ///
    /// The store keeps `egress` (`cluster.egress`): its call log, backoffs and pressure are
    /// that egress's, so the engine's calls budget per egress without knowing it.
    static func openPostgres(_ url: Secret, passwordFile: String?, egress: String, migrating: Bool) throws(WiringError) -> any AppStore {
        let server: PostgresURL
        do {
            let parsed = try PostgresURL(url.value)
            server = try passwordFile.map { file throws(PostgresError) in try parsed.withPassword(fromFile: file) } ?? parsed
        } catch {
            throw WiringError(.configuration, error.message)
        }
        do {
            return try PostgresStore(url: server, version: SidelineVersion.current, migrating: migrating, egress: egress)
        } catch {
            throw WiringError(.database, error.message)
        }
    }
}
