import Foundation
import Testing
@testable import SidelineCore

@Suite("Win probability: pinned behaviour of the pure model")
struct WinProbabilityTests {
    typealias Side = WinProbability.Side
    typealias Remaining = WinProbability.Remaining

    @Test("A finished matchup is 100% or 0%; a tie with nothing left is 50%")
    func finished() {
        let done = [Remaining(projection: 18, shareLeft: 0, position: "QB")]
        #expect(WinProbability.chance(Side(points: 101.2, remaining: done), against: Side(points: 99.9, remaining: [])) == 1)
        #expect(WinProbability.chance(Side(points: 99.9, remaining: []), against: Side(points: 101.2, remaining: done)) == 0)
        #expect(WinProbability.chance(Side(points: 88.4, remaining: []), against: Side(points: 88.4, remaining: [])) == 0.5)
    }

    @Test("Symmetric sides sum to 1, and identical sides are even")
    func symmetric() {
        let a = Side(points: 64.3, remaining: [Remaining(projection: 14, shareLeft: 0.6, position: "WR"), Remaining(projection: 9, shareLeft: 1, position: "TE")])
        let b = Side(points: 71.0, remaining: [Remaining(projection: 20, shareLeft: 0.3, position: "QB")])
        #expect(abs(WinProbability.chance(a, against: b) + WinProbability.chance(b, against: a) - 1) < 1e-12)
        #expect(abs(WinProbability.chance(a, against: a) - 0.5) < 1e-12)
    }

    @Test("More points or more to come raises the chance; less time left sharpens it")
    func monotone() {
        let opponent = Side(points: 80, remaining: [Remaining(projection: 15, shareLeft: 0.5, position: "RB")])
        let behind = WinProbability.chance(Side(points: 75, remaining: [Remaining(projection: 15, shareLeft: 0.5, position: "RB")]), against: opponent)
        let ahead = WinProbability.chance(Side(points: 85, remaining: [Remaining(projection: 15, shareLeft: 0.5, position: "RB")]), against: opponent)
        #expect(behind < 0.5 && ahead > 0.5)
        let late = Side(points: 80, remaining: [Remaining(projection: 15, shareLeft: 0.05, position: "RB")])
        let lateLead = WinProbability.chance(Side(points: 85, remaining: [Remaining(projection: 15, shareLeft: 0.05, position: "RB")]), against: late)
        #expect(lateLead > ahead)
    }

    @Test("Share of a game left from its quarter and clock")
    func shareLeft() {
        #expect(WinProbability.shareLeft(quarter: nil, secondsLeftInQuarter: nil, started: false, over: false) == 1)
        #expect(WinProbability.shareLeft(quarter: 4, secondsLeftInQuarter: 0, started: true, over: true) == 0)
        #expect(WinProbability.shareLeft(quarter: 1, secondsLeftInQuarter: 900, started: true, over: false) == 1)
        #expect(WinProbability.shareLeft(quarter: 3, secondsLeftInQuarter: 450, started: true, over: false) == 0.375)
        #expect(WinProbability.shareLeft(quarter: 5, secondsLeftInQuarter: 300, started: true, over: false) < 0.05)
    }

    @Test("Hostile numbers never make NaN: a non-finite projection or share counts as nothing")
    func hostile() {
        let side = Side(points: .nan, remaining: [Remaining(projection: .infinity, shareLeft: .nan, position: nil)])
        let chance = WinProbability.chance(side, against: Side(points: 10, remaining: []))
        #expect(chance == 0)
    }
}

@Suite("Scoring settings: a stat line times a league's rules")
struct ScoringSettingsTests {
    @Test("Points are the sum over the keys both have; omitted stats are zero; non-finite values score nothing")
    func points() {
        let rules = ScoringSettings(["pass_yd": 0.04, "pass_td": 4, "pass_int": -1, "rec": 1, "bad": .nan])
        #expect(rules.pointsPerStat["bad"] == nil)
        #expect(rules.points(["pass_yd": 250, "pass_td": 2, "rush_yd": 12]) == 18)
        #expect(rules.points(["pass_yd": .infinity, "rec": 5]) == 5)
        #expect(rules.points([:]) == 0)
        #expect(!rules.scoresIndividualDefenders)
        #expect(ScoringSettings(["idp_tkl_solo": 1]).scoresIndividualDefenders)
    }
}
