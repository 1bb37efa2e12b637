import Foundation
import SidelineCore
import SidelineHTTP
import SidelineStore

/// Opens the store the configuration names (`store.url`, issue 31): the SQLite file as
/// before, or a PostgreSQL server through ``openPostgres(_:passwordFile:egress:migrating:)``. The one place
/// that names a concrete store; everything past it holds roles (ADR 025).
public enum StoreOpener {
    /// `migrating: false` opens the schema as it is, for `sideline migrate` to report what
    /// it applies (every other command migrates on open, as it always has).
    public static func open(_ configuration: SidelineConfiguration, migrating: Bool = true) throws(WiringError) -> any AppStore {
        switch configuration.store {
        case .sqlite(let path, let explicit):
            do {
                return try SQLiteStore(path: path, directory: explicit ? .mustExist : .create, version: SidelineVersion.current, migrating: migrating)
            } catch {
                throw WiringError(.database, "\(error)")
            }
        case .postgres(let url, let passwordFile):
            return try openPostgres(url, passwordFile: passwordFile, egress: configuration.egress, migrating: migrating)
        }
    }

    /// `sideline backup`: a SQLite file is copied without being opened or migrated (a backup
    /// made before an upgrade keeps the schema the old version reads, ADR 035); any other
    /// store answers its own ``StoreMaintenance/backup(to:replacing:)`` (a refusal naming
    /// its tool).
    public static func backup(_ configuration: SidelineConfiguration, to file: String, replacing: Bool) throws(WiringError) -> DatabaseBackup {
        let store: any StoreMaintenance
        switch configuration.store {
        case .sqlite(let path, _):
            do { return try SQLiteStore.backup(databaseAt: path, to: file, replacing: replacing) } catch { throw WiringError(.database, error.message) }
        case .postgres:
            store = try open(configuration, migrating: false)
        }
        do { return try store.backup(to: file, replacing: replacing) } catch { throw WiringError(.database, error.message) }
    }
}
