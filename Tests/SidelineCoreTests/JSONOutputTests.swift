import Foundation
import SidelineActivity
import Testing
@testable import SidelineCore

/// The leaf writers every direct writer shares (``JSONOutput``) against `JSONEncoder`, and the
/// APNs payloads of every display scenario, byte for byte.
@Suite("JSON leaf writers: JSONEncoder's bytes")
struct JSONOutputTests {
    typealias F = DisplayFixtures

    static let reference = JSONEncoder.sortedKeysReference

    /// What one writer call produced.
    func written(_ write: (inout JSONOutput) throws -> Void) rethrows -> Data {
        var output = JSONOutput(capacity: 16)
        try write(&output)
        return output.data
    }

    func expectSame(_ actual: Data, _ expected: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual == expected, "\(String(decoding: actual, as: UTF8.self)) ≠ \(String(decoding: expected, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    @Test("Every display scenario's APNs payloads, and the content state, attributes and decision in them")
    func displayScenarios() throws {
        for scenario in DisplayScenario.allCases {
            let state = DisplayBuilder.contentState(for: scenario.view, phase: scenario.phase, context: scenario.context)
            let attributes = DisplayBuilder.attributes(registration: "7", activity: "7-2026w12-1", view: scenario.view)
            expectSame(try #require(state.directJSON()), try Self.reference.encode(state))
            expectSame(try #require(attributes.directJSON()), try Self.reference.encode(attributes))
            for kind in [LifecycleEventKind.start, .update, .end] {
                let decision = PushPolicy.decide(kind: kind, reason: kind == .end ? .graceExpired : .kickoff, previous: nil, current: scenario.view, phase: scenario.phase, at: F.now)
                expectSame(try #require(decision.directJSON()), try Self.reference.encode(decision))
                let payload = LiveActivityPayload(kind: kind, timestamp: F.now, contentState: state, decision: decision, attributes: attributes)
                expectSame(try payload.encoded(), try Self.reference.encode(payload))
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
            expectSame(written { $0.write(string) }, try Self.reference.encode(string))
        }
    }

    @Test("Doubles as JSONEncoder writes them: no trailing .0, exponents as Swift prints them")
    func numbers() throws {
        let doubles: [Double] = [
            0, -0.0, 1, -1, 12, 12.5, 0.1, 0.2, 0.30000000000000004, 1e-7, 1e-6, 1e-5, 1e21, 1e22, 1e15, 1e16, 1e17,
            123_456_789.125, 9_007_199_254_740_992, 9_007_199_254_740_994, 4_503_599_627_370_496.5, 87.45, 100.04, 72.1,
            -2, -0.04, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .ulpOfOne, .pi, 1.7976931348623157e308, 2.5e-8, 65.7, 50, 20.4, 99.9,
        ]
        for value in doubles {
            expectSame(try written { try $0.write(value) }, try Self.reference.encode(value))
        }
    }

    @Test("Integers and booleans")
    func integers() throws {
        for value in [Int.min, -1_000_000, -10, -9, -1, 0, 1, 9, 10, 99, 100, 12_345, 1_000_000_007, Int.max] {
            expectSame(written { $0.write(value) }, try Self.reference.encode(value))
        }
        for value in [true, false] {
            expectSame(written { $0.write(value) }, try Self.reference.encode(value))
        }
    }

    @Test("A NaN or infinite number is refused, as JSONEncoder refuses it")
    func nonFinite() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: JSONOutput.NonFiniteNumber.self) { try written { try $0.write(value) } }
            #expect(throws: EncodingError.self) { try Self.reference.encode(value) }
        }
    }
}
