import Foundation

/// A value that writes its own JSON, member by member, without `Codable` (ADR 014, "direct
/// writer").
///
/// Why: once a faster general `Encoder` had made the bytes cheap (ADR 014; deleted by ADR
/// 026, when only a NaN fallback still used it), what an event's payload still cost was
/// `Codable`'s dispatch — a boxed `KeyedEncodingContainer` per object, generic calls and
/// metadata lookups per member, and sorting each object's keys at run time. A conformance here writes the same bytes with none of that: its keys are written
/// in the order `.sortedKeys` puts them (ascending UTF-8 bytes), sorted by hand once, as
/// literals that include their quotes, colon and comma.
///
/// The rules each conformance keeps, so its bytes are `JSONEncoder`'s
/// (`[.sortedKeys, .withoutEscapingSlashes]`) for the type's own `Codable` shape:
/// - keys exactly as the type's `CodingKeys` (or synthesised names) spell them, in byte
///   order: `"at"` before `"attributes"`, `"myCounts"` before `"myScore"`;
/// - an optional that `encodeIfPresent`s (as synthesised conformances do) is left out when
///   `nil`; the members before the first non-optional one end with their comma instead of
///   starting with one, so no object starts with `,`;
/// - every value through ``JSONOutput``'s writers (strings escaped, numbers formatted and
///   non-finite numbers refused as `JSONEncoder` does).
///
/// ``JSONEncoder/sortedKeysReference`` is that encoder, for the tests and the benchmark that
/// compare against it.
///
/// Tests compare each conformance with `JSONEncoder`, with every optional set and unset, so
/// a key added to a type's `Codable` shape and not here fails them.
package protocol JSONDirectWritable {
    /// Appends this value's JSON. Throws ``JSONOutput/NonFiniteNumber`` where `JSONEncoder`
    /// would throw; `output` then holds a partial value to be thrown away.
    func writeJSON(to output: inout JSONOutput) throws
}

extension JSONDirectWritable {
    /// This value's JSON bytes, or `nil` where `JSONEncoder` throws (a NaN or infinite number).
    package func directJSON(capacity: Int = 4096) -> Data? {
        var output = JSONOutput(capacity: capacity)
        do {
            try writeJSON(to: &output)
        } catch {
            return nil
        }
        return output.data
    }
}

// A member that is itself a `JSONDirectWritable` is written by calling its `writeJSON`
// directly, not through a generic `write(_:)`: across modules the generic call copied the
// member (a content state is some thirty strings) before writing it.

extension JSONOutput {
    /// `[a,b]`, as an unkeyed container of the elements writes it.
    package mutating func write(_ values: [some JSONDirectWritable]) throws {
        append(UInt8(ascii: "["))
        for index in values.indices {
            if index > 0 { append(UInt8(ascii: ",")) }
            try values[index].writeJSON(to: &self)
        }
        append(UInt8(ascii: "]"))
    }
}

extension JSONEncoder {
    /// The encoder whose bytes every ``JSONDirectWritable`` conformance reproduces: sorted
    /// keys, slashes unescaped, default strategies.
    package static var sortedKeysReference: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
