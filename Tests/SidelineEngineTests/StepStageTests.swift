import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineDelivery
import SidelineSinks
import SidelineStore

/// The step stage's pure core, from values alone: no SQLite, no HTTP, no clock.
@Suite("The step stage: selection and stepping as values")
struct StepStageTests {
    static let week = WeekKey(season: "2026", seasonType: .regular, week: 12)
    static let kickoff = Date(timeIntervalSince1970: 1_795_370_400) // Sunday 2026-11-22 18:00 UTC
    static let buf = TeamCode(normalized: "BUF"), mia = TeamCode(normalized: "MIA")
    static let kc = TeamCode(normalized: "KC"), lv = TeamCode(normalized: "LV")

    static let league = League(leagueID: "L1", name: "Values League", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false)
    static let quiet = League(leagueID: "L2", name: "Quiet League", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false)
    static let players = PlayersIndex(players: [
        "QB1": PlayerInfo(id: "QB1", name: "Josh Allen", position: "QB", team: buf),
        "RB1": PlayerInfo(id: "RB1", name: "Isiah Pacheco", position: "RB", team: kc),
        "WR1": PlayerInfo(id: "WR1", name: "Tyreek Hill", position: "WR", team: mia),
    ])
    static let entries = [
        MatchupEntry(rosterID: 1, matchupID: 1, points: 12.5, starters: ["QB1", "RB1"], startersPoints: [12.5, 0], players: ["QB1", "RB1"], playersPoints: nil),
        MatchupEntry(rosterID: 2, matchupID: 1, points: 8, starters: ["WR1"], startersPoints: [8], players: ["WR1"], playersPoints: nil),
    ]

    static func schedule(buffaloPlaying: Bool) -> WeekSchedule {
        WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [
            NFLGame(id: "g1", home: mia, away: buf, kickoff: kickoff, status: buffaloPlaying ? .inProgress : .scheduled),
            NFLGame(id: "g2", home: lv, away: kc, kickoff: kickoff.addingTimeInterval(3.5 * 3600), status: .scheduled),
        ])
    }

    static func registration(_ id: Int64, league: League, roster: Int) -> Registration {
        Registration(id: id, sleeperUserID: "u\(id)", username: "user\(id)", displayName: "User \(id)", leagueID: league.leagueID,
                     leagueName: league.name, rosterID: roster, season: "2026", createdAt: kickoff.addingTimeInterval(-86_400))
    }

    static func configuration() throws -> SidelineConfiguration {
        try ConfigurationLoader.resolve(file: nil, environment: [:], flags: ["database": "/nonexistent/values.sqlite", "cache_dir": "/nonexistent"], derivedDefaults: [:])
    }

    static func stepper(at now: Date, mode: PassMode = .live, deviceSinks: DeviceSinks = .none) throws -> LifecycleStepper {
        LifecycleStepper(now: now, mode: mode, configuration: try configuration(), deviceSinks: deviceSinks, players: players)
    }

    static func item(_ registration: Registration, state: LifecycleState = .idle, fetchedAt: Date, playing: Bool = true) -> LifecycleStepper.Item {
        LifecycleStepper.Item(registration: registration, league: StoredLeague(league: league, teamNames: [1: "Allen Keys", 2: "Hill Climbers"]),
                              week: week, state: state, leagueMoved: true, snapshot: StoredSnapshot(entries: entries, fetchedAt: fetchedAt),
                              fetchedAt: fetchedAt, schedule: schedule(buffaloPlaying: playing), mayStart: true)
    }

    @Test("A starter's game in progress on a snapshot taken after the lock starts an activity: row, event and outbox draft together")
    func startsOnALockedSnapshot() throws {
        let now = Self.kickoff.addingTimeInterval(120)
        var stepper = try Self.stepper(at: now, deviceSinks: DeviceSinks(codings: [APNsPushCoding()]))
        var batch = LifecycleStepper.Batch()
        stepper.step(Self.item(Self.registration(3, league: Self.league, roster: 1), fetchedAt: Self.kickoff.addingTimeInterval(90)), into: &batch)

        #expect(batch.events.map(\.event) == [.start])
        #expect(batch.events.first?.activity == "3-2026w12-1")
        #expect(batch.drafts.count == 1)
        #expect(batch.drafts.first?.kind == .start)
        // The push every device sink gets is encoded with the event, before anything is sent.
        #expect(batch.drafts.first?.devicePayloads.count == 1)
        let key = LifecycleKey(registrationID: 3, week: Self.week, mode: .live)
        let row = try #require(batch.rows[key])
        #expect(try row.state().activity?.id == "3-2026w12-1")
        #expect(batch.problems.isEmpty)
    }

    @Test("A snapshot taken before the lineup lock (less than a minute after kickoff) starts nothing")
    func noStartBeforeTheLock() throws {
        var stepper = try Self.stepper(at: Self.kickoff.addingTimeInterval(120))
        var batch = LifecycleStepper.Batch()
        stepper.step(Self.item(Self.registration(3, league: Self.league, roster: 1), fetchedAt: Self.kickoff.addingTimeInterval(30)), into: &batch)
        #expect(batch.events.isEmpty)
        #expect(batch.drafts.isEmpty)
    }

    @Test("With no starter playing nothing starts; a dry run's activity is marked and has no device pushes")
    func idleAndDryRun() throws {
        let registration = Self.registration(3, league: Self.league, roster: 1)
        var stepper = try Self.stepper(at: Self.kickoff.addingTimeInterval(120))
        var batch = LifecycleStepper.Batch()
        stepper.step(Self.item(registration, fetchedAt: Self.kickoff.addingTimeInterval(90), playing: false), into: &batch)
        #expect(batch.events.isEmpty)

        var dry = try Self.stepper(at: Self.kickoff.addingTimeInterval(120), mode: .dryRun)
        dry.step(Self.item(registration, fetchedAt: Self.kickoff.addingTimeInterval(90)), into: &batch)
        #expect(batch.events.first?.activity == "dry-3-2026w12-1")
        #expect(batch.drafts.first?.devicePayloads.isEmpty == true)
    }

    @Test("A league's lineups are made once for all its registrations")
    func lineupsSharedPerLeague() throws {
        var stepper = try Self.stepper(at: Self.kickoff.addingTimeInterval(120))
        var batch = LifecycleStepper.Batch()
        let fetched = Self.kickoff.addingTimeInterval(90)
        stepper.step(Self.item(Self.registration(3, league: Self.league, roster: 1), fetchedAt: fetched), into: &batch)
        stepper.step(Self.item(Self.registration(4, league: Self.league, roster: 2), fetchedAt: fetched), into: &batch)
        #expect(stepper.lineups[SchedulerCache.LeagueWeek(leagueID: "L1", week: Self.week)]?.byRoster.count == 2)
        #expect(batch.events.count == 2)
    }

    /// A cache as a process has it after stepping: the schedule and players index already
    /// stepped with, so only what the pass fetched moves.
    static func steppedCache(registrations: [Registration], schedule: WeekSchedule, playersAt: Date, settings: LifecycleSettings) -> SchedulerCache {
        var cache = SchedulerCache()
        cache.fill(token: 1, registrations: registrations,
                   leagues: ["L1": StoredLeague(league: league, teamNames: [:]), "L2": StoredLeague(league: quiet, teamNames: [:])],
                   nflState: (NFLState(week: 12, season: "2026", seasonType: .regular, leagueSeason: "2026"), kickoff))
        cache.setLifecycles([:], mode: .live, week: week, settings: settings)
        cache.steppedSchedules[week] = .some(schedule)
        cache.steppedPlayersAt = playersAt
        cache.stepAll = false
        return cache
    }

    @Test("Only the fetched league's registrations are stepped; idle ones that could not start are passed over")
    func selectionFollowsWhatMoved() throws {
        let settings = try Self.configuration().lifecycle
        let registrations = [Self.registration(1, league: Self.league, roster: 1), Self.registration(2, league: Self.league, roster: 2),
                             Self.registration(5, league: Self.quiet, roster: 1)]
        let now = Self.kickoff.addingTimeInterval(120)
        let schedule = Self.schedule(buffaloPlaying: true)
        let cache = Self.steppedCache(registrations: registrations, schedule: schedule, playersAt: Self.kickoff, settings: settings)
        let l1 = SchedulerCache.LeagueWeek(leagueID: "L1", week: Self.week)

        func select(fetchedAt: Date) -> StepSelection {
            var scope = StepScope(cache: cache, current: Self.week, olderWeeks: [:], stored: [Self.week: schedule], fetched: [l1],
                                  playersFetchedAt: Self.kickoff, now: now)
            return StepSelection(cache: cache, scope: &scope, mode: .live, snapshotTimes: [Self.week: ["L1": fetchedAt, "L2": Self.kickoff]],
                                 inHand: [l1], settings: settings, now: now)
        }
        // After the lock: both registrations of the fetched league, in registration order; the quiet league is not looked at.
        let locked = select(fetchedAt: Self.kickoff.addingTimeInterval(90))
        #expect(locked.work.map(\.registrationIndex) == [0, 1])
        #expect(locked.work.allSatisfy { $0.leagueMoved })
        #expect(locked.lastUse[l1] == 1)
        // Before it: no idle registration could start, so none is stepped.
        let early = select(fetchedAt: Self.kickoff.addingTimeInterval(30))
        #expect(early.work.isEmpty)
    }

    @Test("A game that changes status moves only the leagues whose players play in it")
    func statusChangeMovesItsTeams() throws {
        let settings = try Self.configuration().lifecycle
        var cache = Self.steppedCache(registrations: [Self.registration(1, league: Self.league, roster: 1), Self.registration(5, league: Self.quiet, roster: 1)],
                                      schedule: Self.schedule(buffaloPlaying: false), playersAt: Self.kickoff, settings: settings)
        let l1 = SchedulerCache.LeagueWeek(leagueID: "L1", week: Self.week), l2 = SchedulerCache.LeagueWeek(leagueID: "L2", week: Self.week)
        cache.leagueTeams[l1] = ([Self.buf], [Self.buf], [Self.buf, Self.mia])
        cache.leagueTeams[l2] = ([Self.kc], [Self.kc], [Self.kc, Self.lv])
        var scope = StepScope(cache: cache, current: Self.week, olderWeeks: [:], stored: [Self.week: Self.schedule(buffaloPlaying: true)], fetched: [],
                              playersFetchedAt: Self.kickoff, now: Self.kickoff.addingTimeInterval(60))
        let buffaloLeague = scope.moved("L1", Self.week, in: cache)
        let kansasCityLeague = scope.moved("L2", Self.week, in: cache)
        #expect(buffaloLeague)
        #expect(!kansasCityLeague)
    }

    @Test("A live game's clock that ticks moves no league; a status change still moves its teams' leagues")
    func clockAloneMovesNothing() throws {
        let settings = try Self.configuration().lifecycle
        func schedule(quarter: Int, secondsLeft: Double, status: GameStatus = .inProgress) -> WeekSchedule {
            WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [
                NFLGame(id: "g1", home: Self.mia, away: Self.buf, kickoff: Self.kickoff, status: status, quarter: quarter, secondsLeftInQuarter: secondsLeft),
            ])
        }
        var cache = Self.steppedCache(registrations: [Self.registration(1, league: Self.league, roster: 1)],
                                      schedule: schedule(quarter: 2, secondsLeft: 600), playersAt: Self.kickoff, settings: settings)
        cache.leagueTeams[SchedulerCache.LeagueWeek(leagueID: "L1", week: Self.week)] = ([Self.buf], [Self.buf], [Self.buf, Self.mia])
        func moved(_ stored: WeekSchedule) -> Bool {
            var scope = StepScope(cache: cache, current: Self.week, olderWeeks: [:], stored: [Self.week: stored], fetched: [],
                                  playersFetchedAt: Self.kickoff, now: Self.kickoff.addingTimeInterval(3600))
            return scope.moved("L1", Self.week, in: cache)
        }
        #expect(!moved(schedule(quarter: 2, secondsLeft: 540)))
        #expect(!moved(schedule(quarter: 3, secondsLeft: 900)))
        #expect(moved(schedule(quarter: 4, secondsLeft: 0, status: .final)))
    }
}
