import Foundation
import SidelineCore

// What a command does to the store as a whole rather than to its rows (ADR 025, "Store
// roles everywhere"): the pass lock, migrations, a backup.

/// A held pass lock: released when the last reference goes (a crash releases it too).
public protocol HeldPassLock: AnyObject, Sendable {}

/// Keeps two passes (and a pass and a registration's removal) from running at once against
/// one store. SQLite's is a file lock beside the database (``PassLock``).
public protocol PassLocking: Sendable {
    /// Tries for up to `wait` seconds, then throws what holds it. Hold the result for as
    /// long as the pass runs.
    func passLock(wait: TimeInterval) throws(PassLockError) -> any HeldPassLock
}

/// What ``StoreMaintenance/migrate()`` did: the newest migration before and after.
public struct StoreMigration: Sendable, Hashable {
    public let from: String?
    public let to: String?
    /// The migrations applied, oldest first (empty: the store was up to date).
    public let applied: [String]

    public init(from: String?, to: String?, applied: [String]) {
        self.from = from
        self.to = to
        self.applied = applied
    }
}

/// Bringing the schema up to date and copying the store.
public protocol StoreMaintenance: Sendable {
    /// Applies the migrations this version knows, and refuses a store a newer Sideline has migrated.
    func migrate() throws(StoreError) -> StoreMigration
    /// Copies the store to `file`. A store this cannot copy (a database server) refuses,
    /// naming its own tool (``Messages/Backup/useServerTool(_:tool:)``).
    func backup(to file: String, replacing: Bool) throws(StoreError) -> DatabaseBackup
}
