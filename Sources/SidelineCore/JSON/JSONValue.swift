import Foundation

/// A JSON value, decoded without losing its type: a number is never read as a string, and
/// `true` is never read as 1 (Foundation's `JSONSerialization` hands booleans back as
/// `NSNumber`s on Linux, so a boolean slips through any `as? NSNumber`).
public enum JSONValue: Decodable, Sendable, Hashable {
    case string(String), number(Double), bool(Bool), null
    case array([JSONValue]), object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Each `try?` asks "is it this type?"; a value of none of them reaches the last
        // branch, whose error is thrown: nothing is lost.
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }
}
