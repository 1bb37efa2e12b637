import Foundation
import SidelineCore
import Testing
@testable import SidelineSleeper

@Suite("Decoding the real Sleeper responses")
struct FixtureDecodingTests {
    func client(_ path: String, _ fixture: String) throws -> HTTPSleeperClient {
        HTTPSleeperClient(baseURL: URL(fileURLWithPath: "/"),
                          transport: CannedTransport([path: (200, try Fixture.data(fixture))]), gate: OpenCallGate())
    }

    @Test("state/nfl decodes week, season and season type")
    func state() async throws {
        let state = try await client("/v1/state/nfl", "state_nfl.json").nflState()
        #expect(state == NFLState(week: 2, season: "2026", seasonType: .regular, leagueSeason: "2026"))
    }

    @Test("a user decodes despite dozens of null fields")
    func user() async throws {
        let user = try await client("/v1/user/manager_a", "user.json").user("manager_a")
        #expect(user == SleeperUser(userID: "100000000000000001", username: "manager_a", displayName: "manager_a"))
    }

    @Test("a user's leagues decode with status and previous league")
    func leagues() async throws {
        let leagues = try await client("/v1/user/100000000000000001/leagues/nfl/2026", "user_leagues_nfl.json")
            .leagues(userID: "100000000000000001", season: "2026")
        #expect(!leagues.isEmpty)
        let first = try #require(leagues.first)
        #expect(first.leagueID == "200000000000000001")
        #expect(first.status == .inSeason)
        #expect(first.previousLeagueID == "190000000000000001")
        #expect(first.isBestBall == false)
    }

    @Test("a league decodes name, season, status and best-ball flag")
    func league() async throws {
        let league = try await client("/v1/league/200000000000000001", "league.json").league("200000000000000001")
        #expect(league.name == "Test Dynasty")
        #expect(league.season == "2026")
        #expect(league.status == .inSeason)
        #expect(league.isBestBall == false)
    }

    @Test("rosters keep empty slots and accept null co-owners and reserve")
    func rosters() async throws {
        let rosters = try await client("/v1/league/200000000000000001/rosters", "league_rosters.json").rosters(leagueID: "200000000000000001")
        #expect(rosters.count >= 2)
        let first = try #require(rosters.first { $0.rosterID == 1 })
        #expect(first.ownerID == "100000000000000003")
        #expect(first.coOwners.isEmpty)
        #expect(first.starters[3] == MatchupEntry.emptySlot)
        #expect(first.starters.count == 12)
    }

    @Test("members take the team name from metadata and fall back to the display name")
    func members() async throws {
        let members = try await client("/v1/league/200000000000000001/users", "league_users.json").members(leagueID: "200000000000000001")
        #expect(members.count == 6)
        #expect(members.first { $0.userID == "100000000000000003" }?.shownTeamName == "Team C")
        #expect(members.first { $0.userID == "100000000000000001" }?.teamName == nil)
        #expect(members.first { $0.userID == "100000000000000001" }?.shownTeamName == "manager_a")
    }

    @Test("matchups decode points, pairings and per-player points")
    func matchups() async throws {
        let entries = try #require(try await client("/v1/league/200000000000000001/matchups/2", "league_matchups_week2.json")
            .matchups(leagueID: "200000000000000001", week: 2))
        #expect(entries.count == 6)
        let first = try #require(entries.first { $0.rosterID == 1 })
        #expect(first.matchupID == 4)
        #expect(first.points == 24.2)
        #expect(first.startersPoints?.count == first.starters.count)
        #expect(first.points(for: "7611") == 3.3)
        #expect(first.playersPoints?["12503"] == 2.0)
    }

    @Test("players reduce to name, position and normalised team, with defenses by code")
    func players() async throws {
        let index = try await client("/v1/players/nfl", "players_nfl_sample.json").players()
        #expect(index.count == 8)
        #expect(index["4984"] == PlayerInfo(id: "4984", name: "Josh Allen", position: "QB", team: team("BUF")))
        #expect(index["BUF"]?.name == "Buffalo Bills")
        #expect(index["BUF"]?.position == "DEF")
        #expect(index["BUF"]?.team == team("BUF"))
        #expect(index["3164"]?.team == nil, "a free agent has no team")
    }
}
