import Foundation
import SidelineCore
import SidelineStore

extension StoreOpener {
    /// Where the PostgreSQL store plugs in (issue 31): given the `store.url` (a secret: it
    /// may hold a password), returns the opened store, migrated unless `migrating` is false.
    /// Not in this build yet: a configuration error (exit 78) saying so.
    static func openPostgres(_ url: Secret, passwordFile: String?, migrating: Bool) throws(WiringError) -> any AppStore {
        throw WiringError(.configuration, Messages.Store.postgresNotInBuild)
    }
}
