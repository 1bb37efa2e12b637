import Foundation

extension Messages {
    /// `sideline backup` (ADR 035).
    public enum Backup {
        public static func exists(_ file: String) -> String { "\(file) already exists: choose another file, or pass --force to replace it" }
        public static func noDatabase(_ path: String) -> String { "there is no database at \(path) to back up (check `database` in the configuration)" }
        public static func isDatabase(_ path: String) -> String { "\(path) is the database itself: back it up to another file" }
        public static func failed(_ path: String, to file: String, _ why: String) -> String { "could not back up \(path) to \(file): \(why)" }
        public static func wrote(_ file: String, from path: String, bytes: Int, migration: String?, migratedBy: String?) -> String {
            let size = ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file)
            let schema = migration.map { ", schema \($0)" } ?? ""
            let version = migratedBy.map { ", last migrated by Sideline \($0)" } ?? ""
            return "backed up \(path) to \(file) (\(size)\(schema)\(version)); restore it by stopping Sideline and copying it over the database"
        }
        /// A store `sideline backup` cannot copy: a database server has its own tool.
        public static func useServerTool(_ store: String, tool: String) -> String {
            "sideline backup copies a SQLite database, and this store is \(store): back it up with \(tool) (e.g. \(tool) --format=custom --file=sideline.dump \"$URL\")"
        }
        public static let checkFailed = "the copy did not pass SQLite's integrity check"
    }
}
