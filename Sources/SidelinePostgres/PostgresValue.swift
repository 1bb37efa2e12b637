import Foundation
import SidelineCore

/// A statement parameter. Values travel beside the SQL (`$1`, `$2`, … with `PQexecParams`),
/// never inside it: text format, except `bytea`, which goes as its raw bytes.
public enum PostgresValue: Sendable, Hashable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case bytes(Data)
    case bool(Bool)

    public init(_ value: Int) { self = .int(Int64(value)) }
    public init(_ value: String?) { self = value.map(PostgresValue.text) ?? .null }
    public init(_ value: Double?) { self = value.map(PostgresValue.double) ?? .null }
    public init(_ value: Data?) { self = value.map(PostgresValue.bytes) ?? .null }

    /// The parameter as libpq takes it: the bytes, and whether they are binary.
    /// A non-finite number is refused rather than stored: Sideline stores instants and
    /// points, and a NaN among them is a bug to surface, not a value to keep (ADR 038).
    func encoded() throws(PostgresError) -> (bytes: [UInt8], binary: Bool)? {
        switch self {
        case .null:
            return nil
        case .int(let value):
            return (Array(String(value).utf8), false)
        case .double(let value):
            guard value.isFinite else { throw PostgresError(Messages.Postgres.nonFiniteNumber(value)) }
            // Swift's description is the shortest text that reads back as the same Double,
            // and PostgreSQL's float8 input is exact: instants round-trip to the bit.
            return (Array(value.description.utf8), false)
        case .text(let value):
            guard !value.utf8.contains(0) else { throw PostgresError(Messages.Postgres.nulInText) }
            return (Array(value.utf8), false)
        case .bytes(let value):
            return (Array(value), true)
        case .bool(let value):
            return (Array((value ? "t" : "f").utf8), false)
        }
    }
}

extension PostgresValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
}
