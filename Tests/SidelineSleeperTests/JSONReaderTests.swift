import Foundation
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper

/// ``JSONDocument`` against `JSONDecoder`, piece by piece: which texts parse at all, and what
/// a number or string reads as. Then the strict mode against RFC 8259.
@Suite("JSONDocument: JSONDecoder's acceptance and values, strict RFC 8259 on request")
struct JSONReaderTests {
    /// Decodes anything without reading it: succeeds exactly when JSONDecoder's scan does.
    struct Structure: Decodable {
        init(from decoder: any Decoder) {}
    }

    static func foundationParses(_ text: [UInt8]) -> Bool {
        (try? JSONDecoder().decode(Structure.self, from: Data(text))) != nil
    }

    static func parses(_ text: [UInt8], strict: Bool = false) -> Bool {
        (try? JSONDocument(parsing: Data(text), strict: strict)) != nil
    }

    @Test("random texts: parsed exactly when JSONDecoder parses them (seeded)")
    func structure() {
        let pieces = ["[", "]", "{", "}", ",", ":", "\"", "\"a\"", "\"k\":", "\\", "\\u", "0", "1", "-", ".", "e", "12",
                      "null", "true", "false", "nul", " ", "\n", "\t", "\u{0}", "x", "é"]
        var generator = SplitMix64(seed: 0xACCE_9700)
        var mismatches: [String] = []
        var accepted = 0
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...10, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            let expected = Self.foundationParses(bytes)
            if expected { accepted += 1 }
            if Self.parses(bytes) != expected, mismatches.count < 10 { mismatches.append(text.debugDescription) }
        }
        #expect(mismatches.isEmpty, "accepted differently: \(mismatches)")
        #expect(accepted > 500)
    }

    @Test("numbers read as Int and Double exactly as JSONDecoder reads them (seeded)")
    func numbers() throws {
        var generator = SplitMix64(seed: 0x0DD5_0000)
        var texts = ["0", "-0", "0.0", "-0.0", "0e0", "0e2", "0E1", "0.0e5", "0.000e1", "1e-400", "-1e-400", "1e400", "2e-324",
                     "3e-324", "4.9406564584124654e-324", "2.2250738585072011e-308", "1.7976931348623157e308",
                     "1.7976931348623159e308", "9007199254740992", "9007199254740993", "9007199254740993.0",
                     "9007199254740993.5", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
                     "-9223372036854775809", "9223372036854775807.0", "1e18", "1e19", "1.5e3", "123456789012345678901234567890",
                     "0.1", "0.30000000000000004", "1e22", "1e23", "8.98846567431158e307", "01", "1.", ".5", "-", "1e", "1e+",
                     "1.2.3", "1-2", "1e5e5", "--1", "-01", "0x10"]
        // Random texts over the characters a number token may hold.
        let alphabet = Array("0123456789.-+eE".utf8)
        for _ in 0..<8_000 {
            var text = [Array("-0123456789".utf8).randomElement(using: &generator)!]
            for _ in 0..<Int.random(in: 0...8, using: &generator) { text.append(alphabet.randomElement(using: &generator)!) }
            texts.append(String(decoding: text, as: UTF8.self))
        }
        // Random well-formed numbers: long digit strings, wide exponents, around 2^53 and 2^63.
        for _ in 0..<8_000 {
            let digits = (0..<Int.random(in: 1...25, using: &generator)).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let integer = digits.first == "0" ? "1" + digits.dropFirst() : digits
            var text = (Bool.random(using: &generator) ? "-" : "") + integer
            if Bool.random(using: &generator) { text += "." + String(Int.random(in: 0...999_999, using: &generator)) }
            if Bool.random(using: &generator) { text += ["e", "E", "e+", "e-"].randomElement(using: &generator)! + String(Int.random(in: 0...400, using: &generator)) }
            texts.append(text)
        }
        var mismatches: [String] = []
        for text in texts {
            let data = Data(text.utf8)
            let document = try? JSONDocument(parsing: data)
            let int = document?.int(JSONDocument.root), double = document?.double(JSONDocument.root)
            let expectedInt = try? JSONDecoder().decode(Int.self, from: data)
            let expectedDouble = try? JSONDecoder().decode(Double.self, from: data)
            if int != expectedInt || double?.bitPattern != expectedDouble?.bitPattern, mismatches.count < 10 {
                mismatches.append("\(text): Int \(int as Any) vs \(expectedInt as Any), Double \(double as Any) vs \(expectedDouble as Any)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test("strings read exactly as JSONDecoder reads them: escapes, surrogates, control bytes, UTF-8 (seeded)")
    func strings() {
        var generator = SplitMix64(seed: 0x5791_0000)
        let pieces: [[UInt8]] = ["a", "Z", " ", "\\", "\\\\", "\\\"", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\x", "\\u", "\\u00e9",
                                 "\\u0000", "\\uD83C", "\\ud83c", "\\uDFC8", "\\udfc8", "\\u0041", "\\u00G0", "\\uFFFF", "0", "d", "8",
                                 "é", "🏈", "\"", "/"].map { Array($0.utf8) }
            + [[0x00], [0x01], [0x1F], [0x7F], [0x80], [0xC3], [0xA9], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0xFF], [0xC0, 0xAF]]
        var mismatches: [String] = []
        var read = 0
        for _ in 0..<20_000 {
            var text: [UInt8] = [UInt8(ascii: "\"")]
            for _ in 0..<Int.random(in: 0...6, using: &generator) { text += pieces.randomElement(using: &generator)! }
            text.append(UInt8(ascii: "\""))
            let data = Data(text)
            let mine = (try? JSONDocument(parsing: data))?.string(JSONDocument.root)
            let expected = try? JSONDecoder().decode(String.self, from: data)
            if mine != nil { read += 1 }
            // Compared by scalars: String's == would call canonically equivalent texts equal.
            if mine.map({ Array($0.unicodeScalars) }) != expected.map({ Array($0.unicodeScalars) }), mismatches.count < 10 {
                mismatches.append("\(text): \(mine.debugDescription) vs \(expected.debugDescription)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(read > 2_000)
    }

    @Test("by default, what JSONDecoder lets through: trailing commas, malformed values nobody reads")
    func lenientByDefault() throws {
        for text in ["[1,]", #"{"a":1,}"#, #"["\x"]"#, "[01]", "[1.2.3]", "[-]", "[\"\u{1}\"]", #"["\ud800"]"#] {
            #expect(Self.parses(Array(text.utf8)), "\(text)")
            #expect(Self.foundationParses(Array(text.utf8)), "\(text)")
        }
        let document = try JSONDocument(parsing: Data(#"["\x", 01, "ok", 2]"#.utf8))
        #expect(document.count(JSONDocument.root) == 4)
        #expect(document.string(1) == nil)
        #expect(document.int(2) == nil)
        #expect(document.string(3) == "ok")
        #expect(document.int(4) == 2)
    }

    @Test("strict: RFC 8259 texts parse", arguments: [
        "[]", "{}", " [ ] ", "\"x\"", "1", "-0", "0.5e-3", "1E+2", "null", "true", "false",
        #"{"a":{"b":[1,2,{"c":null}]},"d":"\u00e9\ud83c\udfc8\n\"\\\/"}"#, #"["\u0000"]"#, "[\"é🏈\"]",
    ])
    func strictAccepts(text: String) {
        #expect(Self.parses(Array(text.utf8), strict: true))
    }

    @Test("strict: what RFC 8259 forbids is refused", arguments: [
        "[1,]", #"{"a":1,}"#, #"["\x"]"#, #"["\u12G4"]"#, #"["\ud800"]"#, #"["\udc00"]"#, #"["\ud800\u0041"]"#,
        "[\"a\u{1}\"]", "[\"\t\"]", "[01]", "[-01]", "[1.]", "[.5]", "[1e]", "[1e+]", "[-]", "[+1]", "[0x1]", "[1.2.3]",
        "[1 2]", "[1]x", #"{"a" 1}"#, "{a:1}", "[nul]", "[True]", "[\"abc]", "", "[", "[,1]", "{,}", "[NaN]", "[Infinity]",
    ])
    func strictRefuses(text: String) {
        #expect(!Self.parses(Array(text.utf8), strict: true))
    }

    @Test("strict: invalid UTF-8 in a string is refused")
    func strictRefusesInvalidUTF8() {
        for bytes: [UInt8] in [[0xFF], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            #expect(!Self.parses([UInt8(ascii: "["), UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\""), UInt8(ascii: "]")], strict: true))
        }
    }

    @Test("nesting stops at 512 levels, without exhausting the stack")
    func depth() {
        func nested(_ depth: Int) -> [UInt8] { Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8) }
        #expect(Self.parses(nested(512)))
        #expect(!Self.parses(nested(513)))
        #expect(!Self.parses(Array(String(repeating: "[", count: 1_000_000).utf8)))
        #expect(!Self.parses(Array(String(repeating: #"{"a":"#, count: 100_000).utf8)))
    }

    @Test("errors say what and where, on one line")
    func errors() {
        do {
            _ = try JSONDocument(parsing: Data("[1,\n x]".utf8))
            Issue.record("parsed")
        } catch {
            #expect(error.description == "unexpected 'x' at byte 5")
        }
    }
}
