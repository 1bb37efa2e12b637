import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

@Suite("Week flips and season renewals")
struct SeasonAndWeekTests {
    @Test("An activity still in grace when Sleeper's week flips finishes its own lifecycle; the new week starts clean")
    func weekFlip() async throws {
        try await withEngineHarness(at: "2026-11-22T20:00:00Z") { harness in
            _ = try await harness.register([GameDayScript.blake.username])
            let flip = EngineHarness.utc("2026-11-22T21:20:00Z")
            harness.world.setProvider { now in
                var snapshot = GameDayScript.snapshot(at: now)
                if now >= flip { snapshot.state = NFLState(week: 13, season: "2026", seasonType: .regular, leagueSeason: "2026") }
                return snapshot
            }
            let sink = RecordingSink()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T20:00:00Z", to: "2026-11-22T22:30:00Z", sinks: [sink])
            let lifecycle = sink.events.filter { $0.event != .update }.map { "\($0.summary) wk\($0.week)" }
            // Blake's 1:00 games end at 21:10; grace runs to 21:40 across the flip at 21:20.
            #expect(lifecycle == ["start kickoff 22T20:00 demo_blake wk12", "end grace_expired 22T21:40 demo_blake wk12"])
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            let week13 = WeekKey(season: "2026", seasonType: .regular, week: 13)
            #expect(try store.lifecycleStates(mode: .live, week: week13).values.allSatisfy { $0.activity == nil })
        }
    }

    @Test("A registration follows its league's renewal into the new season")
    func followsRenewal() async throws {
        try await withEngineHarness(at: "2027-08-01T12:00:00Z") { harness in
            // Register in 2026 first.
            harness.world.setProvider { now in GameDayScript.snapshot(at: EngineHarness.utc("2026-11-20T12:00:00Z")) }
            let registration = try await harness.register([GameDayScript.alex.username])[0]
            #expect(registration.season == "2026")

            // August 2027: Sleeper's league season moved on and the league was renewed.
            let renewedID = "1190000000000000001"
            harness.world.setProvider { _ in
                var snapshot = GameDayScript.snapshot(at: EngineHarness.utc("2026-11-20T12:00:00Z"))
                snapshot.state = NFLState(week: 1, season: "2027", seasonType: .pre, leagueSeason: "2027")
                let renewed = League(leagueID: renewedID, name: "Sideline Demo League 2027", season: "2027", status: .preDraft, previousLeagueID: GameDayScript.leagueID, isBestBall: false)
                snapshot.leagues.append(renewed)
                snapshot.leagueIDsByUser[GameDayScript.alex.userID, default: []].append(renewedID)
                snapshot.rosters[renewedID] = GameDayScript.rosters
                snapshot.members[renewedID] = snapshot.members[GameDayScript.leagueID]
                return snapshot
            }
            let reports = try await harness.run(try harness.scheduler(), from: "2027-08-01T12:00:00Z", to: "2027-08-01T12:00:00Z", sinks: [])
            // The look-up is a planned call of the pass, inside the budget.
            #expect(reports.first?.calls.contains(.leagueRenewal(registrationID: registration.id)) == true)
            let followed = try #require(try SQLiteStore(path: harness.configuration.databasePath).activeRegistrations().first)
            #expect(followed.id == registration.id)
            #expect(followed.leagueID == renewedID)
            #expect(followed.season == "2027")
            #expect(followed.followNote == nil)
        }
    }

    @Test("Every registration due a renewal look-up follows in the same pass, not one a pass")
    func severalFollowInOnePass() async throws {
        try await withEngineHarness(at: "2027-08-01T12:00:00Z") { harness in
            harness.world.setProvider { _ in GameDayScript.snapshot(at: EngineHarness.utc("2026-11-20T12:00:00Z")) }
            let registrations = try await harness.register([GameDayScript.alex.username, GameDayScript.blake.username])
            #expect(registrations.count == 2)
            let renewedID = "1190000000000000001"
            harness.world.setProvider { _ in
                var snapshot = GameDayScript.snapshot(at: EngineHarness.utc("2026-11-20T12:00:00Z"))
                snapshot.state = NFLState(week: 1, season: "2027", seasonType: .pre, leagueSeason: "2027")
                snapshot.leagues.append(League(leagueID: renewedID, name: "Sideline Demo League 2027", season: "2027", status: .preDraft,
                                               previousLeagueID: GameDayScript.leagueID, isBestBall: false))
                for user in [GameDayScript.alex, GameDayScript.blake] { snapshot.leagueIDsByUser[user.userID, default: []].append(renewedID) }
                snapshot.rosters[renewedID] = GameDayScript.rosters
                snapshot.members[renewedID] = snapshot.members[GameDayScript.leagueID]
                return snapshot
            }
            try await harness.run(try harness.scheduler(), from: "2027-08-01T12:00:00Z", to: "2027-08-01T12:00:00Z", sinks: [])
            let followed = try SQLiteStore(path: harness.configuration.databasePath).activeRegistrations()
            #expect(followed.map(\.leagueID) == [renewedID, renewedID])
        }
    }

    @Test("A league that was not renewed leaves a note that status shows")
    func notRenewed() async throws {
        try await withEngineHarness(at: "2027-08-01T12:00:00Z") { harness in
            harness.world.setProvider { _ in GameDayScript.snapshot(at: EngineHarness.utc("2026-11-20T12:00:00Z")) }
            _ = try await harness.register([GameDayScript.alex.username])
            harness.world.setProvider { _ in
                var snapshot = GameDayScript.snapshot(at: EngineHarness.utc("2026-11-20T12:00:00Z"))
                snapshot.state = NFLState(week: 1, season: "2027", seasonType: .pre, leagueSeason: "2027")
                return snapshot
            }
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2027-08-01T12:00:00Z", to: "2027-08-01T12:00:00Z", sinks: [])
            let status = try await scheduler.status(at: EngineHarness.utc("2027-08-01T12:01:00Z"))
            #expect(status.registrations.first?.note?.contains("was not renewed for 2027") == true)
        }
    }
}

@Suite("Per-registration display settings")
struct RegistrationDisplayTests {
    @Test("A registration's own time zone is used for the times in its content state")
    func ownTimeZone() async throws {
        try await withEngineHarness(at: "2026-11-22T18:01:00Z") { harness in
            let environment = try harness.environment(registering: true)
            let service = RegistrationService(store: environment.store, sleeper: environment.sleeper, newUserScope: .league)
            _ = try await service.add(GameDayScript.blake.username, leagueIDs: [GameDayScript.leagueID], timeZone: "America/Los_Angeles", at: harness.now)
            _ = try await service.add(GameDayScript.alex.username, leagueIDs: [GameDayScript.leagueID], at: harness.now)
            let sink = RecordingSink()
            try await harness.run(try harness.scheduler(), from: "2026-11-22T18:01:00Z", to: "2026-11-22T18:01:00Z", sinks: [sink])
            let byUser = Dictionary(grouping: sink.events, by: \.username)
            #expect(byUser["demo_blake"]?.first?.contentState.asOf == "as of 10:01 AM")
            #expect(byUser["demo_alex"]?.last?.contentState.asOf == "as of 1:01 PM")
        }
    }
}
