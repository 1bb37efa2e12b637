import Foundation
import SidelineCore
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper
import SidelineHTTP
import SidelineTestSupport

@Suite("SleeperStatsFeed against the fake Sleeper on loopback")
struct StatsFeedTests {
    let during1pm = GameDayScript.earlyKickoff.addingTimeInterval(3_600)

    func feed(_ base: URL, gate: any CallGate = OpenCallGate()) -> SleeperStatsFeed {
        SleeperStatsFeed(baseURL: base, transport: CurlTransport(), gate: gate)
    }

    func lines(_ answer: StatLinesAnswer) throws -> (lines: [StatLine], etag: String?) {
        guard case .changed(let lines, let etag) = answer else {
            Issue.record("expected a body, got \(answer)")
            throw CancellationError()
        }
        return (lines, etag)
    }

    @Test("stats are every kicked-off player's line so far, as scripted, without pre-computed totals")
    func stats() async throws {
        try await withFakeSleeper(scriptedWorld(at: during1pm)) { base, _ in
            let answer = try await feed(base).lines(.stats, season: "2026", seasonType: .regular, week: 12, positions: [], ifNoneMatch: nil)
            let (lines, etag) = try lines(answer)
            #expect(etag != nil)
            let expected = GameDayScript.players.compactMap { player in
                GameDayScript.stats(for: player.id, at: during1pm).map { StatLine(playerID: player.id, stats: $0) }
            }
            #expect(Set(lines) == Set(expected))
            #expect(lines.contains { $0.playerID == "9221" && !$0.stats.isEmpty }, "Gibbs plays at 1:00")
            #expect(!lines.contains { $0.playerID == "8205" }, "Pacheco plays Sunday night: no line yet")
            #expect(!lines.contains { $0.playerID == "4984" }, "Allen is on a bye")
            #expect(lines.allSatisfy { $0.stats["pts_ppr"] == nil })
        }
    }

    @Test("each position[] filters, percent-encoded; the gate sees .stats or .projections with the readable query")
    func positionsAndGate() async throws {
        try await withFakeSleeper(scriptedWorld(at: during1pm)) { base, world in
            let gate = RecordingGate()
            let answer = try await feed(base, gate: gate).lines(.projections, season: "2026", seasonType: .regular, week: 12,
                                                                positions: ["QB", "DEF"], ifNoneMatch: nil)
            let ids = Set(try lines(answer).lines.map(\.playerID))
            let expected = Set(GameDayScript.players.filter { ["QB", "DEF"].contains($0.position) && $0.team != "BUF" }.map(\.id))
            #expect(ids == expected)
            _ = try await feed(base, gate: gate).lines(.stats, season: "2026", seasonType: .regular, week: 12, positions: ["K"], ifNoneMatch: nil)
            #expect(gate.recorded == [
                SleeperCall(kind: .projections, path: "/projections/nfl/2026/12?season_type=regular&position[]=QB&position[]=DEF"),
                SleeperCall(kind: .stats, path: "/stats/nfl/2026/12?season_type=regular&position[]=K"),
            ])
            let request = try #require(world.requests.first)
            #expect(request.path == "/projections/nfl/2026/12")
            #expect(request.query == "season_type=regular&position%5B%5D=QB&position%5B%5D=DEF")
        }
    }

    @Test("names and values are encoded down to unreserved characters")
    func encoding() throws {
        let request = StatFeedRequest(kind: .stats, season: "2026", seasonType: .post, week: 1, positions: ["K&DEF", "A B+C", "é"])
        let url = request.url(base: try #require(URL(string: "https://api.sleeper.com/")))
        #expect(url.absoluteString == "https://api.sleeper.com/stats/nfl/2026/1?season_type=post"
            + "&position%5B%5D=K%26DEF&position%5B%5D=A%20B%2BC&position%5B%5D=%C3%A9")
    }

    @Test("a repeated call sends the ETag: 304 is .unchanged until the stats move")
    func conditional() async throws {
        try await withFakeSleeper(scriptedWorld(at: during1pm)) { base, world in
            let feed = feed(base)
            let first = try lines(try await feed.lines(.stats, season: "2026", seasonType: .regular, week: 12, positions: [], ifNoneMatch: nil))
            let etag = try #require(first.etag)
            let again = try await feed.lines(.stats, season: "2026", seasonType: .regular, week: 12, positions: [], ifNoneMatch: etag)
            #expect(again == .unchanged)
            #expect(world.requests.last?.headers["if-none-match"] == etag)
            world.setNow(during1pm.addingTimeInterval(GameDayScript.scoringStep * 3))
            let moved = try lines(try await feed.lines(.stats, season: "2026", seasonType: .regular, week: 12, positions: [], ifNoneMatch: etag))
            #expect(moved.etag != etag)
            #expect(moved.lines != first.lines)
        }
    }

    @Test("projections do not move during the day")
    func projectionsFixed() async throws {
        try await withFakeSleeper(scriptedWorld(at: GameDayScript.londonKickoff)) { base, world in
            let feed = feed(base)
            let morning = try lines(try await feed.lines(.projections, season: "2026", seasonType: .regular, week: 12, positions: [], ifNoneMatch: nil))
            world.setNow(GameDayScript.lateKickoff)
            let afternoon = try await feed.lines(.projections, season: "2026", seasonType: .regular, week: 12, positions: [], ifNoneMatch: morning.etag)
            #expect(afternoon == .unchanged)
        }
    }

    @Test("HTTP errors keep their status and Retry-After; garbage is malformed; an empty array is an answer")
    func failures() async throws {
        try await withFakeSleeper(scriptedWorld(at: during1pm)) { base, world in
            let feed = feed(base)
            func ask() async throws(SleeperError) -> StatLinesAnswer {
                try await feed.lines(.stats, season: "2026", seasonType: .regular, week: 12, positions: ["RB"], ifNoneMatch: nil)
            }
            world.inject(.status(503, retryAfter: "120"), forPathPrefix: "/stats/", times: 1)
            let url = base.absoluteString.trimmingSuffix("/") + "/stats/nfl/2026/12?season_type=regular&position%5B%5D=RB"
            await #expect(throws: SleeperError.http(status: 503, url: url, retryAfter: 120)) { try await ask() }
            world.inject(.garbage(#"{"oops": true}"#), forPathPrefix: "/stats/", times: 1)
            let garbage = await #expect(throws: SleeperError.self) { try await ask() }
            guard case .malformed(let failing, _)? = garbage else {
                Issue.record("expected .malformed, got \(String(describing: garbage))")
                return
            }
            #expect(failing == url)
            world.inject(.garbage("[]"), forPathPrefix: "/stats/", times: 1)
            let empty = try lines(try await ask())
            #expect(empty.lines.isEmpty)
            let recovered = try lines(try await ask())
            #expect(!recovered.lines.isEmpty, "each failure was used up")
        }
    }

    @Test("a spent budget stops the call before it is made")
    func refused() async throws {
        try await withFakeSleeper(scriptedWorld(at: during1pm)) { base, world in
            await #expect(throws: SleeperError.budgetExhausted(endpoint: "/stats/nfl/2026/12?season_type=regular")) {
                try await feed(base, gate: RefusingGate()).lines(.stats, season: "2026", seasonType: .regular, week: 12, positions: [], ifNoneMatch: nil)
            }
            #expect(world.requestCount(pathPrefix: "/stats/") == 0)
        }
    }

    @Test("another season type or week has no lines")
    func otherWeeks() async throws {
        try await withFakeSleeper(scriptedWorld(at: during1pm)) { base, _ in
            let post = try await feed(base).lines(.stats, season: "2026", seasonType: .post, week: 12, positions: [], ifNoneMatch: nil)
            #expect(try lines(post).lines.isEmpty)
            let other = try await feed(base).lines(.projections, season: "2026", seasonType: .regular, week: 13, positions: [], ifNoneMatch: nil)
            #expect(try lines(other).lines.isEmpty)
        }
    }
}
