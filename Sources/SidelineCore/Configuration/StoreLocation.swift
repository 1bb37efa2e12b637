import Foundation

/// Which store a process opens (`store.url`, issue 31): the SQLite file, unchanged, unless
/// the URL names a PostgreSQL server.
public enum StoreLocation: Sendable, Hashable {
    /// A SQLite database file. `explicit`: configured (its directory must exist), not the default path.
    case sqlite(path: String, explicit: Bool)
    /// A PostgreSQL server (`postgres://…` or `postgresql://…`). The URL may hold a
    /// password, so it stays a ``Secret``; `passwordFile` (`store.password_file`) holds one
    /// instead.
    case postgres(Secret, passwordFile: String?)

    /// Reads `store.url`: absent, the `database` path; `sqlite:PATH` or a plain path, that
    /// file; `postgres://…` or `postgresql://…`, that server. Any other scheme is refused,
    /// naming the ones Sideline knows; a password file for a store that is not a server is
    /// refused too (it would be ignored).
    static func parse(_ url: String?, passwordFile: String? = nil, database: String, databaseIsExplicit: Bool) throws(ConfigurationError) -> StoreLocation {
        let location = try parse(url, database: database, databaseIsExplicit: databaseIsExplicit)
        guard let passwordFile else { return location }
        guard case .postgres(let server, _) = location else { throw ConfigurationError(Messages.Configuration.storePasswordFileWithoutServer) }
        return .postgres(server, passwordFile: passwordFile)
    }

    private static func parse(_ url: String?, database: String, databaseIsExplicit: Bool) throws(ConfigurationError) -> StoreLocation {
        guard let url else { return .sqlite(path: database, explicit: databaseIsExplicit) }
        let lowered = url.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") { return .postgres(Secret(url), passwordFile: nil) }
        if lowered.hasPrefix("sqlite:") {
            // `sqlite:/var/lib/x.sqlite`, `sqlite:///var/lib/x.sqlite` and `sqlite:x.sqlite` alike.
            var path = String(url.dropFirst("sqlite:".count))
            if path.hasPrefix("//") { path.removeFirst(2) }
            guard !path.isEmpty else { throw ConfigurationError(Messages.Configuration.storeURLEmptyPath) }
            return .sqlite(path: path, explicit: true)
        }
        // A scheme (`mysql://`, `redis:`) is not a file name; a path never has one.
        if let colon = url.firstIndex(of: ":"), url[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
           url[url.index(after: colon)...].hasPrefix("//") {
            throw ConfigurationError(Messages.Configuration.storeURLScheme(String(url[..<colon])))
        }
        return .sqlite(path: url, explicit: true)
    }
}

extension StoreLocation {
    /// How messages (`status`, `check`, `config show`) name the store: a SQLite file by its
    /// path, a server by its user, host, port and database, never its password or options.
    public var name: String {
        switch self {
        case .sqlite(let path, _): return path
        case .postgres(let url, _):
            guard let parts = URLComponents(string: url.value), let host = parts.host, !host.isEmpty else { return "the PostgreSQL database" }
            let user = parts.user.map { $0 + "@" } ?? ""
            return "PostgreSQL \(user)\(host):\(parts.port ?? 5432)\(parts.path)"
        }
    }
}
