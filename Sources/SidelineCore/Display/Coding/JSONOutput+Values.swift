import Foundation

/// The bytes of JSON's leaf values exactly as `JSONEncoder` writes them with
/// `[.sortedKeys, .withoutEscapingSlashes]` (ADR 014), for the hand-written
/// ``JSONDirectWritable`` conformances: every one writes its values through these, so no
/// two can format a number or escape a string differently.
extension JSONOutput {
    /// A NaN or infinite number: `JSONEncoder` throws for it, and so does every writer here.
    package struct NonFiniteNumber: Error {}

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

    /// As JSONEncoder: the shortest round-trip text, without a trailing `.0` (`12`, `12.5`,
    /// `1e-07`, `1e+21`, `-0`). Non-finite values throw, as JSONEncoder does.
    package mutating func write(_ value: Double) throws {
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
        // A native string's bytes are read in place; the mutable copy `withUTF8` needs cost
        // a retain and a release per string, some forty per payload.
        if string.utf8.withContiguousStorageIfAvailable({ writeQuoted($0) }) != nil { return }
        var string = string
        string.withUTF8 { writeQuoted($0) }
    }

    /// UTF-8 bytes as a JSON string; runs without escapes are copied whole.
    mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        var mark = 0
        if let base = utf8.baseAddress {
            var index = 0
            while index < utf8.count {
                // Eight bytes at once while none of them needs an escape (most text).
                if index + 8 <= utf8.count, !Self.mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                    continue
                }
                let byte = base[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    append(UnsafeBufferPointer(start: base + mark, count: index - mark))
                    appendEscape(byte)
                    mark = index + 1
                }
                index += 1
            }
        }
        append(UnsafeBufferPointer(rebasing: utf8[mark...]))
        append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes of `word` is a control character, `"` or `\`. Exact
    /// (no false "no"): a byte below 0x20 sets its high bit in `word - 0x20…20` while clear
    /// in `word`, and an equal byte is a zero byte of `word ^ byte…byte`, found the same way.
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highBits
        let quoteWord = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashWord = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let quote = (quoteWord &- ones) & ~quoteWord & highBits
        let backslash = (backslashWord &- ones) & ~backslashWord & highBits
        return control | quote | backslash != 0
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
