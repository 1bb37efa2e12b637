import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineDelivery
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// The scripted days on each store (issue 31): the pass runs on the store roles, so the same
/// day against the same fake Sleeper must give the same events, byte for byte, on the
/// SQLite file and on PostgreSQL, with the same calls and the same rows left behind.
@Suite("The scripted day on each store: the same events on SQLite and on PostgreSQL", .enabled(if: StoreUnderTest.available.count > 1, "needs the PostgreSQL test server (scripts/test-env)"))
struct StoreParityDayTests {
    /// What a day left: every event's bytes as its sink got them, the Sleeper calls made
    /// (sorted: a pass's calls run side by side, so their order within one instant is the
    /// network's), and the lifecycle rows' states at the end.
    struct Day: Equatable {
        var payloads: [String] = []
        var calls: [String] = []
        var open: Int = 0
        var milestones: [String] = []
    }

    /// The scripted Sunday and Monday night in league scope (two managers, one league), a
    /// pass a minute.
    func leagueDay(_ store: StoreUnderTest) async throws -> Day {
        try await withEngineHarness(store: store) { harness in
            _ = try await harness.register()
            let sink = RecordingSink()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T14:00:00Z", to: "2026-11-23T06:00:00Z", sinks: [sink])
            let stored = try harness.store()
            return Day(payloads: sink.payloads.map { String(decoding: $0, as: UTF8.self) },
                       calls: try stored.callLog().map { "\($0.at.timeIntervalSince1970) \($0.kind) \($0.path)" }.sorted(),
                       open: try stored.lifecycleStates(mode: .live, week: PersonSunday.week).values.count(where: \.isOpen),
                       milestones: sink.events.filter { $0.event != .update || $0.reason == .resumed }.map(\.summary))
        }
    }

    /// The person Sunday: one manager in six leagues, one activity across them.
    func personDay(_ store: StoreUnderTest) async throws -> Day {
        try await withPersonSundayHarness(store: store) { harness in
            _ = try await harness.register([PersonSundayScript.pat.username], leagueIDs: [])
            let sink = RecordingSink()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, at: PersonSunday.passTimes(), sinks: [sink])
            let stored = try harness.store()
            return Day(payloads: sink.payloads.map { String(decoding: $0, as: UTF8.self) },
                       calls: try stored.callLog().map { "\($0.at.timeIntervalSince1970) \($0.kind) \($0.path)" }.sorted(),
                       open: try stored.personRows(mode: .live, week: PersonSunday.week).values.count(where: \.state.isOpen),
                       milestones: PersonSunday.lifecycle(sink.events))
        }
    }

    /// Equal lists, or the first line that differs (a whole day's list is too long to read).
    func expectSame(_ postgres: [String], _ sqlite: [String], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(postgres.count == sqlite.count, "\(what)s: \(postgres.count) on PostgreSQL, \(sqlite.count) on SQLite", sourceLocation: sourceLocation)
        if let index = zip(sqlite, postgres).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("\(what) \(index) differs:\nSQLite     \(sqlite[index])\nPostgreSQL \(postgres[index])", sourceLocation: sourceLocation)
        }
    }

    @Test("League scope: the whole scripted Sunday gives the same events, calls and rows on both stores")
    func leagueScope() async throws {
        let sqlite = try await leagueDay(.sqlite)
        let postgres = try await leagueDay(.postgres)
        #expect(sqlite.milestones == SchedulerDayTests.sundayLifecycle)
        #expect(sqlite.payloads.count > 100, "the scores move all day")
        #expect(postgres.milestones == sqlite.milestones)
        expectSame(postgres.payloads, sqlite.payloads, "event")
        expectSame(postgres.calls, sqlite.calls, "call")
        #expect(postgres.open == sqlite.open)
    }

    @Test("Person scope: the six-league Sunday gives the same events, calls and rows on both stores")
    func personScope() async throws {
        let sqlite = try await personDay(.sqlite)
        let postgres = try await personDay(.postgres)
        #expect(sqlite.milestones == PersonSundayTests.personDay)
        #expect(postgres.milestones == sqlite.milestones)
        expectSame(postgres.payloads, sqlite.payloads, "event")
        expectSame(postgres.calls, sqlite.calls, "call")
        #expect(postgres.open == sqlite.open)
    }
}
