import Foundation
import SidelineCore
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper
import SidelineHTTP
import SidelineTestSupport

/// The fake's points before they came from stat lines: every scripted and synthetic
/// trajectory must still be exactly this (the demo's and many tests' outputs rest on it).
enum LegacyFakePoints {
    static func points(seed: String, steps: Int) -> Double {
        var generator = SplitMix64(seed: fnv1a(seed))
        var total = 0.0
        for _ in 0..<steps {
            let roll = generator.next()
            total += roll % 29 == 0 ? 6.0 : Double(roll % 4) / 10
        }
        return (total * 100).rounded() / 100
    }

    /// Steps of a game that kicked off at `kickoff` played by `now`, at most `cap`.
    static func steps(kickoff: Date, at now: Date, cap: Int = .max) -> Int? {
        guard now >= kickoff else { return nil }
        let elapsed = min(now, kickoff.addingTimeInterval(GameDayScript.gameLength)).timeIntervalSince(kickoff)
        return min(Int(elapsed / 300), cap)
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Instants through a game: before kickoff, inside every step, and after the end.
    static func instants(around kickoff: Date) -> [Date] {
        (-1...40).map { kickoff.addingTimeInterval(Double($0) * 300 + 150) } + [kickoff, kickoff.addingTimeInterval(GameDayScript.gameLength)]
    }
}

@Suite("The scripted day's stat lines, and the points they score")
struct FakeStatsTests {
    @Test("every scripted player's points are what they were before stat lines, at every step")
    func trajectoriesUnchanged() throws {
        for player in GameDayScript.players {
            let game = TeamCode(normalizing: player.team).flatMap(GameDayScript.game(for:))
            for now in LegacyFakePoints.instants(around: game?.kickoff ?? GameDayScript.earlyKickoff) {
                let expected = game.flatMap { LegacyFakePoints.steps(kickoff: $0.kickoff, at: now) }
                    .map { LegacyFakePoints.points(seed: player.id, steps: $0) } ?? 0
                #expect(GameDayScript.points(for: player.id, at: now) == expected, "\(player.fullName) at \(now)")
            }
        }
    }

    @Test("matchups score each player's stats with the league's settings, and total the starters")
    func matchupsFromStats() throws {
        for now in [GameDayScript.earlyKickoff.addingTimeInterval(5_000), GameDayScript.mondayNightKickoff.addingTimeInterval(20_000)] {
            for entry in GameDayScript.matchups(at: now).map(\.entry) {
                let startersPoints = try #require(entry.startersPoints)
                for (id, points) in zip(entry.starters, startersPoints) {
                    let stats = GameDayScript.stats(for: id, at: now) ?? [:]
                    #expect(points == (GameDayScript.scoringSettings.points(stats) * 100).rounded() / 100)
                    let legacy = GameDayScript.player(id).flatMap { TeamCode(normalizing: $0.team) }.flatMap(GameDayScript.game(for:))
                        .flatMap { LegacyFakePoints.steps(kickoff: $0.kickoff, at: now) }
                        .map { LegacyFakePoints.points(seed: id, steps: $0) } ?? 0
                    #expect(points == legacy)
                }
                #expect(entry.points == (startersPoints.reduce(0, +) * 100).rounded() / 100)
            }
        }
    }

    @Test("the demo league serves half-PPR scoring_settings, read back whole by the client")
    func leagueSettings() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, _ in
            let client = HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate())
            let league = try await client.league(GameDayScript.leagueID)
            #expect(league.scoringSettings == GameDayScript.scoringSettings)
            let rules = try #require(league.scoringSettings).pointsPerStat
            #expect(rules["rush_yd"] == 0.1)
            #expect(rules["rush_td"] == 6)
            #expect(rules["rec"] == 0.5)
            #expect(rules["pass_yd"] == 0.04)
            let listed = try await client.leagues(userID: GameDayScript.alex.userID, season: "2026")
            #expect(listed.first?.scoringSettings == GameDayScript.scoringSettings)
        }
    }

    @Test("stats rows look like Sleeper's: id, stats without zeros, week and team; some carry pts_ppr")
    func rowShape() async throws {
        let now = GameDayScript.lateKickoff.addingTimeInterval(7_000)
        try await withFakeSleeper(scriptedWorld(at: now)) { base, _ in
            let url = try #require(URL(string: base.absoluteString + "/stats/nfl/2026/12?season_type=regular"))
            let body = try await CurlTransport().get(url, headers: [:]).body
            struct Row: Decodable {
                let player_id: String
                let week: Int
                let team: String?
                let stats: [String: Double]
            }
            let rows = try JSONDecoder().decode([Row].self, from: body)
            #expect(!rows.isEmpty)
            var withTotals = 0
            for row in rows {
                let player = try #require(GameDayScript.player(row.player_id))
                #expect(row.week == 12)
                #expect(row.team == player.team)
                #expect(row.stats.values.allSatisfy { $0 != 0 })
                if let ppr = row.stats["pts_ppr"] {
                    withTotals += 1
                    #expect(ppr == GameDayScript.points(for: row.player_id, at: now), "no catches in a stat line: PPR is half-PPR")
                }
                #expect(row.stats.filter { $0.key != "pts_ppr" } == GameDayScript.stats(for: row.player_id, at: now))
            }
            #expect(withTotals > 0 && withTotals < rows.count)
        }
    }

    @Test("receivers gain receiving stats, everyone else rushing; projections are about 13 points and fixed")
    func statKeysAndProjections() throws {
        let end = GameDayScript.mondayNightKickoff.addingTimeInterval(GameDayScript.gameLength)
        let nacua = try #require(GameDayScript.stats(for: "9493", at: end))
        #expect(Set(nacua.keys).isSubset(of: ["rec_yd", "rec_td"]))
        let gibbs = try #require(GameDayScript.stats(for: "9221", at: end))
        #expect(Set(gibbs.keys).isSubset(of: ["rush_yd", "rush_td"]))
        #expect(GameDayScript.stats(for: "9221", at: GameDayScript.earlyKickoff.addingTimeInterval(-1)) == nil)
        #expect(GameDayScript.projection(for: "4984") == nil, "no projection on a bye")
        let projected = GameDayScript.players.compactMap { GameDayScript.projection(for: $0.id) }
            .map { GameDayScript.scoringSettings.points($0) }
        let average = projected.reduce(0, +) / Double(projected.count)
        #expect((11...15).contains(average))
        #expect(projected.allSatisfy { (8...20).contains($0) })
        #expect(GameDayScript.projection(for: "9493")?["rec"] != nil, "a receiver's projection has catches")
    }
}
