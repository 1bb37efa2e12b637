import Foundation
import Testing
@testable import SidelineSleeper
import SidelineCore
import SidelineFakeSleeper

@Suite("League settings that change what the Lock Screen says")
struct LeagueSettingsDecodingTests {
    @Test("league_average_match = 1 marks a median-game league; absent or 0 does not")
    func medianGame() throws {
        func decode(_ json: String) throws -> League {
            try JSONDecoder().decode(WireLeague.self, from: Data(json.utf8)).league
        }
        #expect(try decode(#"{"league_id": "1", "settings": {"league_average_match": 1}}"#).hasMedianGame)
        #expect(try !decode(#"{"league_id": "1", "settings": {"league_average_match": 0}}"#).hasMedianGame)
        #expect(try !decode(#"{"league_id": "1"}"#).hasMedianGame)
        // The real sample has the setting at 0.
        let url = try #require(Bundle.module.url(forResource: "league", withExtension: "json", subdirectory: "Fixtures"))
        #expect(try !JSONDecoder().decode(WireLeague.self, from: Data(contentsOf: url)).league.hasMedianGame)
    }

    @Test("A league stored before the median field existed still decodes")
    func oldStoredLeague() throws {
        let old = #"{"leagueID":"1","name":"Old","season":"2026","status":{"inSeason":{}},"isBestBall":false}"#
        let league = try JSONDecoder().decode(League.self, from: Data(old.utf8))
        #expect(!league.hasMedianGame)
    }
}
