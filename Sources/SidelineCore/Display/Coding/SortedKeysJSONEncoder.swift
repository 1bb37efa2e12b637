import Foundation

/// Encodes a value to exactly the bytes of Foundation's `JSONEncoder` with
/// `outputFormatting = [.sortedKeys, .withoutEscapingSlashes]` and default strategies, several
/// times faster (ADR 014).
///
/// The wire shape stays defined by the types' own `Codable` conformances; only the writing
/// is different. `JSONEncoder` builds a tree of boxed values, then sorts each object's keys
/// and serialises; this writes each value's bytes as `encode(to:)` produces them and sorts
/// an object's members, already written, when it closes (see ``JSONByteWriter``).
///
/// What it reproduces, pinned by tests against `JSONEncoder`: keys ordered by their UTF-8
/// bytes; strings with `"` and `\` escaped, control characters as `\b \f \n \r \t` or
/// `\u00xx`, and `/`, DEL and non-ASCII left as they are; doubles and floats as their
/// shortest round-trip text without a trailing `.0` (`12`, `12.5`, `1e-07`, `1e+21`, `-0`);
/// integers, booleans, `null` for an explicit nil (an absent optional has no key).
///
/// What it leaves to `JSONEncoder`, which then encodes the whole value: non-finite numbers
/// (it throws), `Date`, `Data`, `URL` and `Decimal` (its strategies), nested containers taken
/// by key and super encoders, a key written twice, non-ASCII keys, and a value that encodes
/// nothing. The result is the same bytes or the same error either way.
public struct SortedKeysJSONEncoder: Sendable {
    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> Data {
        if let writer = Self.fast(value) { return writer.output.data }
        return try Self.reference.encode(value)
    }

    /// The fast path alone: `nil` where it hands over to `JSONEncoder`, including when the
    /// value's own `encode(to:)` throws (JSONEncoder then throws the same error).
    static func fast<T: Encodable>(_ value: T) -> JSONByteWriter? {
        let writer = JSONByteWriter(capacity: 4096)
        guard (try? writer.encode(value, key: nil)) != nil, !writer.refused, writer.depth == 0 else { return nil }
        return writer
    }

    /// The fast path's bytes (tests).
    static func fastBytes<T: Encodable>(_ value: T) -> [UInt8]? {
        fast(value)?.output.array
    }

    /// The encoder this one matches.
    static var reference: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
