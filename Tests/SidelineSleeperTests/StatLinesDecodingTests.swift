import Foundation
import Testing
@testable import SidelineSleeper
import SidelineCore

@Suite("Stats and projections feeds: read defensively")
struct StatLinesDecodingTests {
    @Test("Rows keep their stats; zero keys may be missing; pre-computed totals, bad values and rows without an id are dropped")
    func decodes() throws {
        let body = Data("""
        [
          {"player_id": "4984", "player": {"first_name": "Josh"}, "team": "BUF", "week": 12,
           "stats": {"pass_yd": 212, "pass_td": 2, "rush_yd": "31", "pts_ppr": 24.5, "pts_half_ppr": 22, "gp": 1, "bad": "n/a"}},
          {"player_id": "BUF", "stats": {"pts_allow": 17, "pts_allow_14_20": 1, "sack": 3}},
          {"stats": {"pass_yd": 300}},
          {"player_id": 6794, "stats": null},
          "not a row",
          {"player_id": "1234", "stats": {"rec": 1e400}}
        ]
        """.utf8)
        let lines = try StatLinesDecoding.lines(from: body)
        #expect(lines.map(\.playerID) == ["4984", "BUF", "6794", "1234"])
        #expect(lines[0].stats == ["pass_yd": 212, "pass_td": 2, "rush_yd": 31, "gp": 1])
        #expect(lines[1].stats == ["pts_allow": 17, "pts_allow_14_20": 1, "sack": 3])
        #expect(lines[2].stats.isEmpty)
        #expect(lines[3].stats.isEmpty)
    }

    @Test("A body that is not an array is an error, not an empty week")
    func notAnArray() {
        #expect(throws: (any Error).self) { try StatLinesDecoding.lines(from: Data(#"{"error": "gone"}"#.utf8)) }
        #expect(throws: (any Error).self) { try StatLinesDecoding.lines(from: Data("<html>".utf8)) }
    }
}
