import Foundation

/// The output and the open containers of one ``SortedKeysJSONEncoder`` call.
///
/// Values are written straight into one byte buffer. An object's members are written as
/// they come (`"key":value`, each a range of the buffer) and put in key order when the
/// object closes; an array is written in place. This works because `Codable` fills
/// containers depth-first: a member's value is complete before its parent writes the next
/// member. Anything that breaks that order (nested containers taken by key, super encoders,
/// a container used after its value returned) is refused with ``Unsupported``, and the
/// encoder starts again with `JSONEncoder`.
final class JSONByteWriter {
    /// Refusal: the value needs something this writer does not reproduce exactly.
    struct Unsupported: Error {}

    /// One member of an open object: where `"key":value` lies in ``output``, and its key, as
    /// raw bytes in ``keys`` and as a prefix most comparisons need alone. Plain integers, so
    /// sorting moves them cheaply.
    struct Member {
        /// The key's first 16 bytes, big-endian, zero-padded.
        let high: UInt64
        let low: UInt64
        let start: Int
        let end: Int
        let keyStart: Int
        let keyEnd: Int
    }

    /// One open object or array.
    struct Frame {
        let isObject: Bool
        /// Where the container's bytes begin (an array's `[`, an object's first member).
        let start: Int
        /// Where its members begin in ``members`` (objects).
        let firstMember: Int
        /// Identifies this use of the slot: a stale container finds another serial here.
        let serial: Int
        var count = 0
        /// The key of the value being encoded inside it, for `codingPath`.
        var childKey: (any CodingKey)?
    }

    /// `JSONWriter` refuses deeper nesting; leave that (and its error) to `JSONEncoder`.
    static let maximumDepth = 500

    // Internal, not private: the container half lives in JSONByteWriter+Containers.swift.
    // Unchecked exclusivity: one writer serves one `encode` call on one thread, and the
    // dynamic checks on every append were a quarter of the encoder's time.
    @exclusivity(unchecked) var output: JSONOutput
    @exclusivity(unchecked) var members: [Member] = []
    @exclusivity(unchecked) var keys: [UInt8] = []
    @exclusivity(unchecked) var frames: [Frame] = []
    @exclusivity(unchecked) var scratch: [UInt8] = []
    @exclusivity(unchecked) var serials = 0
    /// Set when a container was taken in a way this writer cannot follow; checked at the end.
    @exclusivity(unchecked) var refused = false

    init(capacity: Int) {
        output = JSONOutput(capacity: capacity)
        members.reserveCapacity(32)
        keys.reserveCapacity(512)
        frames.reserveCapacity(8)
    }

    var depth: Int { frames.count }

    // MARK: Values

    /// Writes any value: the common leaf types directly, others through their `encode(to:)`.
    /// `key` is the value's key or index in its container, `nil` for a value standing in for
    /// its encoder's (a single-value container's).
    func encode<T: Encodable>(_ value: T, key: (any CodingKey)?) throws {
        // Metatype comparisons cost a pointer compare; a dynamic cast (`as?`) costs far more.
        if T.self == String.self { return write(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return write(unsafeBitCast(value, to: Int.self)) }
        if T.self == Double.self { return try write(unsafeBitCast(value, to: Double.self)) }
        if T.self == Bool.self { return write(unsafeBitCast(value, to: Bool.self)) }
        // JSONEncoder gives these its own strategies (seconds since 2001, base64, absolute
        // strings, decimal text): not worth reproducing for types that carry none of them.
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            throw Unsupported()
        }
        let level = depth
        guard level < Self.maximumDepth else { throw Unsupported() }
        if level > 0, let key { frames[level - 1].childKey = key }
        let start = output.count
        try value.encode(to: JSONByteEncoder(writer: self, level: level, start: start))
        if depth == level + 1 {
            try close()
        } else if depth != level || output.count == start {
            // Nothing encoded (JSONEncoder writes `{}`), or a container left in a state
            // only JSONEncoder's references resolve.
            throw Unsupported()
        }
    }

    func writeNull() { append("null") }

    func write(_ value: Bool) { append(value ? "true" : "false") }

    /// Decimal digits without a String in between (the common integer, on every payload).
    func write(_ value: Int) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude // right for Int.min too
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // room for UInt64.max's 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// Other integer types, as JSONEncoder writes them: their description.
    func write<T: BinaryInteger>(_ value: T) {
        append(value.description)
    }

    /// As JSONEncoder: the shortest round-trip text, without a trailing `.0`; non-finite
    /// values are JSONEncoder's to refuse.
    func write(_ value: Double) throws {
        guard value.isFinite else { throw Unsupported() }
        appendNumber(value.description)
    }

    func write(_ value: Float) throws {
        guard value.isFinite else { throw Unsupported() }
        appendNumber(value.description)
    }

    private func appendNumber(_ text: String) {
        var text = text
        if text.hasSuffix(".0") { text.removeLast(2) }
        append(text)
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\b \f \n \r \t` or
    /// `\u00xx` (lower-case hex), everything else — `/`, DEL, non-ASCII — as is.
    func write(_ string: String) {
        var string = string
        string.withUTF8 { writeQuoted($0) }
    }

    /// UTF-8 bytes as a JSON string; runs without escapes are copied whole.
    func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        var mark = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(UnsafeBufferPointer(rebasing: utf8[mark..<index]))
            appendEscape(byte)
            mark = index + 1
        }
        output.append(UnsafeBufferPointer(rebasing: utf8[mark...]))
        output.append(UInt8(ascii: "\""))
    }

    private func appendEscape(_ byte: UInt8) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            for digit in [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), Self.hexDigit(byte >> 4), Self.hexDigit(byte & 0xF)] {
                output.append(digit)
            }
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    private func append(_ text: String) {
        var text = text
        text.withUTF8 { output.append($0) }
    }

    func append(_ text: StaticString) {
        text.withUTF8Buffer { output.append($0) }
    }
}
