import Foundation

/// Reading a string node's bytes into a `String`, with `JSONDecoder`'s rules: the RFC 8259
/// escapes, `\u` surrogate pairs that must pair up, no raw control characters, valid UTF-8.
enum JSONStringText {
    /// The text, or `nil` where `JSONDecoder` would throw.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, flags: JSONNode.Flags) -> String? {
        if !flags.contains(.escapedOrControl) {
            // The common case: nothing to unescape; ASCII needs no UTF-8 check.
            return flags.contains(.nonASCII) ? String(validating: raw, as: UTF8.self) : String(decoding: raw, as: UTF8.self)
        }
        return unescape(raw)
    }

    static func isValidUTF8(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        String(validating: raw, as: UTF8.self) != nil
    }

    /// The slow path. The scan guarantees that a backslash is followed by a byte and `\u` by
    /// four, all before the closing quote.
    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                guard byte >= 0x20 else { return nil }  // control characters must be escaped
                out.append(byte)
                continue
            }
            let escaped = raw[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hex4(raw, at: index) else { return nil }
                index += 4
                let scalar: Unicode.Scalar
                if UTF16.isLeadSurrogate(unit) {
                    // Must be followed at once by `\u` and a trail surrogate.
                    guard raw.count - index >= 2, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u"),
                          let trail = hex4(raw, at: index + 2), UTF16.isTrailSurrogate(trail) else { return nil }
                    index += 6
                    scalar = UTF16.decode(UTF16.EncodedScalar([unit, trail]))
                } else {
                    // A lone trail surrogate is not a scalar.
                    guard let single = Unicode.Scalar(unit) else { return nil }
                    scalar = single
                }
                UTF8.encode(scalar) { out.append($0) }
            default:
                return nil
            }
        }
        // The escapes produced whole scalars, so this checks exactly the raw stretches.
        return String(validating: out, as: UTF8.self)
    }

    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
        var value: UInt16 = 0
        for offset in 0..<4 {
            let byte = raw[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}

/// Reading a number node's bytes as `Int` or `Double`, with `JSONDecoder`'s results: the
/// same syntax check (RFC 8259: no leading zeros, digits around `.` and after `e`), the
/// same refusals (a `Double` that overflows or underflows to zero, an `Int` that is not
/// exactly one), the same correctly rounded values.
enum JSONNumberText {
    /// A number's parts: its value is `significand × 10^exponent` when `isExact`.
    struct Parts {
        var isNegative = false
        /// No fraction and no exponent.
        var isInteger = true
        var significand: UInt64 = 0
        var significantDigits = 0
        /// `false` when a non-zero digit past the 19th did not fit in `significand`.
        var isExact = true
        var exponent = 0
        /// Every digit of the significand is 0 (whatever the exponent).
        var isZero = true
    }

    /// The parts, or `nil` when the text is not an RFC 8259 number.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Parts? {
        var parts = Parts()
        var index = 0
        let count = text.count
        func isDigit(_ i: Int) -> Bool { i < count && text[i] &- UInt8(ascii: "0") < 10 }

        if count > 0, text[0] == UInt8(ascii: "-") {
            parts.isNegative = true
            index = 1
        }
        guard isDigit(index) else { return nil }
        if text[index] == UInt8(ascii: "0") {
            index += 1
            guard !isDigit(index) else { return nil }  // a leading zero
        } else {
            while isDigit(index) {
                parts.add(digit: text[index] - UInt8(ascii: "0"), isFraction: false)
                index += 1
            }
        }
        if index < count, text[index] == UInt8(ascii: ".") {
            parts.isInteger = false
            index += 1
            guard isDigit(index) else { return nil }
            while isDigit(index) {
                parts.add(digit: text[index] - UInt8(ascii: "0"), isFraction: true)
                index += 1
            }
        }
        if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
            parts.isInteger = false
            index += 1
            var negative = false
            if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                negative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            guard isDigit(index) else { return nil }
            var exponent = 0
            while isDigit(index) {
                // Saturates: such a number is ±∞ or 0 and takes the slow path anyway.
                exponent = min(exponent * 10 + Int(text[index] - UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            parts.exponent += negative ? -exponent : exponent
        }
        return index == count ? parts : nil
    }

    /// `JSONDecoder`'s `Double`: `nil` for bad syntax, for ±∞ and for a non-zero number
    /// that underflows to 0.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let parts = parse(text) else { return nil }
        let value = parts.isZero
            ? (parts.isNegative ? -0.0 : 0.0)
            : parts.fastDouble ?? Double(String(decoding: text, as: UTF8.self)) ?? .nan
        guard value.isFinite else { return nil }
        guard value != 0 || decoderSeesTrueZero(text) else { return nil }
        return value
    }

    /// `JSONDecoder.isTrueZero`, quirk included: it tells a real zero from an underflow by
    /// the first digit 1–9 or `e` it meets, reading four bytes at a time from the start but
    /// the last one to three bytes backwards. So it refuses "0e2" (it meets the exponent's
    /// 2 first) while taking "0e0" and "0.0e5". Copied as is, so both paths agree.
    static func decoderSeesTrueZero(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        func verdict(_ byte: UInt8) -> Bool? {
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): false
            case UInt8(ascii: "e"), UInt8(ascii: "E"): true
            default: nil
            }
        }
        let whole = text.count - text.count % 4
        for index in 0..<whole {
            if let answer = verdict(text[index]) { return answer }
        }
        for index in (whole..<text.count).reversed() {
            if let answer = verdict(text[index]) { return answer }
        }
        return true
    }

    /// `JSONDecoder`'s `Int`: the digits when they fit, else the number through `Double`
    /// when that is an exact integer (below 2^53, where doubles are exact).
    static func int(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let parts = parse(text) else { return nil }
        if parts.isInteger, let value = plainInt(text, isNegative: parts.isNegative) { return value }
        let double: Double
        if parts.isZero {
            double = 0
        } else {
            // Unchecked, as strtod leaves it: "1e-400" is 0 here, an Int 0 though not a Double.
            // (`Double(_:)` answers every valid number, with ±∞ or 0 out of range.)
            double = parts.fastDouble ?? Double(String(decoding: text, as: UTF8.self)) ?? .nan
        }
        guard let value = Int(exactly: double) else { return nil }
        if double.magnitude < 0x1p53 { return value }
        // 2^53 and above, written as a fraction or with an exponent, or too long for an Int:
        // JSONDecoder then converts through Decimal, with its own truncation rules. Rare
        // enough (Sleeper's ids are small) to hand to JSONDecoder itself rather than copy them.
        return try? JSONDecoder().decode(Int.self, from: Data(text))
    }

    /// Digits and sign straight into an `Int`; `nil` on overflow.
    private static func plainInt(_ text: UnsafeBufferPointer<UInt8>, isNegative: Bool) -> Int? {
        var value = 0
        for byte in text[(isNegative ? 1 : 0)...] {
            let digit = Int(byte - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = isNegative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = next
        }
        return value
    }
}

extension JSONNumberText.Parts {
    fileprivate mutating func add(digit: UInt8, isFraction: Bool) {
        if digit != 0 { isZero = false }
        if significand == 0 && digit == 0 {
            // A leading zero adds no significant digit.
            if isFraction { exponent -= 1 }
        } else if significantDigits < 19 {
            significand = significand * 10 + UInt64(digit)
            significantDigits += 1
            if isFraction { exponent -= 1 }
        } else {
            // Past what a UInt64 holds: only the scale of an integer digit is kept.
            if !isFraction { exponent += 1 }
            if digit != 0 { isExact = false }
        }
    }

    /// The correctly rounded value when one IEEE operation gives it (Clinger's fast path:
    /// the significand and the power of ten are both exact doubles), else `nil`.
    var fastDouble: Double? {
        guard isExact, significand <= 1 << 53, (-22...22).contains(exponent) else { return nil }
        let magnitude = exponent >= 0
            ? Double(significand) * Self.powersOfTen[exponent]
            : Double(significand) / Self.powersOfTen[-exponent]
        return isNegative ? -magnitude : magnitude
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
