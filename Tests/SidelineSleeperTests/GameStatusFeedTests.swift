import Foundation
import Logging
import SidelineCore
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper
import SidelineHTTP
import SidelineTestSupport

@Suite("Game-status feeds")
struct GameStatusFeedTests {
    let during1pm = GameDayScript.earlyKickoff.addingTimeInterval(3_600)

    func feeds(_ base: URL, gate: any CallGate = OpenCallGate()) -> (SleeperScoresFeed, ESPNScoreboard, FallbackGameStatusSource) {
        let scores = SleeperScoresFeed(baseURL: base, transport: CurlTransport(), gate: gate)
        let espn = ESPNScoreboard(baseURL: base, transport: CurlTransport())
        return (scores, espn, FallbackGameStatusSource(primary: scores, fallback: espn))
    }

    @Test("the scores feed maps statuses and kickoffs, and passes the gate as .scores")
    func scoresFeed() async throws {
        try await withFakeSleeper(scriptedWorld(at: during1pm)) { base, _ in
            let gate = RecordingGate()
            let schedule = try await feeds(base, gate: gate).0.schedule(season: "2026", seasonType: .regular, week: 12)
            #expect(schedule.games.count == GameDayScript.schedule.count)
            let was = try #require(team("WAS"))
            let london = try #require(schedule.game(for: was))
            #expect(london.status == .final)
            #expect(london.kickoff == GameDayScript.londonKickoff)
            #expect(schedule.game(for: try #require(team("DET")))?.status == .inProgress)
            #expect(schedule.game(for: try #require(team("KC")))?.status == .scheduled)
            #expect(schedule.game(for: try #require(team("BUF"))) == nil)
            #expect(gate.recorded == [SleeperCall(kind: .scores, path: "/scores/nfl/regular/2026/12")])
        }
    }

    @Test("ESPN's scoreboard gives the same games, with WSH normalised to WAS, outside the gate")
    func espn() async throws {
        try await withFakeSleeper(scriptedWorld(at: during1pm)) { base, world in
            let (scores, espn, _) = feeds(base)
            let fromScores = try await scores.schedule(season: "2026", seasonType: .regular, week: 12)
            let fromESPN = try await espn.schedule(season: "2026", seasonType: .regular, week: 12)
            #expect(Set(fromESPN.games) == Set(fromScores.games))
            let request = try #require(world.requests.last)
            #expect(request.path == "/apis/site/v2/sports/football/nfl/scoreboard")
            #expect(request.query.contains("seasontype=2"))
        }
    }

    @Test("the fallback answers when the scores feed fails, returns garbage or returns nothing",
          arguments: [FakeFailure.Response.status(500), .garbage("{\"oops\":true}"), .garbage("[]")])
    func fallback(failure: FakeFailure.Response) async throws {
        try await withFakeSleeper(scriptedWorld(at: during1pm)) { base, world in
            world.inject(failure, forPathPrefix: "/scores/")
            let schedule = try await feeds(base).2.schedule(season: "2026", seasonType: .regular, week: 12)
            #expect(schedule.games.count == GameDayScript.schedule.count)
            #expect(world.requestCount(pathPrefix: "/apis/") == 1)
        }
    }

    @Test("the fallback is not asked when the scores feed answers")
    func noFallback() async throws {
        try await withFakeSleeper(scriptedWorld(at: during1pm)) { base, world in
            _ = try await feeds(base).2.schedule(season: "2026", seasonType: .regular, week: 12)
            #expect(world.requestCount(pathPrefix: "/apis/") == 0)
        }
    }

    @Test("odd statuses, aliases and broken entries in the scores feed")
    func oddScores() async throws {
        let body = """
        [{"game_id":"1","status":"postponed","start_time":1795000000000,"metadata":{"home_team":"JAC","away_team":"WSH"}},
         {"game_id":"2","status":"pre_game","start_time":"1795000000000","metadata":{"home_team":"LA","away_team":"OAK","is_over":true}},
         {"game_id":"3","status":"weird","start_time":1795000000000,"metadata":{"home_team":"SD","away_team":"STL"}},
         {"game_id":"4","status":"in_game","metadata":{"home_team":"KC","away_team":"BUF"}},
         {"game_id":"5","status":"in_game","start_time":1795000000000,"metadata":null},
         17]
        """
        let feed = SleeperScoresFeed(baseURL: URL(fileURLWithPath: "/"),
                                     transport: CannedTransport(path: "/scores/nfl/regular/2026/12", body: body), gate: OpenCallGate())
        let games = try await feed.schedule(season: "2026", seasonType: .regular, week: 12).games
        #expect(games.map(\.id) == ["1", "2", "3"])
        #expect(games[0].status == .postponed)
        #expect([games[0].home, games[0].away] == [team("JAX"), team("WAS")])
        #expect(games[1].status == .final)
        #expect([games[1].home, games[1].away] == [team("LAR"), team("LV")])
        #expect(games[2].status == .scheduled)
        #expect([games[2].home, games[2].away] == [team("LAC"), team("LAR")])
    }

    @Test("ESPN statuses: postponed, delayed before kickoff, halftime, minute-precision dates")
    func oddESPN() async throws {
        func event(_ id: String, _ date: String, _ state: String, _ name: String) -> String {
            """
            {"id":"\(id)","date":"\(date)","competitions":[{"status":{"type":{"state":"\(state)","name":"\(name)"}},
             "competitors":[{"homeAway":"home","team":{"abbreviation":"WSH"}},{"homeAway":"away","team":{"abbreviation":"JAC"}}]}]}
            """
        }
        let body = """
        {"events":[\(event("1", "2026-09-10T00:20Z", "pre", "STATUS_POSTPONED")),
                   \(event("2", "2026-09-10T00:20:00Z", "pre", "STATUS_DELAYED")),
                   \(event("3", "2026-09-10T00:20Z", "in", "STATUS_HALFTIME")),
                   \(event("4", "2026-09-10T00:20Z", "in", "STATUS_DELAYED")),
                   \(event("5", "not a date", "post", "STATUS_FINAL")),
                   {"id":"6"}]}
        """
        let board = ESPNScoreboard(baseURL: URL(fileURLWithPath: "/"),
                                   transport: CannedTransport(path: "/apis/site/v2/sports/football/nfl/scoreboard", body: body))
        let games = try await board.schedule(season: "2026", seasonType: .regular, week: 1).games
        #expect(games.map(\.status) == [.postponed, .scheduled, .inProgress, .inProgress])
        #expect(games.allSatisfy { $0.kickoff == Date(timeIntervalSince1970: 1_788_999_600) })
        #expect(games.allSatisfy { $0.home == team("WAS") && $0.away == team("JAX") })
    }
}
