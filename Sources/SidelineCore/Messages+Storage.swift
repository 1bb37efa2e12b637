import Foundation

extension Messages {
    /// The database's files: each message names the file or directory to fix.
    public enum Storage {
        public static func noDirectory(_ directory: String) -> String {
            "the database directory \(directory) does not exist (an unmounted volume?): create or mount it, or set database to another path"
        }
        public static func cannotCreateDirectory(_ directory: String, _ why: String) -> String {
            "cannot create the database directory \(directory): \(why)"
        }
        public static func directoryReadOnly(_ directory: String) -> String {
            "the database directory \(directory) is not writable by this user (SQLite keeps its -wal and -shm files there): make it writable, e.g. chown or chmod u+w \(directory)"
        }
        public static func fileReadOnly(_ file: String) -> String {
            "\(file) is not writable by this user: make it writable, e.g. chown or chmod u+w \(file)"
        }
        public static func sidecarReadOnly(_ file: String, mode: String, _ why: String) -> String {
            "\(file) is read-only (left by a run that opened the database read-only) and cannot be given mode \(mode): \(why); chmod \(mode) \(file)"
        }
        /// Root against another user's database (or its directory, before the file exists).
        public static func belongsToAnotherUser(_ file: String, user: String) -> String {
            "\(file) belongs to the user \(user); as root this command would leave root-owned files beside it that \(user) cannot open: run it as that user, e.g. sudo -u \(user) sideline …"
        }
        public static func openedReadOnly(_ path: String) -> String {
            "the database \(path) was opened read-only and its files are writable now: restart Sideline"
        }
        /// A database migrated by a newer Sideline (ADR 035): refused, naming both versions.
        public static func newerDatabase(_ path: String, writtenBy: String?, binary: String?, unknown: [String]) -> String {
            let newer = writtenBy.map { "Sideline \($0)" } ?? "a newer Sideline"
            let this = binary.map { "this sideline is \($0)" } ?? "this sideline is older"
            return "the database \(path) was migrated by \(newer) and \(this), which does not know its migration\(unknown.count == 1 ? "" : "s") \(unknown.sorted().joined(separator: ", ")): run the newer sideline, or restore the backup made before the upgrade"
        }
    }
}
