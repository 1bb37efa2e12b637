import Foundation
import Testing
@testable import SidelineCore

@Suite("A game's quarter and clock through merges and aging")
struct GameStatusMergerClockTests {
    let kickoff = ScriptedDay.utc("2026-11-22T18:00:00Z")

    func schedule(_ status: GameStatus, quarter: Int? = nil, clock: Double? = nil) -> WeekSchedule {
        WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [
            NFLGame(id: "g1", home: TeamCode(normalizing: "BUF")!, away: TeamCode(normalizing: "MIA")!, kickoff: kickoff,
                    status: status, quarter: quarter, secondsLeftInQuarter: clock),
        ])
    }

    func merge(_ previous: WeekSchedule, _ observed: WeekSchedule, after seconds: TimeInterval) -> NFLGame {
        GameStatusMerger.merge(previous: previous, observed: observed, now: kickoff.addingTimeInterval(seconds)).schedule.games[0]
    }

    @Test("A game in progress takes the newest observation's quarter and clock")
    func newestReadingWins() {
        let game = merge(schedule(.inProgress, quarter: 2, clock: 300), schedule(.inProgress, quarter: 3, clock: 845), after: 5_400)
        #expect(game.quarter == 3)
        #expect(game.secondsLeftInQuarter == 845)
        #expect(abs(game.shareLeft - (900 + 845) / 3600) < 1e-9)
    }

    @Test("A first observation keeps its own quarter and clock")
    func firstObservation() {
        let merged = GameStatusMerger.merge(previous: nil, observed: schedule(.inProgress, quarter: 1, clock: 610), now: kickoff)
        #expect(merged.schedule.games[0].quarter == 1)
        #expect(merged.schedule.games[0].secondsLeftInQuarter == 610)
    }

    @Test("A feed that flaps a live game back to scheduled does not erase where it was")
    func flapKeepsLastReading() {
        let game = merge(schedule(.inProgress, quarter: 3, clock: 120), schedule(.scheduled), after: 6_000)
        #expect(game.status == .inProgress)
        #expect(game.quarter == 3)
        #expect(game.secondsLeftInQuarter == 120)
    }

    @Test("A live observation without a clock keeps the last reading; one with only a quarter has no stale clock")
    func partialReadings() {
        let noClock = merge(schedule(.inProgress, quarter: 2, clock: 30), schedule(.inProgress), after: 3_000)
        #expect(noClock.quarter == 2)
        #expect(noClock.secondsLeftInQuarter == 30)
        let quarterOnly = merge(schedule(.inProgress, quarter: 2, clock: 30), schedule(.inProgress, quarter: 3), after: 3_600)
        #expect(quarterOnly.quarter == 3)
        #expect(quarterOnly.secondsLeftInQuarter == nil)
    }

    @Test("A final game that flaps to pre-game keeps its final reading, and has nothing left to play")
    func finalFlap() {
        let game = merge(schedule(.final, quarter: 4, clock: 0), schedule(.scheduled), after: 12_000)
        #expect(game.status == .final)
        #expect(game.quarter == 4)
        #expect(game.secondsLeftInQuarter == 0)
        #expect(game.shareLeft == 0)
    }

    @Test("A game the merger declares over (postponed after kickoff, or stalled) carries no clock")
    func declaredOver() {
        let postponed = merge(schedule(.inProgress, quarter: 2, clock: 400), schedule(.postponed, quarter: 2, clock: 400), after: 3_000)
        #expect(postponed.status == .final)
        #expect(postponed.quarter == nil)
        #expect(postponed.secondsLeftInQuarter == nil)
        #expect(postponed.shareLeft == 0)
        let stalled = GameStatusMerger.age(schedule(.inProgress, quarter: 4, clock: 65), now: kickoff.addingTimeInterval(6 * 3600)).schedule.games[0]
        #expect(stalled.status == .final)
        #expect(stalled.quarter == nil)
        #expect(stalled.secondsLeftInQuarter == nil)
    }

    @Test("Aging a game still in time leaves its quarter and clock alone")
    func agingKeepsLiveReading() {
        let game = GameStatusMerger.age(schedule(.inProgress, quarter: 4, clock: 65), now: kickoff.addingTimeInterval(3 * 3600)).schedule.games[0]
        #expect(game.quarter == 4)
        #expect(game.secondsLeftInQuarter == 65)
    }

    @Test("A game the feed stopped listing keeps its last reading")
    func unlistedGameKept() {
        let previous = schedule(.inProgress, quarter: 3, clock: 200)
        let observed = WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [])
        let game = GameStatusMerger.merge(previous: previous, observed: observed, now: kickoff.addingTimeInterval(5_000)).schedule.games[0]
        #expect(game.quarter == 3)
        #expect(game.secondsLeftInQuarter == 200)
    }
}
