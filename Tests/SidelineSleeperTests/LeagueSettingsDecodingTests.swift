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

    @Test("scoring_settings of the real sample are read whole: every rule, with its value")
    func scoringSettingsOfTheSample() throws {
        let league = try JSONDecoder().decode(WireLeague.self, from: Fixture.data("league.json")).league
        let rules = try #require(league.scoringSettings).pointsPerStat
        #expect(rules.count == 42)
        #expect(rules["pass_yd"] == 0.04)
        #expect(rules["rec"] == 1)
        #expect(rules["fgm_40_49"] == 4)
        #expect(rules["pts_allow_35p"] == -4)
        #expect(rules["fum"] == 0)
        // 300 passing yards (12), 2 passing TDs (8), an interception (−1), 5 catches (5) for 40 yards (4).
        let line = ["pass_yd": 300.0, "pass_td": 2, "pass_int": 1, "rec": 5, "rec_yd": 40]
        #expect(abs(try #require(league.scoringSettings).points(line) - 28) < 1e-9)
    }

    @Test("scoring_settings arrive with every league of a user's list")
    func scoringSettingsInTheUsersLeagues() throws {
        let leagues = try JSONDecoder().decode([Skippable<WireLeague>].self, from: Fixture.data("user_leagues_nfl.json")).compactMap(\.value?.league)
        #expect(!leagues.isEmpty)
        #expect(leagues.allSatisfy { $0.scoringSettings?.pointsPerStat["pass_td"] != nil })
    }

    @Test("A rule that is not a finite number is dropped; no usable rule, or none at all, is no settings")
    func oddScoringSettings() throws {
        func settings(_ json: String) throws -> ScoringSettings? {
            try JSONDecoder().decode(WireLeague.self, from: Data(json.utf8)).league.scoringSettings
        }
        let odd = try #require(try settings(#"""
            {"league_id": "1", "scoring_settings": {"rec": 0.5, "rush_td": 6, "pass_yd": "0.04", "bonus": null,
             "sack": true, "int": [2], "huge": 1e999, "tiny": -1e999, "ok": -2}}
            """#))
        #expect(odd.pointsPerStat == ["rec": 0.5, "rush_td": 6, "ok": -2])
        #expect(try settings(#"{"league_id": "1"}"#) == nil)
        #expect(try settings(#"{"league_id": "1", "scoring_settings": null}"#) == nil)
        #expect(try settings(#"{"league_id": "1", "scoring_settings": [1, 2]}"#) == nil)
        #expect(try settings(#"{"league_id": "1", "scoring_settings": {}}"#) == nil)
        #expect(try settings(#"{"league_id": "1", "scoring_settings": {"rec": "one"}}"#) == nil)
    }
}
