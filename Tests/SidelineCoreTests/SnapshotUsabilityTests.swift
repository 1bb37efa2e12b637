import Foundation
import Testing
@testable import SidelineCore

@Suite("Matchups answers: which can stand for the lineups they claim to be")
struct SnapshotUsabilityTests {
    func entry(_ roster: Int, points: Double = 12.5, starters: [String] = ["4046", "0"], startersPoints: [Double]? = [12.5, 0], playersPoints: [String: Double]? = ["4046": 12.5, "999": 3]) -> MatchupEntry {
        MatchupEntry(rosterID: roster, matchupID: 1, points: points, starters: starters, startersPoints: startersPoints, players: ["4046", "999"], playersPoints: playersPoints)
    }

    @Test("A full answer with every registered roster's lineup is usable")
    func usableAnswer() {
        let entries = [entry(1), entry(2, points: -3.5, startersPoints: [-3.5, 0])]
        #expect(SnapshotUsability.problem(entries, rosterIDs: [1, 2]) == nil)
        #expect(SnapshotUsability.problem(entries, rosterIDs: [Int]()) == nil)
    }

    @Test("Sleeper's [] proves nothing, for any roster, and is not kept")
    func emptyAnswer() {
        #expect(SnapshotUsability.problem([], rosterIDs: [1]) == .empty)
        #expect(SnapshotUsability.answerProblem([]) == .empty)
        #expect(!SnapshotProblem.empty.keepsAnswer)
    }

    @Test("An answer without a registered roster proves nothing about it, but is kept for the others")
    func missingRoster() {
        let entries = [entry(1), entry(2)]
        #expect(SnapshotUsability.problem(entries, rosterIDs: [1, 7]) == .missingRoster(7))
        #expect(SnapshotUsability.answerProblem(entries) == nil)
        #expect(SnapshotProblem.missingRoster(7).keepsAnswer)
    }

    @Test("A registered roster with no lineup slots proves nothing; a lineup of empty slots does")
    func noStarters() {
        let entries = [entry(1, starters: [], startersPoints: []), entry(2, starters: ["0", "0"], startersPoints: [0, 0])]
        #expect(SnapshotUsability.problem(entries, rosterIDs: [2, 1]) == .noStarters(1))
        #expect(SnapshotUsability.problem(entries, rosterIDs: [2]) == nil)
    }

    @Test("Non-finite points anywhere in the answer (team, starter, player, opponent) make it unusable", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinitePoints(value: Double) {
        let cases: [[MatchupEntry]] = [
            [entry(1, points: value), entry(2)],
            [entry(1), entry(2, startersPoints: [1, value])],
            [entry(1, playersPoints: ["4046": 12.5, "999": value]), entry(2)],
        ]
        for entries in cases {
            guard case .unusablePoints = SnapshotUsability.problem(entries, rosterIDs: [1]) else {
                Issue.record("\(value) was taken as usable")
                continue
            }
        }
        #expect(!SnapshotProblem.unusablePoints(rosterID: 1, value: value).keepsAnswer)
    }

    @Test("Points are usable within ±1000, negative ones included; beyond that they are absurd")
    func pointsBound() {
        for value in [0, -0.0, 1000, -1000, -12.5, 999.99, 0.04] {
            #expect(SnapshotUsability.isUsable(points: value), "\(value)")
            #expect(SnapshotUsability.problem([entry(1, points: value)], rosterIDs: [1]) == nil)
        }
        for value in [1000.01, -1000.01, 1e6, -1e300, Double.greatestFiniteMagnitude] {
            #expect(!SnapshotUsability.isUsable(points: value), "\(value)")
            #expect(SnapshotUsability.problem([entry(1), entry(2, startersPoints: [value, 0])], rosterIDs: [1]) == .unusablePoints(rosterID: 2, value: value))
        }
    }

    @Test("Unusable numbers are judged before missing rosters: the answer is not kept")
    func answerProblemsFirst() {
        let entries = [entry(2, points: .infinity)]
        #expect(SnapshotUsability.problem(entries, rosterIDs: [1]) == .unusablePoints(rosterID: 2, value: .infinity))
    }

    @Test("The log line says what was wrong and what happens next")
    func message() {
        let line = Messages.Matchups.unusable(league: "1180", week: 12, problem: .empty)
        #expect(line.contains("1180") && line.contains("[]") && line.contains("not kept"))
        #expect(Messages.Matchups.describe(.missingRoster(7)).contains("roster 7"))
        #expect(Messages.Matchups.describe(.unusablePoints(rosterID: 3, value: .infinity)).contains("±1000"))
    }
}
