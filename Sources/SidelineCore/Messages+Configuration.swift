import Foundation

extension Messages {
    /// Problems with the configuration file and values: each names the key and the file.
    public enum Configuration {
        public static func notJSON(_ file: String) -> String { "\(file) is not valid JSON" }
        public static func notAnObject(_ file: String) -> String { "\(file) must hold a JSON object" }
        public static func duplicateKey(_ key: String, _ file: String) -> String {
            "\"\(key)\" appears twice in one object of \(file); keep one"
        }
        public static func unknownKey(_ key: String, _ file: String, suggestion: String?) -> String {
            "unknown key \"\(key)\" in \(file)" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "") + keysAreListed
        }
        public static func unknownVariable(_ name: String, suggestion: String?) -> String {
            "unknown environment variable \(name)" + (suggestion.map { "; did you mean \($0)?" } ?? "") + keysAreListed
        }
        /// Where every key is listed, for someone who has only the binary.
        static let keysAreListed = " (`sideline config keys` lists every key and its variable)"
        public static func unreadableFile(_ path: String, from source: String) -> String {
            "cannot read the config file \(path) (named by \(source)); set SIDELINE_CONFIG=none to read no file"
        }
        public static func unreadableDefaultFile(_ path: String) -> String {
            "cannot read the config file \(path) (the default file; is it readable by this user?); set SIDELINE_CONFIG=none to read no file"
        }
        public static func placeholder(_ key: String, _ file: String) -> String {
            "\(key) in \(file) still holds the example's placeholder; put in your own value, or remove the key"
        }
        public static func notStrings(_ key: String, _ file: String) -> String { "\(key) in \(file) must be a list of strings" }
        public static func boolean(_ key: String, _ file: String) -> String {
            "\(key) in \(file) must not be true/false (`sideline config keys` shows its type)"
        }
        public static func wrongType(_ key: String, _ file: String) -> String { "\(key) in \(file) has a value of the wrong type" }
        public static let storeURLEmptyPath = "store.url is sqlite: with no path: give the database file, e.g. sqlite:/var/lib/sideline/sideline.sqlite"
        public static func storeURLScheme(_ scheme: String) -> String {
            "store.url has the scheme \(scheme):, which Sideline does not know: use a file path, sqlite:PATH, or postgres://…"
        }
        public static let storePasswordFileWithoutServer = "store.password_file is set, but store.url does not name a PostgreSQL server: the password would be ignored; remove it, or set store.url to postgres://…"
        public static func clusterEgressName(_ value: String) -> String {
            "cluster.egress must be 1 to 63 letters, digits, dots, hyphens or underscores (a name for the address, e.g. host-a), got \"\(value)\""
        }
        /// A cluster setting beside a SQLite store: it would be ignored, so it is refused.
        public static func clusterNeedsServer(_ key: String) -> String {
            "\(key) is set, but store.url does not name a PostgreSQL server: several pollers share one store only on PostgreSQL (docs/postgresql.md); remove it, or set store.url to postgres://…"
        }
        /// A `cluster.*` setting without `cluster.egress`: without an egress this poller is
        /// the only one, and the setting would be ignored.
        public static func clusterNeedsEgress(_ key: String) -> String {
            "\(key) is set, but cluster.egress is not: the cluster settings take effect only for a poller that names its egress (docs/several-pollers.md); set cluster.egress, or remove \(key)"
        }
        public static func clusterPollerIDName(_ value: String) -> String {
            "cluster.poller_id must be 1 to 63 letters, digits, dots, hyphens or underscores, got \"\(value)\""
        }
        /// A lease that would lapse between two healthy passes.
        public static func leaseTooShort(lease: Double, passInterval: Double) -> String {
            "cluster.lease_seconds (\(Int(lease))) must be at least twice polling.pass_seconds (\(Int(passInterval))): a poller renews its leases once a pass, and a shorter lease would pass to another poller between two of them"
        }
        /// `http.source_address` names something `CURLOPT_INTERFACE` would also take (an
        /// interface, a host name) but Sideline does not.
        public static let notAnIPAddress = "must be an IPv4 or IPv6 address of this host, like 203.0.113.7 or 2001:db8::7 (not an interface or host name, no port)"
        public static func oneOf(_ allowed: [String]) -> String { "must be one of \(allowed.joined(separator: ", "))" }
    }

    /// `sideline config keys|show`, `status` and the status page: which file and database.
    public enum ConfigurationReport {
        public static let keysHeader = "Every key can be set in the config file (dotted names are nested objects), by its environment variable, or by a flag where one exists. Precedence: flag, environment, file, default."
        public static func key(_ name: String, environment: String, default value: String?, help: String) -> String {
            "\(name)  (\(environment); default: \(value ?? "derived at run time" ))\n    \(help)"
        }
        public static func file(_ path: String?) -> String {
            path.map { "configuration file: \($0)" } ?? "configuration file: none (defaults and SIDELINE_* variables only)"
        }
        public static func database(_ path: String) -> String { "database: \(path)" }
        public static func setting(_ key: String, value: String?, source: String) -> String {
            "\(key) = \(value ?? "(set, not shown)")  [\(source)]"
        }
    }
}
