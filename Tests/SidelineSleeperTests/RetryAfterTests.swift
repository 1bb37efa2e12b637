import Foundation
import SidelineCurl
import Testing
@testable import SidelineSleeper

@Suite("Retry-After and HTTP dates, whatever a server sends")
struct RetryAfterTests {
    /// Sun, 06 Nov 1994 08:48:37 GMT.
    let now = Date(timeIntervalSince1970: 784_111_717)

    @Test("Retry-After reads delay-seconds and HTTP dates, measured from the response's Date")
    func readsBothForms() {
        #expect(RetryAfter.seconds("120") == 120)
        #expect(RetryAfter.seconds(" 120 ") == 120)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", receivedAt: now) == 60)
        // The server's own Date wins over our clock, so skew cancels out.
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", date: "Sun, 06 Nov 1994 08:47:37 GMT", receivedAt: now) == 120)
        // An unreadable Date falls back to our clock; no reference at all is no value.
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", date: "yesterday", receivedAt: now) == 60)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT") == nil)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:40:00 GMT", receivedAt: now) == 0)
        #expect(RetryAfter.seconds("soon") == nil)
        #expect(RetryAfter.seconds(nil) == nil)
    }

    @Test("Every rest is capped at 15 minutes")
    func capped() {
        #expect(RetryAfter.seconds("900") == 900)
        #expect(RetryAfter.seconds("901") == 900)
        #expect(RetryAfter.seconds("1000000000") == 900)
        #expect(RetryAfter.seconds(String(repeating: "9", count: 400)) == 900)
        #expect(RetryAfter.seconds("Fri, 31 Dec 9999 23:59:59 GMT", receivedAt: now) == 900)
    }

    @Test("Garbage, NaN, infinities, signs and exponents are no value, not a crash")
    func garbage() {
        for value in ["inf", "infinity", "-inf", "nan", "NaN", "-1", "+5", "1e9", "1.5", "0x10", "", "   ",
                      "١٢٠", "１２０", "120s", "Sun, 06 Nov 999999999999 08:49:37 GMT",
                      "Sun, 06 Nov 1969 08:49:37 GMT", "Sun, 06 Nov 10000 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 PST"] {
            #expect(RetryAfter.seconds(value, receivedAt: now) == nil, "\(value.debugDescription)")
        }
    }

    @Test("An HTTP date is read in all three of RFC 9110's forms, and outside 1970–9999 is no date")
    func yearBounds() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
        #expect(HTTPDate.parse("Fri, 31 Dec 9999 23:59:59 GMT") != nil)
        #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        for text in ["Sun, 06 Nov 999999999999 08:49:37 GMT", "Sun, 06 Nov 9223372036854775807 08:49:37 GMT",
                     "Sat, 01 Jan 10000 00:00:00 GMT", "Wed, 31 Dec 1969 23:59:59 GMT", "Sun, 06 Nov 0099 08:49:37 GMT",
                     "Sun, 06 Nov -1994 08:49:37 GMT", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT"] {
            #expect(HTTPDate.parse(text) == nil, "\(text)")
        }
    }

    @Test("Fuzz: 5,000 random and hostile header values never crash and never ask for more than 15 minutes")
    func fuzz() {
        var random = SplitMix64(seed: 17)
        for round in 0..<5_000 {
            let value = HostileHeader.value(&random)
            let date = random.next() % 3 == 0 ? nil : HostileHeader.value(&random)
            let receivedAt = random.next() % 4 == 0 ? nil : Date(timeIntervalSince1970: Double(random.next() % 253_402_300_800))
            if let seconds = RetryAfter.seconds(value, date: date, receivedAt: receivedAt) {
                #expect((0...RetryAfter.cap).contains(seconds), "round \(round): \(value.debugDescription) gave \(seconds)")
            }
            for text in [value, date ?? ""] {
                if let parsed = HTTPDate.parse(text) { #expect(HTTPDate.plausible.contains(parsed), "\(text.debugDescription)") }
                if let parsed = ESPNDate.parse(text) { #expect(HTTPDate.plausible.contains(parsed), "\(text.debugDescription)") }
            }
        }
    }
}

/// Header values a hostile or broken server might send: numbers of every size and form,
/// HTTP dates with absurd fields, unicode, very long strings and random bytes.
enum HostileHeader {
    static let fixed = [
        "", " ", "0", "-0", "-1", "1e9", "1e308", "1e999", "inf", "-inf", "nan", "+Infinity", "0x7fffffffffffffff",
        "18446744073709551616", "9223372036854775807", "99999999999999999999999", "3.5", ".5", "5.", "1,000",
        "Sun, 06 Nov 999999999999 08:49:37 GMT", "Sun, 06 Nov 9223372036854775807 08:49:37 GMT",
        "Sun, 06 Nov -9223372036854775808 08:49:37 GMT", "Sun, 99 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 99:99:99 GMT",
        "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 PST",
        "Sun, 06 Nov 1994 08:49:37 GMT\u{0}", "Sun, ٠٦ Nov ١٩٩٤ 08:49:37 GMT", "９９９", "🏈", "\u{202E}0021",
        "999999999999-09-10T00:40Z", "2026-09-10T00:40+99:99", "2026-09-10T00:40:00.99999999999999999999Z",
    ]

    static func value(_ random: inout SplitMix64) -> String {
        switch random.next() % 6 {
        case 0:
            return fixed[Int(random.next() % UInt64(fixed.count))]
        case 1:
            // An IMF-fixdate with each field drawn from a wide range.
            let year = [String(random.next()), String(Int64(bitPattern: random.next())), String(1900 + random.next() % 9000)][Int(random.next() % 3)]
            return "Sun, \(random.next() % 40) Nov \(year) \(random.next() % 30):\(random.next() % 70):\(random.next() % 70) GMT"
        case 2:
            // delay-seconds of any length.
            return String((0..<(1 + random.next() % 40)).map { _ in Character(String(random.next() % 10)) })
        case 3:
            // Random bytes, read as UTF-8 the way a transport would.
            return String(decoding: (0..<(random.next() % 48)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, as: UTF8.self)
        case 4:
            // Random unicode scalars.
            return String(String.UnicodeScalarView((0..<(random.next() % 24)).compactMap { _ in Unicode.Scalar(UInt32(random.next() % 0x11_0000)) }))
        default:
            // Very long: a valid date or number buried in padding.
            return String(repeating: "9", count: Int(random.next() % 5000)) + (random.next() % 2 == 0 ? " GMT" : "")
        }
    }
}

/// A small seeded generator, so a failing fuzz round can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
