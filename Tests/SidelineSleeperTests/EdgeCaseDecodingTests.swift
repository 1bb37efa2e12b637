import Foundation
import SidelineCore
import Testing
@testable import SidelineSleeper

@Suite("Decoding what Sleeper sends on a bad day")
struct EdgeCaseDecodingTests {
    let matchupsPath = "/v1/league/1/matchups/3"

    func matchups(_ body: String) async throws -> [MatchupEntry] {
        try #require(try await cannedClient(matchupsPath, body).matchups(leagueID: "1", week: 3))
    }

    @Test("an unknown user (200 with null) throws userNotFound")
    func unknownUser() async {
        await #expect(throws: SleeperError.userNotFound("ghost")) {
            try await cannedClient("/v1/user/ghost", "null").user("ghost")
        }
    }

    @Test("an unknown league (404 with null) throws leagueNotFound")
    func unknownLeague() async {
        await #expect(throws: SleeperError.leagueNotFound("42")) {
            try await cannedClient("/v1/league/42", "null", status: 404).league("42")
        }
    }

    @Test("custom points replace the computed points")
    func customPoints() async throws {
        let entries = try await matchups(#"[{"roster_id":1,"matchup_id":1,"points":80.5,"custom_points":99.25,"starters":["a"],"starters_points":[80.5],"players":["a"]}]"#)
        #expect(entries[0].points == 99.25)
    }

    @Test("integer and string points decode as numbers")
    func integerPoints() async throws {
        let entries = try await matchups(#"[{"roster_id":1,"matchup_id":1,"points":104,"custom_points":null,"starters":["a","b"],"starters_points":[100,"4.5"],"players_points":{"a":100,"b":"4.5"}}]"#)
        #expect(entries[0].points == 104)
        #expect(entries[0].startersPoints == [100, 4.5])
        #expect(entries[0].playersPoints?["b"] == 4.5)
    }

    @Test("missing per-player points are nil and missing points sum the starters")
    func missingStartersPoints() async throws {
        let old = try await matchups(#"[{"roster_id":2,"matchup_id":null,"points":12.5,"starters":["a"],"players":["a"]}]"#)
        #expect(old[0].startersPoints == nil)
        #expect(old[0].playersPoints == nil)
        #expect(old[0].matchupID == nil)
        #expect(old[0].points == 12.5)
        let noPoints = try await matchups(#"[{"roster_id":2,"starters":["a","b"],"starters_points":[1.5,2.25]}]"#)
        #expect(noPoints[0].points == 3.75)
        let nothing = try await matchups(#"[{"roster_id":2}]"#)
        #expect(nothing[0].points == 0)
        #expect(nothing[0].starters.isEmpty)
    }

    @Test("empty slots stay in the starters, null slots become empty slots")
    func emptySlots() async throws {
        let entries = try await matchups(#"[{"roster_id":1,"points":0,"starters":["a","0",null],"starters_points":[0,0,null]}]"#)
        #expect(entries[0].starters == ["a", "0", "0"])
        #expect(entries[0].startersPoints == [0, 0, 0])
    }

    @Test("null co-owners read as none, listed co-owners own the roster")
    func coOwners() async throws {
        let path = "/v1/league/1/rosters"
        let rosters = try await cannedClient(path, #"[{"roster_id":1,"owner_id":null,"co_owners":null,"players":null,"starters":null},{"roster_id":2,"owner_id":"u1","co_owners":["u2"],"players":["a"],"starters":["a"]}]"#).rosters(leagueID: "1")
        #expect(rosters[0].coOwners.isEmpty)
        #expect(rosters[0].ownerID == nil)
        #expect(rosters[1].isOwned(by: "u2"))
    }

    @Test("a best-ball league and an unknown status decode")
    func bestBall() async throws {
        let league = try await cannedClient("/v1/league/9", #"{"league_id":"9","name":"BB","season":"2026","status":"postseason","settings":{"best_ball":1,"odd":"x"},"previous_league_id":null}"#).league("9")
        #expect(league.isBestBall)
        #expect(league.status == .other("postseason"))
        #expect(league.previousLeagueID == nil)
    }

    @Test("garbage and wrong shapes throw malformed", arguments: ["<html>oops</html>", "{\"roster_id\":1}", "42", ""])
    func garbage(body: String) async {
        await #expect {
            _ = try await cannedClient(matchupsPath, body).matchups(leagueID: "1", week: 3)
        } throws: { error in
            if case .malformed? = error as? SleeperError { return true }
            return false
        }
    }

    @Test("one broken entry is skipped, the rest decode")
    func skippedEntry() async throws {
        let entries = try await matchups(#"[{"roster_id":"x"},{"roster_id":3,"points":1.0,"starters":[]}]"#)
        #expect(entries.map(\.rosterID) == [3])
    }

    @Test("ISO dates parse with and without seconds")
    func isoDates() {
        let expected = Date(timeIntervalSince1970: 1_789_000_800)  // 2026-09-10T00:40:00Z
        #expect(ESPNDate.parse("2026-09-10T00:40Z") == expected)
        #expect(ESPNDate.parse("2026-09-10T00:40:00Z") == expected)
        #expect(ESPNDate.parse("2026-09-10T00:40:00.000Z") == expected)
        #expect(ESPNDate.parse("2026-09-09T20:40-04:00") == expected)
        #expect(ESPNDate.parse("September") == nil)
        // Years outside 1970–9999 are no date.
        #expect(ESPNDate.parse("999999999999-09-10T00:40Z") == nil)
        #expect(ESPNDate.parse("10000-09-10T00:40Z") == nil)
        #expect(ESPNDate.parse("1969-12-31T23:59Z") == nil)
        #expect(ESPNDate.parse("2026-13-10T00:40Z") == nil)
    }
}
