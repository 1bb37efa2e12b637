import Foundation
import SidelineActivity
import Testing
@testable import SidelineCore

/// `SortedKeysJSONEncoder` against the encoder it replaces: the same bytes, by the fast path
/// where it should be taken, by `JSONEncoder` itself where it should not.
@Suite("Sorted-keys JSON encoder")
struct SortedKeysJSONEncoderTests {
    typealias F = DisplayFixtures

    /// Ours equals JSONEncoder's; `fast` says whether the fast path must have made it.
    func expectSame<T: Encodable>(_ value: T, fast: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try SortedKeysJSONEncoder.reference.encode(value)
        let actual = try SortedKeysJSONEncoder().encode(value)
        #expect(actual == expected, "\(String(decoding: actual, as: UTF8.self)) ≠ \(String(decoding: expected, as: UTF8.self))", sourceLocation: sourceLocation)
        let direct = SortedKeysJSONEncoder.fastBytes(value)
        if fast {
            #expect(direct.map { Data($0) } == expected, "fast path", sourceLocation: sourceLocation)
        } else {
            #expect(direct == nil, "should have fallen back", sourceLocation: sourceLocation)
        }
    }

    /// Both refuse, with the same kind of error.
    func expectBothThrow<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: EncodingError.self, sourceLocation: sourceLocation) { try SortedKeysJSONEncoder.reference.encode(value) }
        #expect(throws: EncodingError.self, sourceLocation: sourceLocation) { try SortedKeysJSONEncoder().encode(value) }
    }

    @Test("Every display scenario's content state, attributes and APNs payloads")
    func displayScenarios() throws {
        for scenario in DisplayScenario.allCases {
            let state = DisplayBuilder.contentState(for: scenario.view, phase: scenario.phase, context: scenario.context)
            let attributes = DisplayBuilder.attributes(registration: "7", activity: "7-2026w12-1", view: scenario.view)
            try expectSame(state)
            try expectSame(attributes)
            for kind in [LifecycleEventKind.start, .update, .end] {
                let decision = PushPolicy.decide(kind: kind, reason: kind == .end ? .graceExpired : .kickoff, previous: nil, current: scenario.view, phase: scenario.phase, at: F.now)
                try expectSame(decision)
                let payload = LiveActivityPayload(kind: kind, timestamp: F.now, contentState: state, decision: decision, attributes: attributes)
                try expectSame(payload)
                #expect(try payload.encoded() == SortedKeysJSONEncoder.reference.encode(payload))
            }
        }
    }

    static let oddStrings: [String] = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + [
        "", "/", "//", "KC D/ST", "\"", "\\", "\\\"", "\"\\/", "é", "e\u{301}", "👨‍👩‍👧‍👦", "🏈", "\u{2028}", "\u{2029}",
        "\u{FEFF}", "\u{202F}", "\u{A0}", "\u{80}", "\u{9F}", "\u{FFFD}", "日本", "a\u{0}b", "tab\tnew\nline\r\n",
        String(repeating: "long ", count: 300), "\u{10FFFF}", "Zo\u{308}e", "\u{1F}\u{7F}\u{1}",
    ]

    @Test("Strings: quotes, backslashes and control characters escaped as JSONEncoder does; the rest as is")
    func strings() throws {
        for string in Self.oddStrings {
            try expectSame(string)
            try expectSame([string, string])
            try expectSame(["value": string])
        }
        try expectSame(Self.oddStrings)
    }

    @Test("Keys in UTF-8 byte order, escaped like strings")
    func keyOrder() throws {
        let keys = ["b", "a", "B", "A", "_", "aa", "a0", "a_", "Z", "z", "~", " ", "", "0", "10", "9", "a\u{0}", "a\u{1}",
                    "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopr", "abcdefghijklmno", "abcdefgh", "abcdefghi",
                    "opponentCounts", "opponentScore", "opponentPlayersLine", "opponent_counts", "content-state", "content_state",
                    "contentState", "\"", "\\", "/", "tab\t", "\u{7F}", "a\u{0}\u{0}", "a\u{0}b"]
        try expectSame(Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) }))
        try expectSame([3: "c", 1: "a", 10: "j", -1: "minus", 2: "b"])
        // Keys beyond ASCII might be equal as Strings while their bytes differ: JSONEncoder's.
        try expectSame(["é": 1, "e": 2], fast: false)
    }

    @Test("Doubles and floats as JSONEncoder writes them: no trailing .0, exponents as Swift prints them")
    func numbers() throws {
        let doubles: [Double] = [
            0, -0.0, 1, -1, 12, 12.5, 0.1, 0.2, 0.30000000000000004, 1e-7, 1e-6, 1e-5, 1e21, 1e22, 1e15, 1e16, 1e17,
            123_456_789.125, 9_007_199_254_740_992, 9_007_199_254_740_994, 4_503_599_627_370_496.5, 87.45, 100.04, 72.1,
            -2, -0.04, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .ulpOfOne, .pi, 1.7976931348623157e308, 2.5e-8, 65.7, 50, 20.4, 99.9,
        ]
        for value in doubles {
            try expectSame(value)
            try expectSame(["x": value])
            try expectSame([value])
            let float = Float(value)
            guard float.isFinite else { continue }
            try expectSame(float)
            try expectSame(["x": float])
        }
        try expectSame(doubles)
        try expectSame(doubles.map(Float.init).filter(\.isFinite))
    }

    struct Integers: Codable {
        var int = Int.min, intMax = Int.max, zero = 0, minusOne = -1
        var int8 = Int8.min, int16 = Int16.max, int32 = Int32.min, int64 = Int64.min
        var uint = UInt.max, uint8 = UInt8.max, uint16 = UInt16.max, uint32 = UInt32.max, uint64 = UInt64.max
        var bool = true, other = false
        var list: [Int] = [0, 1, -1, 10, 99, 100, 1_000_000_007, .min, .max]
        var unsigned: [UInt64] = [0, .max]
        var small: [Int8] = [.min, 0, .max]
        var flags = [true, false]
    }

    @Test("Integers of every width and booleans, in members, arrays and alone")
    func integers() throws {
        try expectSame(Integers())
        for value in [Int.min, -1_000_000, -10, -9, -1, 0, 1, 9, 10, 99, 100, 12_345, Int.max] { try expectSame(value) }
        try expectSame(UInt64.max)
        try expectSame(Int8.min)
        try expectSame(true)
    }

    struct Optionals: Codable {
        var present: String? = "here"
        var absent: String?
        var absentNumber: Double?
        var list: [Int?] = [1, nil, 3]
        var nested: [[String: Int?]] = [["a": nil, "b": 2], [:]]
    }

    struct ExplicitNull: Encodable {
        enum CodingKeys: String, CodingKey { case value, other }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeNil(forKey: .value)
            try container.encode(Optional<Int>.none, forKey: .other)
        }
    }

    @Test("Absent optionals have no key; explicit nils are null")
    func optionals() throws {
        try expectSame(Optionals())
        try expectSame(ExplicitNull())
        try expectSame(Optional<Int>.none)
        try expectSame([String?.none])
    }

    struct Empty: Codable {}
    struct Nest: Codable {
        var children: [Nest] = []
        var empty = Empty()
        var emptyList: [Int] = []
        var emptyMap: [String: Int] = [:]
        var grid: [[Double]] = [[], [1.5, 2], [-0.0]]
    }

    @Test("Nested and empty containers")
    func nesting() throws {
        try expectSame(Empty())
        try expectSame(Nest(children: [Nest(), Nest(children: [Nest()])]))
        try expectSame([[String: [Int]]]([["b": [2], "a": [1]], [:]]))
    }

    class Base: Encodable {
        enum CodingKeys: String, CodingKey { case zeta, alpha }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .zeta)
            try container.encode("a", forKey: .alpha)
        }
    }

    final class Derived: Base {
        enum MoreKeys: String, CodingKey { case middle }
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: MoreKeys.self)
            try container.encode(true, forKey: .middle)
        }
    }

    @Test("A second keyed container from the same encoder adds to the same object")
    func sharedObject() throws {
        try expectSame(Derived())
    }

    enum Shape: Codable { case circle(radius: Double), square(Double) }

    final class WithSuper: Base {
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try super.encode(to: container.superEncoder())
        }
    }

    struct Twice: Encodable {
        enum CodingKeys: String, CodingKey { case key }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .key)
            try container.encode(2, forKey: .key)
        }
    }

    struct Silent: Encodable { func encode(to encoder: any Encoder) throws {} }

    struct Special: Encodable {
        var date = Date(timeIntervalSince1970: 1_795_374_840.25)
        var data = Data([0, 1, 2, 255])
        var url = URL(string: "https://example.com/a/b?c=d")
        var decimal = Decimal(string: "87.40")
    }

    struct Failing: Encodable {
        struct Refusal: Error {}
        func encode(to encoder: any Encoder) throws { throw Refusal() }
    }

    @Test("Left to JSONEncoder, with the same result: nested containers by key, super encoders, a key twice, values that encode nothing, Foundation types")
    func fallbacks() throws {
        try expectSame([Shape.circle(radius: 2), .square(1.5)], fast: false)
        try expectSame(WithSuper(), fast: false)
        try expectSame(Twice(), fast: false)
        try expectSame(["quiet": Silent()], fast: false)
        try expectSame(Special(), fast: false)
        try expectSame(["when": Date(timeIntervalSince1970: 0)], fast: false)
        #expect(throws: Failing.Refusal.self) { try SortedKeysJSONEncoder().encode(Failing()) }
        #expect(SortedKeysJSONEncoder.fastBytes(Failing()) == nil)
    }

    @Test("Refused as JSONEncoder refuses: non-finite numbers, a top-level value that encodes nothing, nesting past 512")
    func refusals() {
        for value in [Double.nan, .infinity, -.infinity] {
            expectBothThrow(value)
            expectBothThrow(["score": value])
            expectBothThrow([Float(value)])
        }
        expectBothThrow(Silent())
        // 260 levels of an object holding an array: past JSONWriter's 512.
        var deep = Nest()
        for _ in 0..<260 { deep = Nest(children: [deep]) }
        expectBothThrow(deep)
    }
}
