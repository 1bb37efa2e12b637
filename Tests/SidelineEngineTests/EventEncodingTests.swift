import Foundation
import SidelineActivity
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
@testable import SidelineDelivery

/// Outbox payloads are sent verbatim to sinks: the bytes of an event must not change when
/// the code that builds and encodes it gets faster (ADR 014).
@Suite("Event payloads: byte-identical to JSONEncoder and to before")
struct EventEncodingTests {
    static let reference = JSONEncoder.sortedKeysReference

    /// FNV-1a of each block of 25 payloads of `EnvelopeCorpus.items(seed: 20261122, count:
    /// 600)`, taken with the code before ADR 014 (JSONEncoder, and the display copy as it was).
    static let pinnedPayloads = [
        "b25fd5c41a21685e", "92555542a595279", "4d87609509fd3d7d", "68753153001a6eca", "c9cb74fcc768c09c", "8ac539d2dcf73c91",
        "fe809fd6a5a749d8", "e7bf14fd754497c7", "90018fdfe96b3b10", "1f5c0df3ffa1d0b4", "4dffbf67c0d6d7f", "67f02dcb868a4017",
        "e2c0827e33e70999", "d3cac09df60244fd", "10d585a48c36ba17", "a2737d5f2f374c42", "e0095ee5569a042e", "6ee6877ce5811c71",
        "ceab30891467076f", "94f0fefb88bccbf7", "356cfae930d3c73a", "7c05ad5995480167", "fb18a8a2ba20969", "f5f7f1f5d7b1b4ed",
    ]
    /// The same for the APNs payloads built from those events.
    static let pinnedAPNs = [
        "2286b4e43ca40830", "875b048c88f256d1", "a6fb69ec778c8a1d", "c3624052fc4853f5", "a5c739004d0bbd94", "3978176b03e63736",
        "f5aee62103e28ebe", "fcb09384373de2ed", "d1e27b768d766bc1", "7355da9222b234a9", "2fe2abb02435ed2", "48bffbcba6775bc4",
        "970a5a5e91fa6707", "4238eddee9ff4ffd", "c3e60c613da6ca52", "502f2835adcc803a", "945c365f687a26b0", "230fa71bf1169197",
        "1eecf7d4489adc0e", "a2777ef2904ec251", "38cefc37406703c8", "dc61f387dc2d3e11", "5f58e9e695a2dde7", "29679eb67a1cf465",
    ]

    /// `payload` as schema version 1 wrote it: since issue 21 (the win chance) every content
    /// state and attributes value says version 2, and since issue 30 (a person's activity)
    /// version 3 and `"scope":"league"` (the envelope too); the corpus has no win chance, so
    /// with the number set back and the scope taken out every byte is what it was.
    static func asVersionOne(_ payload: Data) -> Data {
        Data(String(decoding: payload, as: UTF8.self)
            .replacingOccurrences(of: #""schemaVersion":\#(LiveActivitySchemaVersion.current)"#, with: #""schemaVersion":1"#)
            .replacingOccurrences(of: #","scope":"league""#, with: "").utf8)
    }

    static func digests(_ payloads: [Data]) -> [String] {
        stride(from: 0, to: payloads.count, by: 25).map { block in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for payload in payloads[block..<min(block + 25, payloads.count)] { fnv1a(payload, into: &hash) }
            return String(hash, radix: 16)
        }
    }

    static func apnsPayload(_ envelope: EventEnvelope) -> LiveActivityPayload? {
        guard let push = envelope.push else { return nil }
        return LiveActivityPayload(kind: envelope.event, timestamp: Date(timeIntervalSince1970: 1_795_400_000), contentState: envelope.contentState, decision: push, attributes: envelope.attributes)
    }

    @Test("A seeded corpus of 600 events encodes to the bytes pinned before the fast paths")
    func pinnedCorpus() throws {
        let envelopes = EnvelopeCorpus.items(seed: 20_261_122, count: 600).map(\.envelope)
        let payloads = envelopes.map { (try? $0.encoded()) ?? Data("{}".utf8) }
        #expect(!payloads.contains { $0.range(of: Data(#""winChance""#.utf8)) != nil })
        #expect(Self.digests(payloads.map(Self.asVersionOne)) == Self.pinnedPayloads)
        let apns = try envelopes.compactMap(Self.apnsPayload).map { try Self.asVersionOne($0.encoded()) }
        // Since issue 16 a start asks for an update token (iOS 18); without that one member
        // every APNs payload is byte for byte what it was.
        let field = Data(#","input-push-token":1"#.utf8)
        let starts = apns.filter { $0.range(of: Data(#""event":"start""#.utf8)) != nil }
        #expect(!starts.isEmpty && starts.allSatisfy { $0.range(of: field) != nil })
        let withoutField = apns.map { payload in
            guard let range = payload.range(of: field) else { return payload }
            var stripped = payload
            stripped.removeSubrange(range)
            return stripped
        }
        #expect(Self.digests(withoutField) == Self.pinnedAPNs)
        // Some events carry a NaN or infinite score: JSONEncoder refuses them, and so does
        // `encoded()` (such an event is never committed; `{}` stands in for it here).
        #expect(payloads.contains(Data("{}".utf8)))
    }

    @Test("Every payload of 2,000 seeded events equals JSONEncoder's, made by the direct writer")
    func fuzzAgainstJSONEncoder() throws {
        for (index, item) in EnvelopeCorpus.items(seed: 7, count: 2_000).enumerated() {
            let envelope = item.envelope
            let expected = (try? Self.reference.encode(envelope)) ?? Data("{}".utf8)
            #expect((try? envelope.encoded()) ?? Data("{}".utf8) == expected, "event \(index)")
            // The direct writer `encoded()` uses made it (except where JSONEncoder throws).
            let finite = envelope.score.team.isFinite && (envelope.score.opponent?.isFinite ?? true)
            #expect(envelope.directJSON() == (finite ? expected : nil), "event \(index): direct writer")
            if let payload = Self.apnsPayload(envelope) {
                let expectedAPNs = try Self.reference.encode(payload)
                #expect(try payload.encoded() == expectedAPNs, "event \(index): APNs")
            }
        }
    }

    @Test("The event timestamp memo gives what the format style gives, whatever the order")
    func timestampMemo() {
        var random = SplitMix64(seed: 3)
        let instants = (0..<200).map { _ in Date(timeIntervalSince1970: Double(random.next() % 4_000_000_000) + Double(random.next() % 1000) / 1000) }
        for instant in instants + instants.reversed() + instants {
            #expect(EventEnvelope.timestamp(instant) == instant.formatted(Date.ISO8601FormatStyle()))
            #expect(EventEnvelope.timestamp(instant) == instant.formatted(Date.ISO8601FormatStyle()))
        }
    }

    @Test("An absurd score from a broken feed (1e21) shows as zero instead of trapping, and still encodes as JSONEncoder does")
    func absurdScore() throws {
        let at = EnvelopeCorpus.sunday
        let star = StarterLine(playerID: "1", name: "Patrick Mahomes", position: "QB", team: TeamCode(normalizing: "KC"), points: 1e300, state: .playing, kickoff: at)
        let view = MatchupView(
            leagueName: "Dynasty Bros", season: "2026", week: 12,
            me: LineupView(rosterID: 1, teamName: "Gridiron Gang", points: 1e21, starters: [star]),
            opponent: LineupView(rosterID: 2, teamName: "Taco Tuesday", points: -9.3e16, starters: [])
        )
        let registration = Registration(id: 1, sleeperUserID: "7", username: "alex", displayName: "Alex", leagueID: "118", leagueName: "Dynasty Bros", rosterID: 1, season: "2026", createdAt: at)
        for kind in [LifecycleEventKind.start, .update, .end] {
            let event = LifecycleEvent(kind: kind, reason: kind == .end ? .graceExpired : .points, at: at, activityID: "1-2026w12-1", view: view, phase: kind == .end ? .ended : .live)
            let envelope = EventEnvelope(event, registration: registration, mode: .live, display: DisplayContext(now: at), previous: view)
            #expect(envelope.contentState.scoreLine == "0.0 – 0.0")
            #expect(envelope.contentState.topPerformers.map(\.points) == ["0.0"])
            #expect(envelope.score.team == EventEnvelope.rounded(1e21))
            #expect(try envelope.encoded() == (try Self.reference.encode(envelope)))
            #expect(String(decoding: try envelope.encoded(), as: UTF8.self).contains("\"team\":9.999999999999999e+20"))
        }
    }
}
