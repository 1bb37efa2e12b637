import Foundation
import SidelineCore
import SidelinePostgres
import SidelinePostgresTestDatabase
import SidelinePostgresStore
import SidelineStore
import SidelineTestDates
import Testing

@Suite("PostgreSQL store: the NFL state, schedules, the HTTP cache, the game-status source", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresFeedStoreTests {
    let t0 = utc("2026-11-22T18:00:00Z")
    let week = WeekKey(season: "2026", seasonType: .regular, week: 12)

    @Test("The NFL state and a week's schedule are none at first, then the last saved, with when they were fetched")
    func stateAndSchedule() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let store = try PostgresStore(url: url)
        #expect(try store.nflState() == nil)
        #expect(try store.schedule(week) == nil)
        try store.saveNFLState(NFLState(week: 12, season: "2026", seasonType: .regular, leagueSeason: "2026"), fetchedAt: t0)
        let state = NFLState(week: 13, season: "2026", seasonType: .regular, leagueSeason: "2026")
        try store.saveNFLState(state, fetchedAt: t0.addingTimeInterval(0.25))
        #expect(try store.nflState()?.state == state)
        #expect(try store.nflState()?.fetchedAt == t0.addingTimeInterval(0.25))

        let game = NFLGame(id: "g1", home: TeamCode(normalized: "KC"), away: TeamCode(normalized: "BUF"), kickoff: t0, status: .inProgress, quarter: 2, secondsLeftInQuarter: 431.5)
        let schedule = WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [game])
        try store.saveSchedule(schedule, for: week, fetchedAt: t0)
        try store.saveSchedule(schedule, for: week, fetchedAt: t0.addingTimeInterval(60))
        #expect(try store.schedule(week)?.schedule == schedule)
        #expect(try store.schedule(week)?.fetchedAt == t0.addingTimeInterval(60))
        #expect(try store.schedule(WeekKey(season: "2026", seasonType: .regular, week: 13)) == nil)
    }

    @Test("An older answer never replaces a newer one: a leader paused past its lease leaves the new leader's state and schedule")
    func feedsNeverGoBack() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let newLeader = try PostgresStore(url: url, egress: "b"), pausedLeader = try PostgresStore(url: url, egress: "a")
        let current = NFLState(week: 13, season: "2026", seasonType: .regular, leagueSeason: "2026")
        try newLeader.saveNFLState(current, fetchedAt: t0.addingTimeInterval(180))
        try pausedLeader.saveNFLState(NFLState(week: 12, season: "2026", seasonType: .regular, leagueSeason: "2026"), fetchedAt: t0)
        #expect(try newLeader.nflState()?.state == current)
        let game = NFLGame(id: "g1", home: TeamCode(normalized: "KC"), away: TeamCode(normalized: "BUF"), kickoff: t0, status: .final, quarter: 4, secondsLeftInQuarter: 0)
        let final = WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [game])
        try newLeader.saveSchedule(final, for: week, fetchedAt: t0.addingTimeInterval(180))
        let stale = WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [NFLGame(id: "g1", home: game.home, away: game.away, kickoff: t0, status: .inProgress, quarter: 4, secondsLeftInQuarter: 30)])
        try pausedLeader.saveSchedule(stale, for: week, fetchedAt: t0)
        #expect(try newLeader.schedule(week)?.schedule == final)
        #expect(try newLeader.schedule(week)?.fetchedAt == t0.addingTimeInterval(180))
    }

    @Test("A cached response keeps its ETag and its bytes exactly; saving again replaces both")
    func httpCache() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let store = try PostgresStore(url: url)
        let address = "https://api.sleeper.app/v1/state/nfl"
        #expect(try store.cachedResponse(url: address) == nil)
        let body = Data((0...255).map { UInt8($0) })
        try store.saveCachedResponse(url: address, etag: "W/\"1\"", body: body)
        #expect(try store.cachedResponse(url: address).map { [$0.etag: $0.body] } == ["W/\"1\"": body])
        try store.saveCachedResponse(url: address, etag: "W/\"2\"", body: Data("{}".utf8))
        #expect(try store.cachedResponse(url: address).map { [$0.etag: $0.body] } == ["W/\"2\"": Data("{}".utf8)])
    }

    @Test("The game-status source is the scores feed until saved, and an unreadable one reads as that default")
    func gameStatusSource() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let store = try PostgresStore(url: url)
        #expect(try store.gameStatusSource() == GameStatusSourceState())
        let espn = GameStatusSourceState(source: .espn, since: t0, reason: "HTTP 503")
        try store.saveGameStatusSource(espn)
        #expect(try PostgresStore(url: url).gameStatusSource() == espn)
        try PostgresConnection(url: url).execute("UPDATE meta SET value = 'not json' WHERE key = 'game-status-source'")
        #expect(try store.gameStatusSource() == GameStatusSourceState())
    }
}
