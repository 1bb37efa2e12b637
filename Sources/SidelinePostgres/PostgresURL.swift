import Foundation
import SidelineCore

/// Where a PostgreSQL database is: `postgres://user[:password]@host[:port]/database[?sslmode=…]`
/// (or `postgresql://`), parsed with Foundation's `URLComponents`.
///
/// The password may also come from a file (``withPassword(fromFile:)``, `store.password_file`)
/// or be left out for libpq to find in `PGPASSWORD` or `~/.pgpass`. The description never
/// holds the password, and neither does any error this type throws: a URL is named by what
/// is safe to log.
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    public let host: String
    public let port: Int
    public let user: String
    public let database: String
    public let password: String?
    /// libpq connection parameters from the query string (sslmode, connect_timeout, …).
    public let parameters: [String: String]

    /// The query parameters passed on to libpq; anything else is refused, so a typo is not
    /// silently ignored.
    static let knownParameters: Set<String> = ["sslmode", "connect_timeout", "application_name", "options"]
    static let sslModes: Set<String> = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]

    public init(host: String, port: Int = 5432, user: String, database: String, password: String? = nil, parameters: [String: String] = [:]) {
        self.host = host
        self.port = port
        self.user = user
        self.database = database
        self.password = password
        self.parameters = parameters
    }

    /// Parses `text`. Errors say what is wrong without repeating the text.
    public init(_ text: String) throws(PostgresError) {
        // URLComponents takes the last @ as the end of the user part, so a raw @ in a
        // password would quietly become part of it or of the host: refused instead.
        let afterScheme = text.split(separator: "://", maxSplits: 1).last.map(String.init) ?? ""
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard authority.filter({ $0 == "@" }).count <= 1 else { throw PostgresError(Messages.Postgres.unescapedAt) }
        // Foundation's parser repairs a space or a stray % by encoding it; in a password that
        // guess may be wrong, and the mistake would surface as a failed login much later.
        guard !text.contains(where: { $0.isWhitespace || $0.isNewline }), !text.contains(/%(?![0-9A-Fa-f]{2})/),
              let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw PostgresError(Messages.Postgres.notAURL)
        }
        guard scheme == "postgres" || scheme == "postgresql" else { throw PostgresError(Messages.Postgres.wrongScheme(scheme)) }
        guard let host = components.host, !host.isEmpty else { throw PostgresError(Messages.Postgres.noHost) }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw PostgresError(Messages.Postgres.badPort) }
        guard let user = components.user, !user.isEmpty else { throw PostgresError(Messages.Postgres.noUser) }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw PostgresError(Messages.Postgres.noDatabase) }
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard Self.knownParameters.contains(item.name) else { throw PostgresError(Messages.Postgres.unknownParameter(item.name)) }
            parameters[item.name] = item.value ?? ""
        }
        if let mode = parameters["sslmode"], !Self.sslModes.contains(mode) { throw PostgresError(Messages.Postgres.badSSLMode(mode)) }
        self.init(host: host, port: port, user: user, database: database, password: components.password, parameters: parameters)
    }

    /// This URL with the password read from `path` (`store.password_file`): its first line,
    /// trimmed. A file that is missing, unreadable or empty is an error naming the file.
    public func withPassword(fromFile path: String) throws(PostgresError) -> PostgresURL {
        let contents: String
        do {
            contents = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw PostgresError(Messages.Postgres.passwordFileUnreadable(path, (error as NSError).localizedDescription))
        }
        let firstLine = contents.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let password = firstLine.trimmingCharacters(in: .whitespaces)
        guard !password.isEmpty else { throw PostgresError(Messages.Postgres.passwordFileEmpty(path)) }
        return PostgresURL(host: host, port: port, user: user, database: database, password: password, parameters: parameters)
    }

    /// The URL with `***` for any password: what logs, `status` and errors show.
    public var description: String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.host = host
        components.port = port
        components.user = user
        components.path = "/" + database
        if !parameters.isEmpty {
            components.queryItems = parameters.keys.sorted().map { URLQueryItem(name: $0, value: parameters[$0]) }
        }
        let text = components.string ?? "postgres://\(host):\(port)/\(database)"
        guard password != nil, let at = text.range(of: "@") else { return text }
        return text.replacingCharacters(in: at, with: ":***@")
    }

    public var debugDescription: String { "PostgresURL(\(description))" }

    /// The keyword/value pairs for `PQconnectdbParams`: no connection string is built, so
    /// nothing in a value needs quoting. Without a password libpq looks in PGPASSWORD and
    /// ~/.pgpass, as every PostgreSQL tool does.
    var connectionParameters: [(String, String)] {
        var pairs: [(String, String)] = [("host", host), ("port", String(port)), ("user", user), ("dbname", database)]
        if let password { pairs.append(("password", password)) }
        // A server that does not answer must not hang a pass: libpq waits forever by default.
        if parameters["connect_timeout"] == nil { pairs.append(("connect_timeout", "10")) }
        if parameters["application_name"] == nil { pairs.append(("application_name", "sideline")) }
        pairs += parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return pairs
    }
}
