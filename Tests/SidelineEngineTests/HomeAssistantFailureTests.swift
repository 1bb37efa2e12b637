import Foundation
import Logging
import Synchronization
import Testing
@testable import SidelineCore
@testable import SidelineDelivery
@testable import SidelineEngine
import SidelineFakeHomeAssistant
import SidelineFakeSleeper
import SidelineHTTP
import SidelineSinks
import SidelineStore
import SidelineTestSupport

/// Home Assistant refusing things: the token (401), a target (400), being down; and dry runs.
@Suite("Home Assistant: a refused token, a refused target, an outage, a dry run")
struct HomeAssistantFailureTests {
    static let token = HomeAssistantSundayTests.token
    static let phone = "mobile_app_alex_iphone"
    static let tablet = "mobile_app_alex_tablet"

    /// The harness, once made: the look-alike is started first (its URL goes into the
    /// configuration) and reads the scripted clock through this.
    final class HarnessRef: Sendable {
        let value = Mutex<EngineHarness?>(nil)
        var now: Date { value.withLock { $0?.now } ?? Date(timeIntervalSince1970: 0) }
    }

    /// Alex registered with two Home Assistant targets, the sink configured (and `overrides`);
    /// the clock before Alex's kickoff.
    func withSetUp(_ overrides: [String: String] = [:], _ body: (EngineHarness, FakeHomeAssistant, URL, SQLiteStore) async throws -> Void) async throws {
        let ref = HarnessRef()
        try await withFakeHomeAssistant(token: Self.token, notifyServices: [Self.phone, Self.tablet], clock: { ref.now }) { fake, base in
            try await withEngineHarness(at: "2026-11-22T14:20:00Z", overrides: [
                "sinks.enabled": "homeassistant", "homeassistant.url": base.absoluteString, "homeassistant.token": Self.token,
            ].merging(overrides) { $1 }) { harness in
                ref.value.withLock { $0 = harness }
                _ = try await harness.register([GameDayScript.alex.username])
                let store = try SQLiteStore(path: harness.configuration.databasePath)
                for service in [Self.phone, Self.tablet] {
                    _ = try DeviceService(store: store).addHomeAssistant(user: GameDayScript.alex.username, name: service, service: service, at: harness.now)
                }
                try await body(harness, fake, base, store)
            }
        }
    }

    func sink(_ base: URL, token: String, store: SQLiteStore) -> HomeAssistantSink {
        let transport = CurlTransport(timeout: 5)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return HomeAssistantSink(client: HomeAssistantClient(baseURL: base, token: token, transport: transport, poster: transport),
                                 dailyPushes: 300, dismissalDelay: 0, token: token, notes: HomeAssistantSundayTests.Notes(store: store), logger: logger)
    }

    @Test("A 401 is said once and holds every push until the token changes; then the newest state goes")
    func refusedToken() async throws {
        try await withSetUp { harness, fake, base, store in
            let wrong = sink(base, token: "a-revoked-token", store: store)
            let scheduler = try harness.scheduler()
            let reports = try await harness.run(scheduler, from: "2026-11-22T14:20:00Z", to: "2026-11-22T14:50:00Z", sinks: [wrong])
            let notifyCalls = fake.calls.filter { $0.service != nil }
            // The first batch (both targets' starts, sent together) is refused; nothing after it.
            #expect(!notifyCalls.isEmpty && notifyCalls.allSatisfy { $0.status == 401 })
            #expect(Set(notifyCalls.map(\.receivedAt)).count == 1, "one 401 pass, then nothing more is sent with that token")
            #expect(reports.last?.problems.contains(Messages.HomeAssistant.tokenRefused) == true)
            #expect(try await scheduler.status(at: harness.now).sinkProblems == [Messages.HomeAssistant.tokenRefused])

            // The configured token is fixed: the held pushes go, the newest state only.
            let right = sink(base, token: Self.token, store: store)
            try await harness.run(scheduler, from: "2026-11-22T14:51:00Z", to: "2026-11-22T14:51:00Z", sinks: [right])
            let accepted = fake.calls.filter { $0.service != nil && $0.accepted }
            #expect(Set(accepted.compactMap(\.service)) == [Self.phone, Self.tablet])
            #expect(accepted.count <= 4, "a start (carrying the newest state) per target, not the whole backlog: \(accepted.count)")
            #expect(try await scheduler.status(at: harness.now).sinkProblems.isEmpty)
            // Nothing was given up while held: an end met by the 401 still arrives.
            let failed = try store.outbox().flatMap { try store.devicePushes(eventID: $0.id) }.filter { $0.status == "failed" }
            #expect(failed.isEmpty, "\(failed.map(\.error))")
        }
    }

    @Test("A 400 marks only that target refused; it is lifted when Home Assistant lists the service again")
    func refusedTarget() async throws {
        try await withSetUp { harness, fake, base, store in
            fake.setNotifyServices([Self.phone])  // the tablet was removed from HA
            let scheduler = try harness.scheduler()
            let ha = sink(base, token: Self.token, store: store)
            try await harness.run(scheduler, from: "2026-11-22T14:20:00Z", to: "2026-11-22T15:00:00Z", sinks: [ha])
            #expect(fake.calls(to: Self.tablet).count == 1, "one 400, then nothing more to that target")
            #expect(fake.calls(to: Self.tablet).first?.status == 400)
            #expect(fake.calls(to: Self.phone).count > 2, "the phone is unaffected")
            let tablet = try #require(try store.devices().first { $0.notifyService == Self.tablet })
            #expect(tablet.brokenReason?.contains("400") == true)
            #expect(try await scheduler.status(at: harness.now).homeAssistant.first { $0.service == Self.tablet }?.refused != nil)

            // HA has the tablet again: within ten minutes the target is lifted and pushed to.
            fake.setNotifyServices([Self.phone, Self.tablet])
            try await harness.run(scheduler, from: "2026-11-22T15:01:00Z", to: "2026-11-22T15:20:00Z", sinks: [ha])
            #expect(try store.devices().first { $0.notifyService == Self.tablet }?.brokenReason == nil)
            #expect(fake.calls(to: Self.tablet).contains { $0.accepted })
        }
    }

    @Test("Home Assistant down (503): retried with backoff, the newest state only; the end arrives")
    func outage() async throws {
        try await withSetUp { harness, fake, base, store in
            fake.answer(Self.phone, with: 503, 503, 503, 503)
            let scheduler = try harness.scheduler()
            let ha = sink(base, token: Self.token, store: store)
            try await harness.run(scheduler, from: "2026-11-22T14:20:00Z", to: "2026-11-22T15:00:00Z", sinks: [ha])
            let phone = fake.calls(to: Self.phone)
            #expect(phone.prefix(4).allSatisfy { $0.status == 503 })
            #expect(phone.dropFirst(4).contains { $0.accepted }, "taken once Home Assistant is back")
            // Removing the registration ends the activity: the end reaches both targets.
            let removal = RegistrationService(store: store, sleeper: try harness.environment().sleeper, newUserScope: .league)
            _ = try removal.remove(id: 1, at: harness.now, sinks: [.live: [ha.route]], display: DisplayContext(now: harness.now))
            _ = await scheduler.deliver(mode: .live, sinks: [ha], at: harness.now)
            for service in [Self.phone, Self.tablet] {
                #expect(fake.calls(to: service).last?.message == HomeAssistantNotification.endCommand, "\(service)")
            }
        }
    }

    @Test("Dry runs never call Home Assistant")
    func dryRun() async throws {
        try await withSetUp { harness, fake, base, store in
            let scheduler = try harness.scheduler()
            let reports = try await harness.run(scheduler, from: "2026-11-22T14:20:00Z", to: "2026-11-22T15:00:00Z", mode: .dryRun, sinks: [sink(base, token: Self.token, store: store)])
            #expect(reports.contains { !$0.events.isEmpty })
            #expect(fake.calls.isEmpty)
        }
    }
}
