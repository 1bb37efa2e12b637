import Foundation
import SidelineCore
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper
import SidelineHTTP
import SidelineTestSupport

@Suite("FakeSleeperWorld set by hand")
struct FakeSleeperWorldTests {
    static let league = League(leagueID: "55", name: "Hand Made", season: "2026", status: .inSeason, previousLeagueID: "54", isBestBall: true)

    func handMadeWorld() -> FakeSleeperWorld {
        let world = FakeSleeperWorld()
        world.addUser(SleeperUser(userID: "1", username: "Pat", displayName: "Pat P"))
        world.setLeague(Self.league,
                        members: [LeagueMember(userID: "1", displayName: "Pat P", teamName: nil)],
                        rosters: [Roster(rosterID: 1, ownerID: nil, coOwners: ["1", "2"], players: ["a"], starters: ["a", "0"])],
                        forUsers: ["1"])
        let entry = MatchupEntry(rosterID: 1, matchupID: nil, points: 10, starters: ["a", "0"], startersPoints: [10, 0],
                                 players: ["a"], playersPoints: ["a": 10])
        world.setMatchups([FakeMatchup(entry: entry, customPoints: 12.5)], leagueID: "55", week: 1)
        world.setMatchups([FakeMatchup(entry: entry, omitsPlayerPoints: true)], leagueID: "55", week: 2)
        return world
    }

    @Test("hand-set data round-trips: best ball, co-owners, custom points, older matchup shapes")
    func handSet() async throws {
        try await withFakeSleeper(handMadeWorld()) { base, _ in
            let client = HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate())
            #expect(try await client.user("pat").userID == "1", "usernames match case-insensitively")
            let league = try await client.league("55")
            #expect(league.isBestBall)
            #expect(league.previousLeagueID == "54")
            let roster = try #require(try await client.rosters(leagueID: "55").first)
            #expect(roster.ownerID == nil)
            #expect(roster.isOwned(by: "2"))
            let week1 = try #require(try await client.matchups(leagueID: "55", week: 1)?.first)
            #expect(week1.points == 12.5, "custom_points replaces points")
            let week2 = try #require(try await client.matchups(leagueID: "55", week: 2)?.first)
            #expect(week2.startersPoints == nil)
            #expect(week2.playersPoints == nil)
            #expect(week2.starters == ["a", "0"])
            #expect(try await client.matchups(leagueID: "55", week: 3) == [])
        }
    }

    @Test("concurrent requests are all logged with distinct sequence numbers")
    func concurrentLog() async throws {
        try await withFakeSleeper(handMadeWorld()) { base, world in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<20 {
                    group.addTask { _ = try await HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate()).league("55") }
                }
                try await group.waitForAll()
            }
            #expect(world.requestCount(pathPrefix: "/v1/league/55") == 20)
            #expect(world.requests.map(\.sequence).sorted() == Array(1...20))
        }
    }

    @Test("a provider wins over the stored snapshot and follows setNow")
    func provider() {
        let world = handMadeWorld()
        #expect(world.currentSnapshot().leagues.map(\.leagueID) == ["55"])
        GameDayScript.install(into: world, at: GameDayScript.londonKickoff)
        #expect(world.currentSnapshot().leagues.map(\.leagueID) == [GameDayScript.leagueID])
        world.setProvider(nil)
        #expect(world.currentSnapshot().leagues.map(\.leagueID) == ["55"])
    }
}
