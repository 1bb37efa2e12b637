import Foundation
import SidelineActivity
import SidelineCore
import Testing
@testable import SidelineServer

extension ServerTests {
    @Suite("The status page's activity card: the win chance beside the Lock Screen headline")
    struct StatusPageCardTests {
        static func activity(winProbability: Double?) -> StatusPageModel.Activity {
            let starter = StarterLine(playerID: "1", name: "Josh Allen", position: "QB", team: TeamCode(normalized: "BUF"), points: 20.5, state: .playing, kickoff: nil)
            let view = MatchupView(
                leagueName: "Dynasty Bros", season: "2026", week: 12,
                me: LineupView(rosterID: 1, teamName: "Gridiron Gang", points: 87.4, starters: [starter]),
                opponent: LineupView(rosterID: 2, teamName: "Taco Tuesday", points: 72.1, starters: [starter]),
                winProbability: winProbability
            )
            return StatusPageModel.Activity(
                activityID: "1-2026w12-1", username: "alex", phase: "live",
                attributes: DisplayBuilder.attributes(registration: "1", activity: "1-2026w12-1", view: view),
                state: DisplayBuilder.contentState(for: view, phase: .live, context: DisplayContext(now: Date(timeIntervalSince1970: 1_795_374_840)))
            )
        }

        @Test("Shown under the headline when known, as the phone shows it; no empty element when not")
        func winChance() throws {
            let card = StatusPageHTML.card(Self.activity(winProbability: 0.62))
            #expect(card.contains(#"<div class="lock-win">62% to win</div>"#))
            let headline = try #require(card.range(of: "lock-headline"))
            let chance = try #require(card.range(of: "lock-win"))
            #expect(headline.lowerBound < chance.lowerBound)
            #expect(!StatusPageHTML.card(Self.activity(winProbability: nil)).contains("lock-win"))
        }
    }
}
