import Foundation
import SidelineCore

/// One statement's result, read out of libpq whole (the result is freed before this is
/// returned, so it can outlive the connection's lock).
public struct PostgresRows: Sendable, RandomAccessCollection {
    public let columns: [String]
    public let rows: [PostgresRow]
    /// Rows inserted, updated or deleted (`PQcmdTuples`); 0 for other statements.
    public let affectedRows: Int

    public var startIndex: Int { rows.startIndex }
    public var endIndex: Int { rows.endIndex }
    public subscript(position: Int) -> PostgresRow { rows[position] }
}

/// One cell as libpq gave it: the text form, or the bytes of a `bytea`.
public enum PostgresCell: Sendable, Hashable {
    case null
    case text(String)
    case bytes(Data)
}

/// A result row; read a column with ``value(_:as:)`` (an optional type reads NULL as `nil`).
public struct PostgresRow: Sendable {
    let columnIndex: [String: Int]
    public let cells: [PostgresCell]

    public func value<Value: PostgresDecodable>(_ column: String, as type: Value.Type = Value.self) throws(PostgresError) -> Value {
        guard let index = columnIndex[column] else { throw PostgresError(Messages.Postgres.noColumn(column)) }
        return try Value.decode(cells[index], column: column)
    }
}

/// A Swift type a column reads as.
public protocol PostgresDecodable {
    static func decode(_ cell: PostgresCell, column: String) throws(PostgresError) -> Self
}

extension PostgresDecodable {
    /// The text of a non-NULL cell, parsed by `parse`.
    static func parsed(_ cell: PostgresCell, column: String, _ parse: (String) -> Self?) throws(PostgresError) -> Self {
        switch cell {
        case .null: throw PostgresError(Messages.Postgres.unexpectedNull(column))
        case .text(let text):
            guard let value = parse(text) else { throw PostgresError(Messages.Postgres.unreadable(column, as: "\(Self.self)")) }
            return value
        case .bytes: throw PostgresError(Messages.Postgres.unreadable(column, as: "\(Self.self)"))
        }
    }
}

extension Int64: PostgresDecodable {
    public static func decode(_ cell: PostgresCell, column: String) throws(PostgresError) -> Int64 { try parsed(cell, column: column) { Int64($0) } }
}

extension Int: PostgresDecodable {
    public static func decode(_ cell: PostgresCell, column: String) throws(PostgresError) -> Int { try parsed(cell, column: column) { Int($0) } }
}

extension Double: PostgresDecodable {
    public static func decode(_ cell: PostgresCell, column: String) throws(PostgresError) -> Double { try parsed(cell, column: column) { Double($0) } }
}

extension String: PostgresDecodable {
    public static func decode(_ cell: PostgresCell, column: String) throws(PostgresError) -> String { try parsed(cell, column: column) { $0 } }
}

extension Bool: PostgresDecodable {
    /// PostgreSQL's text form of a boolean is `t` or `f`.
    public static func decode(_ cell: PostgresCell, column: String) throws(PostgresError) -> Bool {
        try parsed(cell, column: column) { $0 == "t" ? true : $0 == "f" ? false : nil }
    }
}

extension Data: PostgresDecodable {
    public static func decode(_ cell: PostgresCell, column: String) throws(PostgresError) -> Data {
        switch cell {
        case .bytes(let data): return data
        case .null: throw PostgresError(Messages.Postgres.unexpectedNull(column))
        case .text: throw PostgresError(Messages.Postgres.unreadable(column, as: "bytea"))
        }
    }
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    public static func decode(_ cell: PostgresCell, column: String) throws(PostgresError) -> Wrapped? {
        if case .null = cell { return nil }
        return try Wrapped.decode(cell, column: column)
    }
}
