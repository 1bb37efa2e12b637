import Foundation
import Testing
import SidelineActivity

/// What the widget decodes from `aps.content-state` (ActivityKit uses a plain
/// `JSONDecoder`). A content state that does not decode is dropped silently on the phone,
/// so a new field must be optional: old servers never send it, and an activity started by
/// one keeps its shape for up to eight hours.
@Suite("The widget's content state: the win chance, and states from servers without it")
struct ContentStateDecodingTests {
    /// A state as a version 1 server sends it, all fields but the optional ones.
    static let versionOne = """
        {"schemaVersion":1,"updatedAt":1795374840,"phase":"live","sentiment":"winning",
         "myScore":"87.4","opponentScore":"72.1","scoreLine":"87.4 – 72.1","margin":"Up 15.3","headline":"Up 15.3",
         "myCounts":{"playing":3,"toPlay":2,"done":4},"myPlayersLine":"3 playing · 2 to play · 4 done",
         "topPerformers":[],"asOf":"as of 2:14 PM","staleText":"Scores may be behind — last update 2:14 PM",
         "compactLeading":"87.4","compactTrailing":"72.1","minimal":"+15.3",
         "expanded":{"leading":"87.4","trailing":"72.1","center":"Up 15.3","bottom":"3 playing · 2 to play · 4 done"},
         "lockScreen":{"headline":"Up 15.3 — 87.4 – 72.1","detail":"Nobody playing right now","footer":"as of 2:14 PM"},
         "small":{"headline":"87.4 – 72.1","detail":"Up 15.3"}}
        """

    static func decode(_ json: String) throws -> LiveActivityAttributes.ContentState {
        try JSONDecoder().decode(LiveActivityAttributes.ContentState.self, from: Data(json.utf8))
    }

    @Test("A state from a server before the win chance decodes, with none to show")
    func withoutWinChance() throws {
        let state = try Self.decode(Self.versionOne)
        #expect(state.schemaVersion == 1)
        #expect(state.winChance == nil)
        #expect(state.lockScreen.headline == "Up 15.3 — 87.4 – 72.1")
    }

    @Test("A version 2 state carries the win chance, ready to show")
    func withWinChance() throws {
        let json = Self.versionOne
            .replacingOccurrences(of: #""schemaVersion":1"#, with: #""schemaVersion":2"#)
            .replacingOccurrences(of: #""minimal":"+15.3""#, with: #""minimal":"+15.3","winChance":"62% to win""#)
        let state = try Self.decode(json)
        #expect(state.schemaVersion == 2)
        #expect(state.winChance == "62% to win")
    }

    @Test("A state without a win chance encodes no key for it, and round-trips either way")
    func roundTrip() throws {
        let without = try Self.decode(Self.versionOne)
        let encoded = String(decoding: try JSONEncoder().encode(without), as: UTF8.self)
        #expect(!encoded.contains("winChance"))
        #expect(try JSONDecoder().decode(LiveActivityContentState.self, from: JSONEncoder().encode(without)) == without)
        let with = LiveActivityContentState(
            updatedAt: without.updatedAt, phase: without.phase, sentiment: without.sentiment, myScore: without.myScore,
            opponentScore: without.opponentScore, scoreLine: without.scoreLine, margin: without.margin, headline: without.headline,
            myCounts: without.myCounts, opponentCounts: nil, myPlayersLine: without.myPlayersLine, opponentPlayersLine: nil,
            topPerformers: [], next: nil, asOf: without.asOf, staleText: without.staleText, medianNote: nil,
            compactLeading: without.compactLeading, compactTrailing: without.compactTrailing, minimal: without.minimal,
            expanded: without.expanded, lockScreen: without.lockScreen, small: without.small, winChance: "38% to win"
        )
        #expect(with.schemaVersion == LiveActivitySchemaVersion.current)
        #expect(try JSONDecoder().decode(LiveActivityContentState.self, from: JSONEncoder().encode(with)) == with)
    }
}
