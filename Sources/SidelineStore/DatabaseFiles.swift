import Foundation
import SidelineCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What to do when the database's directory does not exist.
public enum DatabaseDirectory: Sendable {
    /// The derived default (XDG or checkout): created on first run.
    case create
    /// A configured path: a missing directory is an unmounted volume, never replaced.
    case mustExist
}

/// The database file, its directory and SQLite's `-wal` and `-shm` beside it, checked before
/// SQLite opens them.
///
/// SQLite opens a file it cannot write read-only without a word, and creates `-shm` with the
/// database file's mode: a database opened while its file was read-only leaves a read-only
/// `-shm` that keeps every later writer read-only ("attempt to write a readonly database")
/// after the operator has fixed the file itself. So a database Sideline cannot write is an
/// error naming the file, before SQLite touches it, and a sidecar with fewer write bits
/// than the database is given the database's mode again, as SQLite would have created it.
///
/// Root running a command against another user's database (a service's, `sudo sideline users
/// add …`) is refused with the command to run instead (ADR 036): root may write anything, so
/// the checks above pass, but the pass lock `<database>.lock` (and a database root creates)
/// would be root's, and the service could no longer open them.
struct DatabaseFiles {

    let path: String
    var directory: String { URL(fileURLWithPath: path).deletingLastPathComponent().path }
    var sidecars: [String] { [path + "-wal", path + "-shm"] }

    func prepare(_ policy: DatabaseDirectory) throws(StoreError) {
        try prepareDirectory(policy)
        guard exists(directory) else { throw StoreError(Messages.Storage.noDirectory(directory)) }
        try refuseRootOnAnotherUsersDatabase()
        guard isWritable(directory) else { throw StoreError(Messages.Storage.directoryReadOnly(directory)) }
        guard exists(path) else { return }
        guard isWritable(path) else { throw StoreError(Messages.Storage.fileReadOnly(path)) }
        for sidecar in sidecars where exists(sidecar) {
            try repair(sidecar)
            guard isWritable(sidecar) else { throw StoreError(Messages.Storage.fileReadOnly(sidecar)) }
        }
    }

    private func prepareDirectory(_ policy: DatabaseDirectory) throws(StoreError) {
        switch policy {
        case .mustExist:
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw StoreError(Messages.Storage.noDirectory(directory))
            }
        case .create:
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw StoreError(Messages.Storage.cannotCreateDirectory(directory, error.localizedDescription))
            }
        }
    }

    /// As root, the database (or, before it exists, its directory) must be root's: files root
    /// makes beside another user's database lock that user out. SQLite itself hands its
    /// `-wal` and `-shm` to the database's owner when run as root; our lock file and a new
    /// database would stay root's. Refusing is simpler to trust than chowning each file after
    /// every writer that might create one.
    private func refuseRootOnAnotherUsersDatabase() throws(StoreError) {
        guard geteuid() == 0 else { return }
        var owner = stat()
        guard stat(exists(path) ? path : directory, &owner) == 0, owner.st_uid != 0 else { return }
        throw StoreError(Messages.Storage.belongsToAnotherUser(exists(path) ? path : directory, user: Self.userName(owner.st_uid)))
    }

    /// The login name of `uid`, or `'#uid'` (as `sudo -u` takes it, quoted from the shell) when it has none.
    static func userName(_ uid: uid_t) -> String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name else { return "'#\(uid)'" }
        return String(cString: name)
    }

    /// Gives `sidecar` the database file's mode when it lacks a write bit the database has
    /// (only SQLite creates these files, always with the database's mode).
    private func repair(_ sidecar: String) throws(StoreError) {
        var database = stat(), file = stat()
        guard stat(path, &database) == 0, stat(sidecar, &file) == 0 else { return }
        let wanted = database.st_mode & 0o777
        guard (wanted & 0o222) & ~(file.st_mode & 0o777) != 0 else { return }
        guard chmod(sidecar, wanted) == 0 else {
            throw StoreError(Messages.Storage.sidecarReadOnly(sidecar, mode: String(wanted, radix: 8), String(cString: strerror(errno))))
        }
    }

    /// Why a write failed with SQLITE_READONLY: the first of the files that is not writable,
    /// or, when all are, the advice to restart (the connection was opened read-only).
    func readOnlyProblem() -> String {
        for file in [directory, path] + sidecars where exists(file) && !isWritable(file) {
            return file == directory ? Messages.Storage.directoryReadOnly(file) : Messages.Storage.fileReadOnly(file)
        }
        return Messages.Storage.openedReadOnly(path)
    }

    private func exists(_ file: String) -> Bool { access(file, F_OK) == 0 }
    /// `access` answers for this process's user, root, ACLs and read-only mounts alike.
    private func isWritable(_ file: String) -> Bool { access(file, W_OK) == 0 }
}
