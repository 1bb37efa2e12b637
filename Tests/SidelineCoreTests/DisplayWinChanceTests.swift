import Foundation
import SidelineActivity
import Testing
@testable import SidelineCore

/// The win chance in the content state: `"62% to win"`, a whole percent, never 0 or 100,
/// and only while the matchup is open.
@Suite("Display: the win chance")
struct DisplayWinChanceTests {
    typealias F = DisplayFixtures

    func chance(_ probability: Double?, _ view: MatchupView? = nil, phase: DisplayPhase = .live) -> String? {
        let base = view ?? F.matchup(F.myLineup(), F.theirLineup())
        let shown = MatchupView(leagueName: base.leagueName, season: base.season, week: base.week, me: base.me, opponent: base.opponent,
                                hasMedianGame: base.hasMedianGame, winProbability: probability)
        return DisplayBuilder.contentState(for: shown, phase: phase, context: F.context).winChance
    }

    @Test("A whole percent, rounded: 62% to win")
    func wholePercent() {
        #expect(chance(0.62) == "62% to win")
        #expect(chance(0.6249) == "62% to win")
        #expect(chance(0.6251) == "63% to win")
        #expect(chance(0.5) == "50% to win")
        #expect(chance(0.38) == "38% to win")
    }

    @Test("Never 0% or 100% while anything is left to play")
    func clampedWhileOpen() {
        #expect(chance(1) == "99% to win")
        #expect(chance(0.998) == "99% to win")
        #expect(chance(0) == "1% to win")
        #expect(chance(0.004) == "1% to win")
        #expect(chance(-3) == "1% to win")
        #expect(chance(7) == "99% to win")
    }

    @Test("Omitted when unknown or not a number")
    func omittedWhenUnknown() {
        #expect(chance(nil) == nil)
        #expect(chance(.nan) == nil)
        #expect(chance(.infinity) == nil)
    }

    @Test("Omitted once decided (the final score says it) and without an opponent")
    func omittedWhenDecidedOrAlone() {
        #expect(chance(1, DisplayScenario.finalWon.view, phase: .ended) == nil)
        #expect(chance(0, DisplayScenario.finalLost.view, phase: .ended) == nil)
        #expect(chance(0.5, DisplayScenario.finalTied.view, phase: .ended) == nil)
        #expect(chance(0.9, DisplayScenario.byeLive.view) == nil)
        // Not decided while the opponent still has players, in grace or at the end.
        #expect(chance(0.97, DisplayScenario.graceTheyHaveTwoToPlay.view, phase: .grace) == "97% to win")
        #expect(chance(0.97, DisplayScenario.finalTheyStillPlay.view, phase: .ended) == "97% to win")
    }

    @Test("Encoded as winChance when known, left out of the JSON when not; the status helper agrees")
    func encoding() throws {
        let view = DisplayScenario.medianLeague.view
        let state = DisplayBuilder.contentState(for: view, phase: .live, context: F.context)
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any])
        #expect(object["winChance"] as? String == "62% to win")
        #expect(DisplayBuilder.winChance(for: view, phase: .live) == "62% to win")
        let without = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(DisplayScenario.liveWinning.contentState)) as? [String: Any])
        #expect(without.keys.contains("winChance") == false)
        #expect(String(decoding: try #require(state.directJSON()), as: UTF8.self).hasSuffix(#","winChance":"62% to win"}"#))
    }
}
