import Foundation
import SidelineCore
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper
import SidelineHTTP
import SidelineTestSupport

@Suite("Stat corrections, commissioner overrides and stats-feed failures scripted on the fake")
struct FakeScriptedChangesTests {
    /// In the lull before Sunday night: the 1:00 games long over, nothing being played.
    let instant = GameDayScript.lateKickoff.addingTimeInterval(GameDayScript.gameLength + 1_200)
    let blake = GameDayScript.blake.rosterID

    func clients(_ base: URL) -> (HTTPSleeperClient, SleeperStatsFeed) {
        (HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate()),
         SleeperStatsFeed(baseURL: base, transport: CurlTransport(), gate: OpenCallGate()))
    }

    func stats(_ feed: SleeperStatsFeed, etag: String? = nil) async throws -> StatLinesAnswer {
        try await feed.lines(.stats, season: "2026", seasonType: .regular, week: 12, positions: [], ifNoneMatch: etag)
    }

    func entry(_ client: HTTPSleeperClient, roster: Int) async throws -> MatchupEntry {
        guard case .changed(let entries, _) = try await client.matchups(leagueID: GameDayScript.leagueID, week: 12, ifNoneMatch: nil) else {
            throw SleeperError.malformed(url: "matchups", reason: "unconditional call answered 304")
        }
        return try #require(entries.first { $0.rosterID == roster })
    }

    @Test("a rushing touchdown taken away after the game: the stats feed and the matchups both lose it, from that instant")
    func statCorrection() async throws {
        let lineup = try #require(GameDayScript.lineups.first { $0.rosterID == blake })
        let scorer = try #require(lineup.starters.first { (GameDayScript.stats(for: $0, at: instant)?["rush_td"] ?? 0) >= 1 })
        let world = scriptedWorld(at: instant.addingTimeInterval(-60))
        world.correctStat(FakeStatCorrection(playerID: scorer, week: GameDayScript.statsWeek, stat: "rush_td", change: -1, from: instant))
        try await withFakeSleeper(world) { base, world in
            let (client, feed) = clients(base)
            let before = try await entry(client, roster: blake)
            guard case .changed(let beforeLines, let etag) = try await stats(feed) else { Issue.record("no stats"); return }
            let touchdowns = try #require(beforeLines.first { $0.playerID == scorer }?.stats["rush_td"])

            world.setNow(instant.addingTimeInterval(60))
            let after = try await entry(client, roster: blake)
            guard case .changed(let afterLines, _) = try await stats(feed, etag: etag) else { Issue.record("stats did not change"); return }
            #expect(afterLines.first { $0.playerID == scorer }?.stats["rush_td"] == (touchdowns > 1 ? touchdowns - 1 : nil))
            #expect(abs(after.points(for: scorer) - (before.points(for: scorer) - 6)) < 0.001)
            #expect(abs(after.points - (before.points - 6)) < 0.001)
            #expect(after.playersPoints?[scorer] == after.points(for: scorer))
            let opponent = try await entry(client, roster: GameDayScript.drew.rosterID)
            #expect(opponent.points == GameDayScript.matchups(at: instant).first { $0.entry.rosterID == GameDayScript.drew.rosterID }?.entry.points)
        }
    }

    @Test("a commissioner override: custom_points replaces points from that instant, and only in the matchups")
    func commissionerOverride() async throws {
        let world = scriptedWorld(at: instant.addingTimeInterval(-60))
        world.overridePoints(FakePointsOverride(leagueID: GameDayScript.leagueID, week: 12, rosterID: blake, customPoints: 150.25, from: instant))
        try await withFakeSleeper(world) { base, world in
            let (client, feed) = clients(base)
            let scripted = try #require(GameDayScript.matchups(at: instant).first { $0.entry.rosterID == blake }?.entry)
            #expect(try await entry(client, roster: blake).points == scripted.points)
            guard case .changed(_, let etag) = try await stats(feed) else { Issue.record("no stats"); return }

            world.setNow(instant.addingTimeInterval(60))
            let overridden = try await entry(client, roster: blake)
            #expect(overridden.points == 150.25)
            #expect(overridden.startersPoints == scripted.startersPoints, "the players' points stay as scored")
            let raw = try await CurlTransport().get(base.appendingPathComponent("v1/league/\(GameDayScript.leagueID)/matchups/12"), headers: [:]).body
            #expect(String(decoding: raw, as: UTF8.self).contains(#""custom_points":150.25"#))
            #expect(try await stats(feed, etag: etag) == .unchanged, "the stats feed knows nothing of it")
        }
    }

    @Test("a stats-feed failure scripted for a window of the simulated day: 500, garbage, or an empty array while games are live",
          arguments: [FakeFailure.Response.status(500), .garbage("<html>oops</html>"), .garbage("[]")])
    func failureWindow(failure: FakeFailure.Response) async throws {
        let live = GameDayScript.earlyKickoff.addingTimeInterval(3_600)
        let world = scriptedWorld(at: live.addingTimeInterval(-60))
        world.inject(failure, forPathPrefix: "/stats/", during: live..<live.addingTimeInterval(600))
        try await withFakeSleeper(world) { base, world in
            let feed = clients(base).1
            func usable() async -> Bool {
                guard case .changed(let lines, _)? = try? await stats(feed) else { return false }
                return !lines.isEmpty
            }
            #expect(await usable())
            world.setNow(live.addingTimeInterval(60))
            #expect(await !usable())
            #expect(await !usable(), "the whole window, not one request")
            world.setNow(live.addingTimeInterval(600))
            #expect(await usable())
        }
    }

    @Test("scripted changes leave the rest of the world alone, and can be cleared")
    func cleared() async throws {
        let world = scriptedWorld(at: instant)
        world.overridePoints(FakePointsOverride(leagueID: GameDayScript.leagueID, week: 12, rosterID: blake, customPoints: 1, from: instant))
        world.correctStat(FakeStatCorrection(playerID: "nobody", week: GameDayScript.statsWeek, stat: "rush_td", change: 5, from: instant))
        #expect(world.currentSnapshot().matchups.values.flatMap { $0 }.filter { $0.customPoints != nil }.map(\.entry.rosterID) == [blake])
        #expect(world.currentSnapshot().stats == GameDayScript.snapshot(at: instant).stats, "no line to correct: nothing changes")
        world.clearScriptedChanges()
        #expect(world.currentSnapshot().matchups.values.flatMap { $0 }.allSatisfy { $0.customPoints == nil })
    }
}
