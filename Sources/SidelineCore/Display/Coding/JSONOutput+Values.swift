import Foundation

/// The bytes of JSON's leaf values exactly as `JSONEncoder` writes them with
/// `[.sortedKeys, .withoutEscapingSlashes]` (ADR 014). Both encoders of this folder write
/// through these: the `Codable` one (``JSONByteWriter``) and the hand-written
/// ``JSONDirectWritable`` conformances, so the two cannot drift apart.
extension JSONOutput {
    /// A NaN or infinite number: `JSONEncoder` throws for it, and so does every writer here.
    package struct NonFiniteNumber: Error {}

    package mutating func writeNull() { append("null") }

    package mutating func write(_ value: Bool) { append(value ? "true" : "false") }

    /// Decimal digits without a String in between (the common integer, on every payload).
    package mutating func write(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude // right for Int.min too
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // room for UInt64.max's 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// Other integer types, as JSONEncoder writes them: their description.
    mutating func write<T: BinaryInteger>(_ value: T) {
        appendText(value.description)
    }

    /// As JSONEncoder: the shortest round-trip text, without a trailing `.0` (`12`, `12.5`,
    /// `1e-07`, `1e+21`, `-0`). Non-finite values throw, as JSONEncoder does.
    package mutating func write(_ value: Double) throws {
        guard value.isFinite else { throw NonFiniteNumber() }
        appendNumber(value.description)
    }

    mutating func write(_ value: Float) throws {
        guard value.isFinite else { throw NonFiniteNumber() }
        appendNumber(value.description)
    }

    private mutating func appendNumber(_ text: String) {
        var text = text
        if text.hasSuffix(".0") { text.removeLast(2) }
        appendText(text)
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\b \f \n \r \t` or
    /// `\u00xx` (lower-case hex), everything else — `/`, DEL, non-ASCII — as is.
    package mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { writeQuoted($0) }
    }

    /// UTF-8 bytes as a JSON string; runs without escapes are copied whole.
    mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        var mark = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            append(UnsafeBufferPointer(rebasing: utf8[mark..<index]))
            appendEscape(byte)
            mark = index + 1
        }
        append(UnsafeBufferPointer(rebasing: utf8[mark...]))
        append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
        case 0x08: append(UInt8(ascii: "b"))
        case 0x0C: append(UInt8(ascii: "f"))
        case 0x0A: append(UInt8(ascii: "n"))
        case 0x0D: append(UInt8(ascii: "r"))
        case 0x09: append(UInt8(ascii: "t"))
        default:
            append(UInt8(ascii: "u"))
            append(UInt8(ascii: "0"))
            append(UInt8(ascii: "0"))
            append(Self.hexDigit(byte >> 4))
            append(Self.hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    private mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Punctuation and keys known at compile time, e.g. `#","name":"#`.
    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }
}
