import Foundation
import Testing
@testable import SidelineCore

@Suite("A matchup's win probability from its lineups, projections and game clocks")
struct MatchupChanceTests {
    static let kickoff = Date(timeIntervalSince1970: 1_795_370_400)
    static let det = TeamCode(normalizing: "DET")!
    static let kc = TeamCode(normalizing: "KC")!

    static func lineup(_ roster: Int, points: Double, _ starters: [(String, TeamCode, StarterState)]) -> LineupView {
        LineupView(rosterID: roster, teamName: "T\(roster)", points: points, starters: starters.map {
            StarterLine(playerID: $0.0, name: $0.0, position: "WR", team: $0.1, points: 0, state: $0.2, kickoff: kickoff)
        })
    }

    static func schedule(quarter: Int?, clock: Double?, status: GameStatus) -> WeekSchedule {
        WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [
            NFLGame(id: "1", home: det, away: kc, kickoff: kickoff, status: status, quarter: quarter, secondsLeftInQuarter: clock),
        ])
    }

    @Test("Nothing left: the points decide; a tie is a coin flip")
    func decided() {
        let done = Self.schedule(quarter: nil, clock: nil, status: .final)
        let ahead = MatchupView(leagueName: "L", season: "2026", week: 12, me: Self.lineup(1, points: 100, [("a", Self.det, .done)]),
                                opponent: Self.lineup(2, points: 90, [("b", Self.kc, .done)]))
        #expect(MatchupChance.of(ahead, schedule: done) { _ in 15 } == 1)
        let tied = MatchupView(leagueName: "L", season: "2026", week: 12, me: Self.lineup(1, points: 90, [("a", Self.det, .done)]),
                               opponent: Self.lineup(2, points: 90, [("b", Self.kc, .done)]))
        #expect(MatchupChance.of(tied, schedule: done) { _ in 15 } == 0.5)
    }

    @Test("The same lead is safer late in the game than early")
    func clockMatters() {
        let view = MatchupView(leagueName: "L", season: "2026", week: 12, me: Self.lineup(1, points: 80, [("a", Self.det, .playing)]),
                               opponent: Self.lineup(2, points: 74, [("b", Self.kc, .playing)]))
        let early = MatchupChance.of(view, schedule: Self.schedule(quarter: 1, clock: 800, status: .inProgress)) { _ in 14 } ?? 0
        let late = MatchupChance.of(view, schedule: Self.schedule(quarter: 4, clock: 120, status: .inProgress)) { _ in 14 } ?? 0
        #expect(early > 0.5 && late > early && late < 1)
    }

    @Test("No opponent, no chance")
    func noOpponent() {
        let view = MatchupView(leagueName: "L", season: "2026", week: 12, me: Self.lineup(1, points: 80, []), opponent: nil)
        #expect(MatchupChance.of(view, schedule: nil) { _ in 10 } == nil)
    }
}
