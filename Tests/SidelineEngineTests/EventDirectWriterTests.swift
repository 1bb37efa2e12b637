import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineEngine
@testable import SidelineDelivery

/// `EventEnvelope.encoded()` writes the payload directly, without `Codable` (ADR 014): the
/// envelope-level shapes the seeded corpus may miss, each compared with `JSONEncoder`.
@Suite("Event payloads: the direct writer against JSONEncoder")
struct EventDirectWriterTests {
    static let reference = JSONEncoder.sortedKeysReference

    static let oddStrings = [
        "", "/", "KC D/ST", "a//b", "\"", "\\", "\"\\/", "tab\t", "line\n", "cr\r", "\u{0}", "\u{1F}", "\u{7F}", "\u{8}\u{C}",
        "é", "e\u{301}", "🏈", "👨‍👩‍👧‍👦", "🇺🇸", "日本語", "\u{2028}\u{2029}", "\u{FEFF}", "\u{A0}\u{202F}", "<&>", "user_1",
    ]
    static let scores: [Double] = [
        0, -0.0, 1, -1, 87.45, 100.04, 0.1, 1e-7, 1e-5, 1e15 + 0.5, 1e16, 1e21, 9.999999999999999e+20, -9.3e16,
        .leastNonzeroMagnitude, .greatestFiniteMagnitude, -3.5,
    ]

    /// `envelope` with fields replaced, through its `Codable` shape (the envelope has no
    /// memberwise initialiser).
    static func edited(_ envelope: EventEnvelope, _ edit: (inout [String: Any]) -> Void) throws -> EventEnvelope {
        var object = try #require(JSONSerialization.jsonObject(with: reference.encode(envelope)) as? [String: Any])
        edit(&object)
        return try EventEnvelope.decode(JSONSerialization.data(withJSONObject: object))
    }

    func expectSame(_ envelope: EventEnvelope, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try Self.reference.encode(envelope)
        #expect(try envelope.encoded() == expected, comment, sourceLocation: sourceLocation)
        #expect(envelope.directJSON() == expected, comment, sourceLocation: sourceLocation)
    }

    /// Finite corpus envelopes: starts (alerts), updates, ends (dismissal dates), byes, median games.
    static func bases() -> [EventEnvelope] {
        EnvelopeCorpus.items(seed: 4_242, count: 120).map(\.envelope).filter { envelope in
            envelope.score.team.isFinite && (envelope.score.opponent?.isFinite ?? true)
        }
    }

    @Test("Odd strings in every top-level string field")
    func oddStrings() throws {
        let bases = Self.bases()
        let fields = ["activity", "at", "league_id", "league_name", "registration", "season", "sleeper_user_id", "username"]
        for (index, text) in Self.oddStrings.enumerated() {
            let envelope = try Self.edited(bases[index % bases.count]) { object in
                for field in fields { object[field] = text + field }
            }
            #expect(envelope.username == text + "username")
            try expectSame(envelope, "\(text.debugDescription)")
        }
    }

    @Test("Scores: with and without an opponent, negative zero, tiny, large")
    func scores() throws {
        let bases = Self.bases()
        for (index, team) in Self.scores.enumerated() {
            for opponent in [nil] + Self.scores.map(Optional.some) {
                let envelope = try Self.edited(bases[(index * 7) % bases.count]) { object in
                    object["score"] = opponent.map { ["team": team, "opponent": $0] } ?? ["team": team]
                }
                #expect(envelope.score.team == team && envelope.score.opponent == opponent)
                try expectSame(envelope, "team \(team), opponent \(String(describing: opponent))")
            }
        }
        let negativeZero = try Self.edited(bases[0]) { $0["score"] = ["team": -0.0] }
        #expect(negativeZero.score.team.sign == .minus)
        try expectSame(negativeZero, "-0")
    }

    @Test("An envelope stored before the push decision existed (no push), and one of every kind, phase and mode")
    func shapes() throws {
        let bases = Self.bases()
        #expect(bases.contains { $0.score.opponent == nil })
        #expect(bases.contains { $0.contentState.medianNote != nil })
        #expect(bases.contains { $0.push?.alert != nil } && bases.contains { $0.push?.dismissalDate != nil })
        for base in bases {
            try expectSame(base, "base")
            try expectSame(Self.edited(base) { $0["push"] = nil }, "no push")
        }
        for (kind, phase) in [("start", "live"), ("update", "grace"), ("end", "ended")] {
            for dryRun in [true, false] {
                let envelope = try Self.edited(bases[0]) { object in
                    object["event"] = kind
                    object["phase"] = phase
                    object["dry_run"] = dryRun
                }
                try expectSame(envelope, "\(kind) \(phase) \(dryRun)")
            }
        }
    }

    @Test("A NaN or infinite score: JSONEncoder throws, and so does encoded(): no unreadable payload reaches the outbox")
    func nonFiniteScores() throws {
        let envelopes = EnvelopeCorpus.items(seed: 20_261_122, count: 600).map(\.envelope).filter { envelope in
            !envelope.score.team.isFinite || !(envelope.score.opponent?.isFinite ?? true)
        }
        #expect(!envelopes.isEmpty)
        for envelope in envelopes {
            #expect(throws: EncodingError.self) { try Self.reference.encode(envelope) }
            #expect(throws: EventEncodingError.self) { try envelope.encoded() }
            #expect(envelope.directJSON() == nil)
        }
    }
}
