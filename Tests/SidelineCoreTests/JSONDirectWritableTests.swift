import Foundation
import SidelineActivity
import Testing
@testable import SidelineCore

/// The hand-written JSON of the Live Activity model and the push decision against
/// `JSONEncoder` (sorted keys, unescaped slashes) on the types' own `Codable` shapes: every
/// optional set and unset, every odd string in every string field, odd numbers. A key added
/// to one of these types' `Codable` shape and not to its writer fails here.
@Suite("Direct JSON writers: JSONEncoder's bytes without Codable")
struct JSONDirectWritableTests {
    static let reference = JSONEncoder.sortedKeysReference

    func expectSame<T: Encodable & JSONDirectWritable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try Self.reference.encode(value)
        let actual = value.directJSON()
        #expect(
            actual == expected,
            "\(actual.map { String(decoding: $0, as: UTF8.self) } ?? "nil") ≠ \(String(decoding: expected, as: UTF8.self))",
            sourceLocation: sourceLocation
        )
    }

    /// Strings that need every escape JSONEncoder makes, and some it must not make.
    static let oddStrings = JSONOutputTests.oddStrings + ["💯💯", "a/b//c", "O\"Hara \\ 日本 🏈\u{1F}"]

    static func counts(_ seed: Int) -> LiveActivityPlayerCounts {
        LiveActivityPlayerCounts(playing: seed, toPlay: -seed, done: seed == 0 ? Int.max : Int.min)
    }

    static func contentState(_ text: String, full: Bool, performers: Int) -> LiveActivityContentState {
        LiveActivityContentState(
            updatedAt: full ? 1_795_366_800 : -1, phase: full ? .grace : .final, sentiment: full ? .winning : .neutral,
            myScore: text, opponentScore: full ? text + "2" : nil, scoreLine: text, margin: "m" + text, headline: text,
            myCounts: counts(3), opponentCounts: full ? counts(0) : nil, myPlayersLine: text,
            opponentPlayersLine: full ? text : nil,
            topPerformers: (0..<performers).map { LiveActivityPerformer(name: text, points: "\($0).5", line: text + " \($0)") },
            next: full ? "next: " + text : nil, asOf: text, staleText: text, medianNote: full ? text : nil,
            compactLeading: text, compactTrailing: text, minimal: text,
            expanded: LiveActivityExpandedText(leading: text, trailing: "t", center: text, bottom: text),
            lockScreen: LiveActivityLockScreenText(headline: text, detail: "d" + text, footer: text),
            small: LiveActivitySmallText(headline: text, detail: text),
            winChance: full ? "w" + text : nil
        )
    }

    static func attributes(_ text: String, full: Bool) -> LiveActivityAttributes {
        LiveActivityAttributes(
            registration: text, activity: "1-2026w12-1" + text, leagueName: text, season: text, week: full ? 12 : 0,
            myTeamName: text, myTeamShortName: text, opponentTeamName: full ? text : nil,
            opponentTeamShortName: full ? "o" + text : nil, title: text, subtitle: text
        )
    }

    @Test("Content states and attributes: every optional set and unset, odd strings, 0 to 3 performers")
    func activityModel() throws {
        for (index, text) in Self.oddStrings.enumerated() {
            for full in [true, false] {
                try expectSame(Self.contentState(text, full: full, performers: index % 4))
                try expectSame(Self.attributes(text, full: full))
            }
        }
        // Only one of the optionals set at a time: each is left out or written on its own.
        let base = Self.contentState("x", full: false, performers: 1)
        try expectSame(LiveActivityContentState(
            updatedAt: 0, phase: .live, sentiment: .tied, myScore: "1", opponentScore: "2", scoreLine: "", margin: "",
            headline: "", myCounts: base.myCounts, opponentCounts: nil, myPlayersLine: "", opponentPlayersLine: nil,
            topPerformers: [], next: nil, asOf: "", staleText: "", medianNote: "note", compactLeading: "", compactTrailing: "",
            minimal: "", expanded: base.expanded, lockScreen: base.lockScreen, small: base.small
        ))
        try expectSame(LiveActivityContentState(
            updatedAt: 0, phase: .live, sentiment: .tied, myScore: "1", opponentScore: nil, scoreLine: "", margin: "",
            headline: "", myCounts: base.myCounts, opponentCounts: nil, myPlayersLine: "", opponentPlayersLine: nil,
            topPerformers: [], next: nil, asOf: "", staleText: "", medianNote: nil, compactLeading: "", compactTrailing: "",
            minimal: "", expanded: base.expanded, lockScreen: base.lockScreen, small: base.small, winChance: "62% to win"
        ))
        try expectSame(LiveActivityAttributes(
            registration: "r", activity: "a", leagueName: "l", season: "s", week: 1, myTeamName: "m", myTeamShortName: "m",
            opponentTeamName: nil, opponentTeamShortName: "o", title: "t", subtitle: "s"
        ))
        for phase in LiveActivityPhase.allCases {
            for sentiment in LiveActivitySentiment.allCases {
                try expectSame(LiveActivityContentState(
                    updatedAt: 1, phase: phase, sentiment: sentiment, myScore: "", opponentScore: nil, scoreLine: "",
                    margin: "", headline: "", myCounts: base.myCounts, opponentCounts: nil, myPlayersLine: "",
                    opponentPlayersLine: nil, topPerformers: base.topPerformers, next: "n", asOf: "", staleText: "",
                    medianNote: nil, compactLeading: "", compactTrailing: "", minimal: "", expanded: base.expanded,
                    lockScreen: base.lockScreen, small: base.small
                ))
            }
        }
    }

    static let doubles: [Double] = [
        0, -0.0, 1, -1, 12, 12.5, 0.1, 0.30000000000000004, 1e-7, 1e-6, 1e21, 1e22, 1e15, 1e16, 87.45, 100.04, 99.99,
        -0.04, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .pi, 9_007_199_254_740_994, 1e15 + 0.5, 65.7, 50, 100,
    ]
    static let instants: [Date?] = [
        nil, Date(timeIntervalSince1970: 1_795_366_800), Date(timeIntervalSince1970: 1_795_366_800.999),
        Date(timeIntervalSince1970: -1.5), Date(timeIntervalSince1970: 0),
    ]

    @Test("Push decisions: every optional set and unset, odd relevance scores, fractional and negative instants")
    func pushDecisions() throws {
        let alerts: [PushAlert?] = [nil] + Self.oddStrings.prefix(40).flatMap { text in
            [PushAlert(title: text, body: "b" + text, sound: nil), PushAlert(title: "t", body: text, sound: text)]
        }
        for (index, alert) in alerts.enumerated() {
            for stale in Self.instants {
                for dismissal in Self.instants {
                    let decision = PushDecision(
                        priority: index % 2 == 0 ? 5 : 10, alert: alert, relevanceScore: Self.doubles[index % Self.doubles.count],
                        staleDate: stale, dismissalDate: dismissal
                    )
                    try expectSame(decision)
                    if let alert { try expectSame(alert) }
                }
            }
        }
        for score in Self.doubles {
            try expectSame(PushDecision(priority: 5, alert: nil, relevanceScore: score, staleDate: nil, dismissalDate: nil))
        }
    }

    @Test("A non-finite number: JSONEncoder throws, the direct writer gives no bytes")
    func nonFinite() {
        for score in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            let decision = PushDecision(priority: 5, alert: nil, relevanceScore: score, staleDate: nil, dismissalDate: nil)
            #expect(throws: EncodingError.self) { try Self.reference.encode(decision) }
            #expect(decision.directJSON() == nil)
        }
    }

    @Test("Starter counts: snake_case keys, extreme values")
    func starterCounts() throws {
        for value in [0, 1, -1, 9, 10, Int.max, Int.min] {
            try expectSame(StarterCounts(playing: value, toPlay: 7, done: value / -2))
        }
    }

    @Test("Lists of performers: empty, one, several")
    func performerLists() throws {
        for count in 0..<5 {
            let list = (0..<count).map { LiveActivityPerformer(name: "P. \($0)", points: "1\($0).0", line: "\"\($0)\"/") }
            var output = JSONOutput(capacity: 1)
            try output.write(list)
            #expect(output.data == (try Self.reference.encode(list)))
        }
    }
}

extension JSONDirectWritableTests {
    @Test("APNs payloads: every kind, with and without alert, attributes, stale and dismissal dates")
    func apnsPayloads() throws {
        let timestamps = [Date(timeIntervalSince1970: 1_795_400_000), Date(timeIntervalSince1970: 1_795_400_000.75)]
        for (index, text) in Self.oddStrings.prefix(60).enumerated() {
            let state = Self.contentState(text, full: index % 2 == 0, performers: index % 4)
            let attributes = Self.attributes(text, full: index % 3 == 0)
            for kind in [LifecycleEventKind.start, .update, .end] {
                for alert in [nil, PushAlert(title: text, body: "b", sound: index % 2 == 0 ? nil : "default")] {
                    for (stale, dismissal) in [(Self.instants[1], nil), (nil, Self.instants[2]), (Self.instants[3], Self.instants[4]), (nil, nil)] {
                        let decision = PushDecision(
                            priority: 10, alert: alert, relevanceScore: Self.doubles[index % Self.doubles.count],
                            staleDate: stale, dismissalDate: dismissal
                        )
                        let payload = LiveActivityPayload(
                            kind: kind, timestamp: timestamps[index % 2], contentState: state, decision: decision,
                            attributes: index % 5 == 0 ? nil : attributes
                        )
                        try expectSame(payload)
                        #expect(try payload.encoded() == Self.reference.encode(payload))
                    }
                }
            }
        }
    }

    @Test("An APNs payload with a non-finite relevance score throws an error that says so")
    func apnsNonFinite() {
        let decision = PushDecision(priority: 5, alert: nil, relevanceScore: .nan, staleDate: nil, dismissalDate: nil)
        let payload = LiveActivityPayload(kind: .update, timestamp: Date(timeIntervalSince1970: 0), contentState: Self.contentState("x", full: true, performers: 1), decision: decision)
        #expect(payload.directJSON() == nil)
        #expect(throws: LiveActivityPayloadEncodingError.self) { try payload.encoded() }
    }
}

extension JSONDirectWritableTests {
    /// Strings are scanned eight bytes at a time: every ASCII byte (escaped or not) at every
    /// position of a word, in strings of every length around a word's, and two in a row.
    @Test("Every ASCII byte at every position of strings scanned a word at a time")
    func escapesAtEveryPosition() throws {
        for byte in UInt8(0)..<0x80 {
            let character = String(UnicodeScalar(byte))
            for length in [7, 8, 9, 15, 16, 17, 24] {
                for position in 0..<length {
                    var text = String(repeating: "a", count: position) + character
                    text += String(repeating: "b", count: length - position - 1)
                    try expectSame(LiveActivitySmallText(headline: text, detail: text + character + "日本" + text))
                }
            }
        }
    }
}
