import Foundation
import Testing
@testable import SidelineCore

/// APNs rejects a payload over 4096 bytes with 413, and the activity stops updating.
@Suite("Payload size")
struct DisplayPayloadSizeTests {
    typealias F = DisplayFixtures

    static let family = "👨‍👩‍👧‍👦"  // 25 bytes in UTF-8, one character
    static let longName = String(repeating: family, count: 40)

    /// The largest view we can build: emoji names everywhere, two-decimal four-digit scores,
    /// a best-ball-sized lineup with two-digit counts, every performer slot full, a win chance.
    static func worstView(opponentLeft: Bool) -> MatchupView {
        let playing = (0..<12).map { F.player(longName + "\($0)", "WR", "KC", 1234.56, .playing) }
        let toPlay = (0..<12).map { F.player("Player \($0)", "RB", "SF", 0, .toPlay, kickoff: F.mondayNight) }
        let done = (0..<12).map { F.player("Player \($0)", "TE", "DAL", 99.99, .done) }
        let me = F.lineup(1, longName, 1234.56, playing + toPlay + done)
        let them = F.lineup(2, longName, 1234.51, opponentLeft ? playing + toPlay + done : done)
        // A win chance too: every optional field of the content state set.
        return MatchupView(leagueName: longName, season: "2026", week: 18, me: me, opponent: them, hasMedianGame: true, winProbability: 0.5)
    }

    static let locales = ["en_US", "de_DE", "ar_EG", "my_MM", "ta_IN", "ja_JP", "ml_IN"]

    @Test("The largest start, update and end payloads fit in 4096 bytes")
    func worstCaseFits() throws {
        var largest = 0
        for locale in Self.locales {
            let context = DisplayContext(now: F.now, localeIdentifier: locale)
            for kind in [LifecycleEventKind.start, .update, .end] {
                let view = Self.worstView(opponentLeft: kind != .end)
                let phase: DisplayPhase = kind == .end ? .ended : .live
                let decision = PushPolicy.decide(
                    kind: kind, reason: kind == .end ? .graceExpired : .kickoff,
                    previous: kind == .update ? Self.worstView(opponentLeft: true) : nil,
                    current: view, phase: phase, at: F.now
                )
                let payload = LiveActivityPayload(
                    kind: kind,
                    timestamp: F.now,
                    contentState: DisplayBuilder.contentState(for: view, phase: phase, context: context),
                    decision: decision,
                    attributes: DisplayBuilder.attributes(
                        registration: String(repeating: "r", count: 64),
                        activity: String(repeating: "a", count: 64),
                        view: view
                    )
                )
                let size = try payload.encoded().count
                largest = max(largest, size)
                #expect(size <= LiveActivityPayload.maxBytes, "\(kind) in \(locale) is \(size) bytes")
            }
        }
        // Headroom for copy changes; if this fails, shorten copy or caps before APNs does.
        #expect(largest <= 3600, "largest payload is \(largest) bytes")
    }
}
