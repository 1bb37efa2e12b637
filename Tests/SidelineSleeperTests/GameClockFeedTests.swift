import Foundation
import SidelineCore
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper
import SidelineHTTP
import SidelineTestSupport

@Suite("Quarter and clock from the game-status feeds")
struct GameClockFeedTests {
    /// 1:00 games 95 minutes in: half of 3 h 10 min, so the 3rd quarter has just begun.
    let halfway = GameDayScript.earlyKickoff.addingTimeInterval(GameDayScript.gameLength / 2)

    @Test("both feeds read the scripted game's quarter and clock; final is the 4th at 0:00; not started has none")
    func fromTheFake() async throws {
        try await withFakeSleeper(scriptedWorld(at: halfway)) { base, _ in
            let scores = try await SleeperScoresFeed(baseURL: base, transport: CurlTransport(), gate: OpenCallGate())
                .schedule(season: "2026", seasonType: .regular, week: 12)
            let espn = try await ESPNScoreboard(baseURL: base, transport: CurlTransport()).schedule(season: "2026", seasonType: .regular, week: 12)
            let (det, was, kc) = (try #require(team("DET")), try #require(team("WAS")), try #require(team("KC")))
            for schedule in [scores, espn] {
                let detroit = try #require(schedule.game(for: det))
                #expect(detroit.quarter == 3)
                #expect(detroit.secondsLeftInQuarter == 900)
                #expect(abs(detroit.shareLeft - 0.5) < 1e-9)
                let london = try #require(schedule.game(for: was))
                #expect(london.quarter == 4)
                #expect(london.secondsLeftInQuarter == 0)
                let sundayNight = try #require(schedule.game(for: kc))
                #expect(sundayNight.quarter == nil)
                #expect(sundayNight.secondsLeftInQuarter == nil)
            }
        }
    }

    @Test("the scripted clock runs four 15-minute quarters over the game's 3 h 10 min")
    func scriptedClock() {
        #expect(FakeGameClock(progress: 0) == FakeGameClock(quarter: 1, secondsLeft: 900))
        #expect(FakeGameClock(progress: 0.25) == FakeGameClock(quarter: 2, secondsLeft: 900))
        #expect(FakeGameClock(progress: 0.6) == FakeGameClock(quarter: 3, secondsLeft: 540))
        #expect(FakeGameClock(progress: 1) == FakeGameClock(quarter: 4, secondsLeft: 0))
        #expect(FakeGameClock(progress: 7) == FakeGameClock(quarter: 4, secondsLeft: 0))
        #expect(FakeGameClock(quarter: 3, secondsLeft: 427).remaining == "07:07")
        #expect(FakeGameClock(quarter: 3, secondsLeft: 427).display == "7:07")
        let detroit = GameDayScript.games(at: halfway.addingTimeInterval(-60)).first { $0.home.rawValue == "DET" }
        #expect(detroit?.clock?.quarter == 2)
    }

    @Test("the scores feed reads quarter_num leniently and time_remaining as MM:SS or seconds; anything else is unknown")
    func oddScoresClocks() async throws {
        func game(_ id: Int, _ quarter: String, _ clock: String) -> String {
            """
            {"game_id":"\(id)","status":"in_game","start_time":1795000000000,
             "metadata":{"home_team":"KC","away_team":"BUF","quarter_num":\(quarter),"time_remaining":\(clock)}}
            """
        }
        let cases: [(quarter: String, clock: String, expected: (Int?, Double?))] = [
            ("2", #""12:07""#, (2, 727)),
            (#""3""#, #""7:05""#, (3, 425)),
            ("4", "425", (4, 425)),
            ("4", #""61.5""#, (4, 61.5)),
            ("5", #""0:00""#, (5, 0)),
            ("1", #""99:99""#, (1, nil)),
            ("1", #""16:00""#, (1, nil)),
            ("1", #""-1:00""#, (1, nil)),
            ("1", #""12:7""#, (1, nil)),
            ("1", #""""#, (1, nil)),
            ("1", #""inf""#, (1, nil)),
            ("1", "1e999", (1, nil)),
            ("1", "-3", (1, nil)),
            ("1", "null", (1, nil)),
            ("0", #""15:00""#, (nil, nil)),
            ("-1", #""10:00""#, (nil, nil)),
            ("99", #""10:00""#, (nil, nil)),
            ("1e20", #""10:00""#, (nil, nil)),
            (#""abc""#, #""10:00""#, (nil, nil)),
            ("2.5", #""10:00""#, (nil, nil)),
            ("null", #""10:00""#, (nil, nil)),
        ]
        let body = "[" + cases.enumerated().map { game($0.offset, $0.element.quarter, $0.element.clock) }.joined(separator: ",") + "]"
        let feed = SleeperScoresFeed(baseURL: URL(fileURLWithPath: "/"),
                                     transport: CannedTransport(path: "/scores/nfl/regular/2026/12", body: body), gate: OpenCallGate())
        let games = try await feed.schedule(season: "2026", seasonType: .regular, week: 12).games
        #expect(games.count == cases.count, "an odd clock never costs the game")
        for (game, expected) in zip(games, cases) {
            #expect(game.quarter == expected.expected.0, "quarter_num \(expected.quarter)")
            #expect(game.secondsLeftInQuarter == expected.expected.1, "\(expected.quarter) / \(expected.clock)")
        }
    }

    @Test("ESPN's period and clock, its displayClock when the clock is unreadable, and period 0 before kickoff")
    func oddESPNClocks() async throws {
        func event(_ id: Int, _ status: String) -> String {
            """
            {"id":"\(id)","date":"2026-09-10T00:20Z","competitions":[{"status":{\(status)"type":{"state":"in","name":"STATUS_IN_PROGRESS"}},
             "competitors":[{"homeAway":"home","team":{"abbreviation":"KC"}},{"homeAway":"away","team":{"abbreviation":"BUF"}}]}]}
            """
        }
        let cases: [(status: String, expected: (Int?, Double?))] = [
            (#""period":2,"clock":421.5,"displayClock":"7:01","#, (2, 421.5)),
            (#""period":"3","displayClock":"7:01","#, (3, 421)),
            (#""period":3,"clock":"soon","displayClock":"12:30","#, (3, 750)),
            (#""period":3,"clock":-4,"displayClock":"garbage","#, (3, nil)),
            (#""period":4,"clock":1e999,"#, (4, nil)),
            (#""period":0,"clock":0.0,"displayClock":"0:00","#, (nil, nil)),
            (#""period":null,"clock":30,"#, (nil, nil)),
            (#""period":[1],"clock":30,"#, (nil, nil)),
            ("", (nil, nil)),
        ]
        let body = #"{"events":["# + cases.enumerated().map { event($0.offset, $0.element.status) }.joined(separator: ",") + "]}"
        let board = ESPNScoreboard(baseURL: URL(fileURLWithPath: "/"),
                                   transport: CannedTransport(path: "/apis/site/v2/sports/football/nfl/scoreboard", body: body))
        let games = try await board.schedule(season: "2026", seasonType: .regular, week: 1).games
        #expect(games.count == cases.count)
        for (game, expected) in zip(games, cases) {
            #expect(game.quarter == expected.expected.0, "\(expected.status)")
            #expect(game.secondsLeftInQuarter == expected.expected.1, "\(expected.status)")
        }
    }
}
