import Foundation
import SidelineCore
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper
import SidelineHTTP
import SidelineTestSupport

@Suite("The synthetic leagues' stat lines, scoring settings and feeds")
struct SyntheticStatsTests {
    let leagues = SyntheticLeagues(count: 3)
    let live = GameDayScript.earlyKickoff.addingTimeInterval(4_000)

    func world(at now: Date) -> FakeSleeperWorld {
        let world = FakeSleeperWorld(now: now)
        world.setRouter(leagues.router(playersJSON: Data("{}".utf8)))
        return world
    }

    @Test("every pool player's points are what they were before stat lines, at every step")
    func trajectoriesUnchanged() {
        let cap = Int((SyntheticSunday.gameLength / SyntheticSunday.scoringStep).rounded(.up))
        for player in SyntheticPlayers.pool {
            let game = SyntheticSunday.game(for: player.team)
            for now in LegacyFakePoints.instants(around: game?.kickoff ?? GameDayScript.earlyKickoff) {
                let expected = game.flatMap { LegacyFakePoints.steps(kickoff: $0.kickoff, at: now, cap: cap) }
                    .map { LegacyFakePoints.points(seed: "synthetic-\(player.id)", steps: $0) } ?? 0
                #expect(SyntheticPlayers.points(player.id, at: now) == expected, "\(player.id) at \(now)")
            }
        }
    }

    @Test("each league serves half-PPR scoring_settings, and its matchups score the starters' stats with them")
    func leaguesScoreStats() async throws {
        try await withFakeSleeper(world(at: live)) { base, _ in
            let client = HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate())
            let league = try await client.league(leagues.leagueID(1))
            #expect(league.scoringSettings == SyntheticLeagues.scoringSettings)
            #expect(league.name == "Synthetic League 2")
            await #expect(throws: SleeperError.leagueNotFound("42")) { try await client.league("42") }
            guard case .changed(let entries, _) = try await client.matchups(leagueID: leagues.leagueID(1), week: 12, ifNoneMatch: nil) else {
                Issue.record("no matchups")
                return
            }
            #expect(entries.count == SyntheticLeagues.rostersPerLeague)
            for entry in entries {
                for (id, points) in zip(entry.starters, try #require(entry.startersPoints)) {
                    let stats = SyntheticPlayers.stats(id, at: live) ?? [:]
                    #expect(points == (SyntheticLeagues.scoringSettings.points(stats) * 100).rounded() / 100)
                }
            }
            #expect(entries.contains { $0.points > 0 })
        }
    }

    @Test("the stats feed serves kicked-off players, filtered by position, with ETags; projections every player with a game")
    func feeds() async throws {
        try await withFakeSleeper(world(at: live)) { base, world in
            let feed = SleeperStatsFeed(baseURL: base, transport: CurlTransport(), gate: OpenCallGate())
            let answer = try await feed.lines(.stats, season: "2026", seasonType: .regular, week: 12, positions: ["QB", "TE"], ifNoneMatch: nil)
            guard case .changed(let lines, let etag?) = answer else {
                Issue.record("expected lines and an ETag, got \(answer)")
                return
            }
            let expected = SyntheticPlayers.pool.filter { ["QB", "TE"].contains($0.position) }.compactMap { player in
                SyntheticPlayers.stats(player.id, at: live).map { StatLine(playerID: player.id, stats: $0) }
            }
            #expect(Set(lines) == Set(expected))
            #expect(lines.count < SyntheticPlayers.pool.count / 2)
            let again = try await feed.lines(.stats, season: "2026", seasonType: .regular, week: 12, positions: ["QB", "TE"], ifNoneMatch: etag)
            #expect(again == .unchanged)
            world.setNow(GameDayScript.lateKickoff)
            let projections = try await feed.lines(.projections, season: "2026", seasonType: .regular, week: 12, positions: [], ifNoneMatch: nil)
            guard case .changed(let projected, _) = projections else {
                Issue.record("no projections")
                return
            }
            let withGames = SyntheticPlayers.pool.filter { SyntheticSunday.game(for: $0.team) != nil }
            #expect(Set(projected.map(\.playerID)) == Set(withGames.map(\.id)))
            let other = try await feed.lines(.stats, season: "2026", seasonType: .regular, week: 11, positions: [], ifNoneMatch: nil)
            guard case .changed(let none, _) = other else {
                Issue.record("expected an empty week, got \(other)")
                return
            }
            #expect(none.isEmpty)
        }
    }
}
