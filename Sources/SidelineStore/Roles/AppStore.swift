import Foundation
import SidelineDelivery

/// Everything a Sideline process may ask of its store: the pass's roles, the commands' and
/// the API's, the lock and the maintenance. What the wiring opens (``SQLiteStore``, or the
/// PostgreSQL store of `SidelinePostgresStore`); each component still holds only the roles it uses.
public typealias AppStore = PassStore & DeviceStore & PairingStore & RehearsalStore & RegistrationAdminStore & NotesStore
    & PassHistoryStore & StatusReadStore & StoreInspection & PassLocking & StoreMaintenance & PersonAdminStore

extension SQLiteStore: DeviceStore, PairingStore, RehearsalStore, RegistrationAdminStore, NotesStore, PassHistoryStore, StatusReadStore, StoreInspection, PersonAdminStore {}

extension SQLiteStore: PassLocking {
    public func passLock(wait: TimeInterval) throws(PassLockError) -> any HeldPassLock {
        try PassLock(databasePath: path, wait: wait)
    }
}
