import Foundation

/// A PostgreSQL problem: the server's SQLSTATE and message when the server said something,
/// else what the client saw (a connection refused or lost). Never holds a password:
/// messages built from libpq's text have the password of the connection scrubbed out.
public struct PostgresError: Error, Sendable, CustomStringConvertible {
    /// The five-character SQLSTATE (`23505` a unique violation, `28P01` a wrong password,
    /// `40001` a serialization failure), or `nil` when the server sent none.
    public let sqlState: String?
    public let message: String
    /// Whether the connection was unusable: the next statement reconnects first.
    public let connectionLost: Bool

    public init(_ message: String, sqlState: String? = nil, connectionLost: Bool = false) {
        self.message = message
        self.sqlState = sqlState
        self.connectionLost = connectionLost
    }

    public var description: String { sqlState.map { "\(message) (SQLSTATE \($0))" } ?? message }

    /// `text` with every occurrence of `password` replaced, for messages built from libpq's
    /// own text (which today never repeats the password; this keeps it so).
    static func scrubbed(_ text: String, password: String?) -> String {
        guard let password, !password.isEmpty else { return text }
        return text.replacingOccurrences(of: password, with: "***")
    }
}

extension PostgresError {
    /// SQLSTATE class 08 (connection exception) and 57P01-57P03 (the server shutting down
    /// or terminating this session).
    static func isConnectionState(_ state: String?) -> Bool {
        guard let state else { return false }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }
}
