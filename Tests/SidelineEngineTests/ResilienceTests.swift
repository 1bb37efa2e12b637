import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

@Suite("Crashes, failures and bad answers")
struct ResilienceTests {
    @Test("A crash after commit and before delivery: the restarted engine delivers the start once")
    func crashBeforeDelivery() async throws {
        try await withEngineHarness(at: "2026-11-22T14:25:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            let crashing = RecordingSink()
            crashing.setFailing(true)
            try await harness.run(try harness.scheduler(), from: "2026-11-22T14:25:00Z", to: "2026-11-22T14:31:00Z", sinks: [crashing])
            #expect(crashing.events.isEmpty)

            // "Restart": a new store connection and engine on the same file.
            let sink = RecordingSink()
            try await harness.run(try harness.scheduler(), from: "2026-11-22T14:32:00Z", to: "2026-11-22T14:40:00Z", sinks: [sink])
            let starts = sink.events.filter { $0.event == .start }
            #expect(starts.count == 1)
            #expect(starts.first?.at == "2026-11-22T14:31:00Z")
            #expect(sink.events.first?.event == .start)
        }
    }

    @Test("An end whose delivery failed is delivered on the next pass, never lost")
    func endIsNotLost() async throws {
        try await withEngineHarness(at: "2026-11-22T20:30:00Z") { harness in
            _ = try await harness.register([GameDayScript.blake.username])
            let sink = RecordingSink()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T20:30:00Z", to: "2026-11-22T21:39:00Z", sinks: [sink])
            sink.setFailing(true)
            try await harness.run(scheduler, from: "2026-11-22T21:40:00Z", to: "2026-11-22T21:40:00Z", sinks: [sink])
            #expect(!sink.events.contains { $0.event == .end })
            sink.setFailing(false)
            try await harness.run(try harness.scheduler(), from: "2026-11-22T21:41:00Z", to: "2026-11-22T21:45:00Z", sinks: [sink])
            let ends = sink.events.filter { $0.event == .end }
            #expect(ends.count == 1)
            #expect(ends.first?.at == "2026-11-22T21:40:00Z")
        }
    }

    @Test("A failing sink is retried with exponential backoff (5 s, 10 s, 20 s…), not every pass")
    func deliveryBackoff() async throws {
        try await withEngineHarness(at: "2026-11-22T14:25:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            let sink = RecordingSink(name: "webhook")
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T14:25:00Z", to: "2026-11-22T14:30:00Z", sinks: [sink])
            sink.setFailing(true)
            // A pass a second for 30 s: attempts at :00, :05, :15 (the next is due at :35).
            try await harness.run(scheduler, from: "2026-11-22T14:31:00Z", to: "2026-11-22T14:31:30Z", sinks: [sink], step: 1)
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            let pending = try store.pendingDeliveries(mode: .live)
            #expect(pending.first?.attempts == 3)
            #expect(pending.first?.notBefore == EngineHarness.utc("2026-11-22T14:31:35Z"))
            sink.setFailing(false)
            try await harness.run(scheduler, from: "2026-11-22T14:31:35Z", to: "2026-11-22T14:31:35Z", sinks: [sink])
            #expect(sink.events.first?.event == .start)
            #expect(try store.pendingDeliveries(mode: .live).isEmpty)
        }
    }

    @Test("429 with Retry-After rests the endpoint across passes and engines, then recovers")
    func backoff() async throws {
        try await withEngineHarness(at: "2026-11-22T18:05:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            harness.world.inject(.status(429, retryAfter: "180"), forPathPrefix: "/v1/league/\(GameDayScript.leagueID)/matchups", times: 1)
            let report = try await harness.run(try harness.scheduler(), from: "2026-11-22T18:05:00Z", to: "2026-11-22T18:05:00Z", sinks: [])
            #expect(report[0].problems.contains { $0.contains("429") })
            harness.world.clearRequests()
            // A new process during the rest makes no Sleeper API call.
            try await harness.run(try harness.scheduler(), from: "2026-11-22T18:06:00Z", to: "2026-11-22T18:07:00Z", sinks: [])
            #expect(harness.world.requestCount(pathPrefix: "/v1/") == 0)
            try await harness.run(try harness.scheduler(), from: "2026-11-22T18:08:00Z", to: "2026-11-22T18:09:00Z", sinks: [])
            #expect(harness.world.requestCount(pathPrefix: "/v1/league/\(GameDayScript.leagueID)/matchups") >= 1)
        }
    }

    @Test("Garbage from Sleeper changes nothing and the pass still completes")
    func garbage() async throws {
        try await withEngineHarness(at: "2026-11-22T18:05:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            harness.world.inject(.garbage("{\"surprise\": true}"), forPathPrefix: "/v1/league/\(GameDayScript.leagueID)/matchups", times: 1)
            let sink = RecordingSink()
            let reports = try await harness.run(try harness.scheduler(), from: "2026-11-22T18:05:00Z", to: "2026-11-22T18:06:00Z", sinks: [sink])
            #expect(reports[0].problems.contains { $0.contains("unexpected answer") })
            #expect(reports[0].events.isEmpty)
            #expect(sink.events.map(\.event) == [.start])
        }
    }

    @Test("Dry runs keep their own lifecycle: a real run never updates or ends a dry-run activity")
    func dryRunIsolation() async throws {
        try await withEngineHarness(at: "2026-11-22T18:00:00Z") { harness in
            _ = try await harness.register([GameDayScript.blake.username])
            let dry = RecordingSink()
            try await harness.run(try harness.scheduler(), from: "2026-11-22T18:00:00Z", to: "2026-11-22T18:10:00Z", mode: .dryRun, sinks: [dry])
            #expect(dry.events.first?.event == .start)
            #expect(dry.events.allSatisfy { $0.activity.hasPrefix("dry-") && $0.dryRun })

            let real = RecordingSink()
            try await harness.run(try harness.scheduler(), from: "2026-11-22T18:11:00Z", to: "2026-11-22T18:20:00Z", mode: .live, sinks: [real])
            #expect(real.events.first?.event == .start)
            #expect(real.events.allSatisfy { !$0.activity.hasPrefix("dry-") && !$0.dryRun })
            #expect(Set(real.events.map(\.activity)).isDisjoint(with: Set(dry.events.map(\.activity))))
        }
    }

    @Test("players/nfl is kept across restarts: a cold start with a fresh cache does not refetch it")
    func playersCached() async throws {
        try await withEngineHarness(at: "2026-11-22T18:05:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            try await harness.run(try harness.scheduler(), from: "2026-11-22T18:05:00Z", to: "2026-11-22T18:05:00Z", sinks: [])
            #expect(harness.world.requestCount(pathPrefix: "/v1/players/nfl") == 1)
            try await harness.run(try harness.scheduler(), from: "2026-11-22T18:06:00Z", to: "2026-11-22T18:08:00Z", sinks: [])
            try await harness.run(try harness.scheduler(), from: "2026-11-23T18:04:00Z", to: "2026-11-23T18:04:00Z", sinks: [])
            #expect(harness.world.requestCount(pathPrefix: "/v1/players/nfl") == 1)
        }
    }
}

@Suite("Removing a registration")
struct RemovalTests {
    @Test("Removing a registration ends its running activity first, and the end reaches the sinks")
    func removeEndsActivity() async throws {
        try await withEngineHarness(at: "2026-11-22T18:05:00Z") { harness in
            let registration = try await harness.register([GameDayScript.blake.username])[0]
            let sink = RecordingSink()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T18:05:00Z", to: "2026-11-22T18:10:00Z", sinks: [sink])
            #expect(sink.events.first?.event == .start)

            let environment = try harness.environment()
            let service = RegistrationService(store: environment.store, sleeper: environment.sleeper, newUserScope: .league)
            let at = EngineHarness.utc("2026-11-22T18:11:00Z")
            let ended = try service.remove(id: registration.id, at: at, sinks: [.live: [sink.route]], display: DisplayContext(now: at, timeZone: .gmt))
            #expect(ended.map(\.reason) == [.removed])
            _ = await scheduler.deliver(mode: .live, sinks: [sink], at: at)
            #expect(sink.events.last?.event == .end)
            #expect(sink.events.last?.reason == .removed)
            #expect(sink.events.last?.activity == sink.events.first?.activity)
            #expect(try environment.store.activeRegistrations().isEmpty)

            // Later passes send nothing more for it.
            let before = sink.events.count
            try await harness.run(scheduler, from: "2026-11-22T18:12:00Z", to: "2026-11-22T18:15:00Z", sinks: [sink])
            #expect(sink.events.count == before)
        }
    }
}
