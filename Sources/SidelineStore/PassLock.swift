import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps two passes from running at once against one SQLite database: an exclusive `flock`
/// on `<database>.lock`. The kernel drops it if the process dies, so a crash never leaves a
/// stale lock behind. ``SQLiteStore``'s ``PassLocking`` answer; a store several hosts share
/// needs a lock they all see instead.
public final class PassLock: HeldPassLock {
    let descriptor: Int32
    public let path: String

    /// Tries for up to `wait` seconds, then fails with a message naming the lock file.
    public init(databasePath: String, wait: TimeInterval = 5, sleep: (TimeInterval) -> Void = { Thread.sleep(forTimeInterval: $0) }) throws(PassLockError) {
        path = databasePath + ".lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PassLockError("cannot open the lock file \(path): \(String(cString: strerror(errno)))") }
        var waited: TimeInterval = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < wait else {
                close(fd)
                throw PassLockError("another sideline pass is running against this database (lock \(path)); try again when it finishes")
            }
            sleep(0.1)
            waited += 0.1
        }
        descriptor = fd
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

public struct PassLockError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
