import Foundation
import GRDB
import Testing
@testable import SidelineCore
@testable import SidelineStore

@Suite("The live points' storage: stat feeds, snapshot baselines, scoring settings, health")
struct LivePointsStoreTests {
    let t0 = storeT0
    let week = storeWeek
    let scoring = ScoringSettings(["rush_yd": 0.1, "rush_td": 6])

    @Test("A stat feed round-trips with the lines before its last change; a 304 moves only its times", arguments: StoreFactory<any CommonStoreRoles>.common)
    func statFeedRoundTrip(_ stores: StoreFactory<any CommonStoreRoles>) throws {
        let store = try stores.fresh()
        #expect(try store.statFeed(.stats, week: week) == nil)
        let first = StatFeedLines(lines: ["p1": ["rush_yd": 12]], previous: nil, fetchedAt: t0, changedAt: t0, etag: "W/\"a\"")
        try store.saveStatFeed(.stats, week: week, first, linesChanged: true)
        let second = first.updated(with: ["p1": ["rush_yd": 20]], etag: "W/\"b\"", at: t0 + 30)
        try store.saveStatFeed(.stats, week: week, second, linesChanged: true)
        #expect(try store.statFeed(.stats, week: week) == second)
        let confirmed = second.updated(with: nil, etag: nil, at: t0 + 60)
        try store.saveStatFeed(.stats, week: week, confirmed, linesChanged: false)
        #expect(try store.statFeed(.stats, week: week) == confirmed)
        #expect(try store.statFeed(.projections, week: week) == nil)
    }

    @Test("A snapshot keeps its body's baseline; a 304 keeps it; a correction applies only to the body it was made for", arguments: StoreFactory<any CommonStoreRoles>.common)
    func snapshotBaseline(_ stores: StoreFactory<any CommonStoreRoles>) throws {
        let store = try stores.fresh()
        let entries = [MatchupEntry(rosterID: 1, matchupID: 1, points: 5, starters: ["p1"], startersPoints: [5], players: ["p1"], playersPoints: nil)]
        try store.saveSnapshots([SnapshotUpdate(leagueID: "L", week: week, entries: entries, etag: "x", fetchedAt: t0, statsBaseline: ["p1": 5])])
        #expect(try store.snapshots(week: week, leagueIDs: ["L"])["L"]?.statsBaseline == ["p1": 5])
        try store.saveSnapshots([SnapshotUpdate(leagueID: "L", week: week, entries: nil, fetchedAt: t0 + 60)])
        #expect(try store.snapshot(leagueID: "L", week: week)?.statsBaseline == ["p1": 5])
        // A correction made for the body as fetched at t0 does not land on a later fetch's row.
        try store.saveStatsBaselines([(leagueID: "L", week: week, fetchedAt: t0, baseline: ["p1": 11])])
        #expect(try store.snapshot(leagueID: "L", week: week)?.statsBaseline == ["p1": 5])
        try store.saveStatsBaselines([(leagueID: "L", week: week, fetchedAt: t0 + 60, baseline: ["p1": 11])])
        #expect(try store.snapshot(leagueID: "L", week: week)?.statsBaseline == ["p1": 11])
        // A body without stats in use has none.
        try store.saveSnapshots([SnapshotUpdate(leagueID: "L", week: week, entries: entries, etag: "y", fetchedAt: t0 + 120)])
        #expect(try store.snapshot(leagueID: "L", week: week)?.statsBaseline == nil)
    }

    @Test("A league read with scoring settings records the refresh; one read without keeps the settings stored", arguments: StoreFactory<any CommonStoreRoles>.common)
    func scoringSettings(_ stores: StoreFactory<any CommonStoreRoles>) throws {
        let store = try stores.fresh()
        let plain = League(leagueID: "L", name: "Demo", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false)
        try store.saveLeague(StoredLeague(league: plain, teamNames: [1: "A"]), at: t0)
        #expect(try store.league(id: "L")?.scoringRefreshedAt == nil)
        try store.saveLeague(StoredLeague(league: plain.with(scoringSettings: scoring), teamNames: [1: "A"]), at: t0 + 60)
        #expect(try store.league(id: "L")?.scoringRefreshedAt == t0 + 60)
        try store.saveLeague(StoredLeague(league: plain, teamNames: [1: "B"]), at: t0 + 120)
        let stored = try store.league(id: "L")
        #expect(stored?.league.scoringSettings == scoring && stored?.scoringRefreshedAt == t0 + 60 && stored?.teamNames == [1: "B"])
    }

    @Test("The health round-trips; a row this version cannot read is a clean health", arguments: StoreFactory<any AppStore>.all)
    func health(_ stores: StoreFactory<any AppStore>) throws {
        let store = try stores.fresh()
        #expect(try store.livePointsHealth() == LivePointsHealth())
        var health = LivePointsHealth(lastFailure: "HTTP 500")
        health.suspend("empty", at: t0)
        try store.saveLivePointsHealth(health)
        #expect(try store.livePointsHealth() == health)
        try store.setMeta(SQLiteStore.livePointsHealthKey, "{not json")
        #expect(try store.livePointsHealth() == LivePointsHealth())
    }

    @Test("A database from before live points migrates: its snapshots and leagues read, with no baseline or refresh")
    func migration() throws {
        let path = try olderDatabase(upTo: "v10-home-assistant") { db in
            try db.execute(sql: "INSERT INTO league (league_id, json, team_names, updated_at) VALUES ('L', ?, '{}', 0)",
                           arguments: [#"{"leagueID":"L","name":"Old","season":"2026","status":{"inSeason":{}},"isBestBall":false}"#])
        }
        let store = try SQLiteStore(path: path)
        let league = try store.league(id: "L")
        #expect(league?.league.name == "Old" && league?.league.scoringSettings == nil && league?.scoringRefreshedAt == nil)
        #expect(try store.statFeed(.stats, week: week) == nil)
    }
}
