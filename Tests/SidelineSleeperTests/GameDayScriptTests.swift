import Foundation
import SidelineCore
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper
import SidelineHTTP
import SidelineTestSupport

@Suite("The scripted game day")
struct GameDayScriptTests {
    func status(_ code: String, at now: Date) -> FakeGame.Status? {
        GameDayScript.games(at: now).first { $0.home.rawValue == code || $0.away.rawValue == code }?.status
    }

    @Test("games are pre_game before kickoff, in_game for 3h10m, then complete")
    func statuses() {
        let kickoff = GameDayScript.earlyKickoff
        #expect(status("DET", at: kickoff.addingTimeInterval(-1)) == .preGame)
        #expect(status("DET", at: kickoff) == .inGame)
        #expect(status("DET", at: kickoff.addingTimeInterval(GameDayScript.gameLength - 1)) == .inGame)
        #expect(status("DET", at: kickoff.addingTimeInterval(GameDayScript.gameLength)) == .complete)
        #expect(status("BUF", at: kickoff) == nil, "BUF is on a bye")
    }

    @Test("points are flat before kickoff, grow during the game and freeze after it")
    func points() {
        let gibbs = "9221"
        let kickoff = GameDayScript.earlyKickoff
        let end = kickoff.addingTimeInterval(GameDayScript.gameLength)
        #expect(GameDayScript.points(for: gibbs, at: kickoff.addingTimeInterval(-60)) == 0)
        let mid = GameDayScript.points(for: gibbs, at: kickoff.addingTimeInterval(5_400))
        let final = GameDayScript.points(for: gibbs, at: end)
        #expect(mid > 0)
        #expect(final >= mid)
        #expect(GameDayScript.points(for: gibbs, at: end.addingTimeInterval(86_400)) == final)
        #expect(GameDayScript.points(for: "4984", at: end) == 0, "a bye scores nothing")
    }

    @Test("matchup totals are the sum of starters' points, consistent with players_points")
    func consistency() throws {
        let now = GameDayScript.lateKickoff.addingTimeInterval(3_600)
        for line in GameDayScript.matchups(at: now).map(\.entry) {
            let startersPoints = try #require(line.startersPoints)
            #expect(abs(line.points - startersPoints.reduce(0, +)) < 0.001)
            for (slot, id) in line.starters.enumerated() where id != MatchupEntry.emptySlot {
                #expect(line.playersPoints?[id] == startersPoints[slot])
            }
        }
    }

    @Test("final lineup totals look like a real fantasy week")
    func realisticTotals() {
        let afterMondayNight = GameDayScript.mondayNightKickoff.addingTimeInterval(GameDayScript.gameLength)
        let totals = GameDayScript.matchups(at: afterMondayNight).map(\.entry.points)
        print("scripted final totals: \(totals)")
        #expect(totals.allSatisfy { (60...200).contains($0) })
    }

    @Test("alex plays London, 1:00, 4:05, 4:25 and Sunday night; blake plays 1:00 and Monday night")
    func days() throws {
        func kickoffs(_ user: GameDayScript.DemoUser) -> Set<Date> {
            let lineup = GameDayScript.lineups.first { $0.rosterID == user.rosterID }
            return Set((lineup?.starters ?? []).compactMap { id in
                GameDayScript.player(id).flatMap { TeamCode(normalizing: $0.team) }.flatMap(GameDayScript.game(for:))?.kickoff
            })
        }
        #expect(kickoffs(GameDayScript.alex) == [GameDayScript.londonKickoff, GameDayScript.earlyKickoff, GameDayScript.lateEarlyKickoff,
                                                GameDayScript.lateKickoff, GameDayScript.sundayNightKickoff])
        #expect(kickoffs(GameDayScript.blake) == [GameDayScript.earlyKickoff, GameDayScript.mondayNightKickoff])
        let starters = GameDayScript.lineups.flatMap(\.starters)
        #expect(starters.contains(MatchupEntry.emptySlot))
        #expect(starters.contains { GameDayScript.player($0)?.team == "BUF" })
    }

    @Test("the served scores follow the simulated clock")
    func servedStatuses() async throws {
        let world = scriptedWorld(at: GameDayScript.londonKickoff.addingTimeInterval(-600))
        try await withFakeSleeper(world) { base, world in
            let feed = SleeperScoresFeed(baseURL: base, transport: CurlTransport(), gate: OpenCallGate())
            let was = try #require(team("WAS"))
            func londonStatus() async throws -> GameStatus? {
                try await feed.schedule(season: "2026", seasonType: .regular, week: 12).game(for: was)?.status
            }
            #expect(try await londonStatus() == .scheduled)
            world.setNow(GameDayScript.londonKickoff.addingTimeInterval(600))
            #expect(try await londonStatus() == .inProgress)
            world.setNow(GameDayScript.londonKickoff.addingTimeInterval(GameDayScript.gameLength + 60))
            #expect(try await londonStatus() == .final)
        }
    }
}
