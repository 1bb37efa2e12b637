import Foundation

extension Messages {
    /// The PostgreSQL store's connection settings and server errors (ADR 038). None of them
    /// ever repeats a URL as given: it may hold the password.
    public enum Postgres {
        public static let notAURL =
            "store.url is not a valid URL: percent-encode special characters in the user name and password (@ as %40, % as %25, / as %2F, : as %3A, a space as %20)"
        public static func wrongScheme(_ scheme: String) -> String {
            "store.url must start with postgres:// or postgresql:// (not \(scheme)://)"
        }
        public static let noHost = "store.url names no host: postgres://user@host:5432/database"
        public static let noDatabase = "store.url names no database: postgres://user@host:5432/database"
        public static let noUser = "store.url names no user: postgres://user@host:5432/database"
        public static let badPort = "store.url has a port outside 1-65535"
        public static let unescapedAt =
            "store.url has an @ in its user name or password: write it as %40 (and % as %25)"
        public static func unknownParameter(_ name: String) -> String {
            "store.url has an unknown parameter \(name): known are sslmode, connect_timeout, application_name, options"
        }
        public static func badSSLMode(_ mode: String) -> String {
            "store.url's sslmode \(mode) is not one of disable, allow, prefer, require, verify-ca, verify-full"
        }
        public static func passwordFileUnreadable(_ path: String, _ why: String) -> String {
            "cannot read store.password_file \(path): \(why)"
        }
        public static func passwordFileEmpty(_ path: String) -> String {
            "store.password_file \(path) is empty: its first line is the password"
        }
        public static func cannotConnect(_ target: String, _ why: String) -> String {
            "cannot connect to PostgreSQL at \(target): \(why)"
        }
        public static func connectionLost(_ target: String, _ why: String) -> String {
            "the connection to PostgreSQL at \(target) was lost: \(why)"
        }
        public static func nonFiniteNumber(_ value: Double) -> String {
            "\(value) cannot be stored: only finite numbers are (a NaN or an infinity is a bug upstream)"
        }
        public static let outOfMemory = "libpq ran out of memory"
        public static let nulInText = "a text value with a NUL character cannot be stored in PostgreSQL"
        public static func noColumn(_ name: String) -> String { "no column \(name) in the result" }
        public static func unexpectedNull(_ name: String) -> String { "column \(name) is NULL" }
        public static func unreadable(_ name: String, as type: String) -> String { "column \(name) does not read as \(type)" }
    }
}
