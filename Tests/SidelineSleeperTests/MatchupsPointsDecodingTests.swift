import Foundation
import Testing
import SidelineCore
@testable import SidelineSleeper

/// Issue 17: a points figure that is a number `Double` cannot hold used to be read as
/// missing, so the fallback (the starters' sum, or 0) stood in for it silently. It is NaN
/// now, and `SnapshotUsability` refuses the answer.
@Suite("Matchups points that no Double holds")
struct MatchupsPointsDecodingTests {
    @Test("1e999 and 1e-400 read as NaN in every points field, both ways; null and non-numbers as before")
    func unrepresentableNumbers() throws {
        let body = #"""
        [{"roster_id":1,"points":1e999,"starters_points":[1e999,2,null,"x"],"players_points":{"a":-1e999,"b":null,"c":1,"d":"x"}},
         {"roster_id":2,"custom_points":1e-400,"points":5},
         {"roster_id":3,"points":"1e999","custom_points":null},
         {"roster_id":4,"points":"x","starters_points":[1.5,2.5]}]
        """#
        let entries = try MatchupsDecoder.decode(Data(body.utf8))
        try #require(entries.count == 4)
        #expect(entries[0].points.isNaN)
        #expect(entries[0].startersPoints?.first?.isNaN == true)
        #expect(entries[0].startersPoints?.dropFirst() == [2, 0, 0])
        #expect(entries[0].playersPoints?["a"]?.isNaN == true)
        #expect(entries[0].playersPoints?["c"] == 1)
        #expect(entries[0].playersPoints?["b"] == nil && entries[0].playersPoints?["d"] == nil)
        // The commissioner's figure is unreadable: not replaced by the computed one.
        #expect(entries[1].points.isNaN)
        // A string Double(_:) reads as infinity stays infinity; both are refused downstream.
        #expect(entries[2].points == .infinity)
        // A string that is no number still falls back to the starters' sum, as before.
        #expect(entries[3].points == 4)
        _ = Decoded.both(Data(body.utf8))
        #expect(SnapshotUsability.answerProblem(Array(entries[0...0])) != nil)
        #expect(SnapshotUsability.answerProblem(Array(entries[1...1])) != nil)
        #expect(SnapshotUsability.answerProblem(Array(entries[2...2])) != nil)
        #expect(SnapshotUsability.answerProblem(Array(entries[3...3])) == nil)
    }
}
