import Foundation
import Logging
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

/// A whole scripted Sunday (9:20 ET Sunday to Tuesday 00:00 ET, so across two 00:00 UTC
/// resets) through the Home Assistant sink, against a Home Assistant look-alike on loopback.
@Suite("Home Assistant: a whole Sunday within the relay's allowance")
struct HomeAssistantSundayTests {
    static let token = "ha-long-lived-token-for-tests-0123456789"
    /// Alex's and Blake's registrations share one phone (one notify service): one allowance.
    static let sharedPhone = "mobile_app_shared_iphone"
    static let blakePhone = "mobile_app_blake_pixel"

    /// The sink's notes in the harness's SQLite `meta`, as the wiring keeps them.
    struct Notes: HomeAssistantNotes {
        let store: SQLiteStore
        func refusedTokenHash() -> String? { (try? store.meta(Scheduler.refusedTokenKey)) ?? nil }
        func setRefusedTokenHash(_ hash: String?) { try? store.setMeta(Scheduler.refusedTokenKey, hash ?? "") }
        func redirect() -> (baseURL: String, message: String)? { Scheduler.redirectNote((try? store.meta(Scheduler.redirectKey)) ?? nil) }
        func setRedirect(_ redirect: (baseURL: String, message: String)?) {
            try? store.setMeta(Scheduler.redirectKey, redirect.map { "\($0.baseURL)\n\($0.message)" } ?? "")
        }
        func lastServiceCheck() -> Date? {
            ((try? store.meta("homeassistant.service_check_at")) ?? nil).flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
        }
        func setLastServiceCheck(_ at: Date) { try? store.setMeta("homeassistant.service_check_at", String(at.timeIntervalSince1970)) }
    }

    /// The figures the README's Home Assistant table reports.
    struct Figures {
        var usedByDay: [String: [String: Int]] = [:]
        var stalenessSeconds: [Double] = []
        var loudMoments = 0
        var loudSentInPass = 0
    }

    @Test("Every start and end arrives, no service exceeds its allowance on any UTC day, lead changes and finals go within the pass",
          arguments: [60, 300])
    func wholeSunday(limit: Int) async throws {
        try await withEngineHarness(at: "2026-11-22T14:20:00Z", overrides: ["homeassistant.daily_pushes": "\(limit)"]) { harness in
            let clock = harness.clock
            // The run, against the look-alike; its calls are read once it has stopped.
            let (fake, store) = try await withFakeHomeAssistant(token: Self.token, notifyServices: [Self.sharedPhone, Self.blakePhone, "mobile_app_other"], clock: clock.dateSource) { fake, base in
                _ = try await harness.register()
                let store = try SQLiteStore(path: harness.configuration.databasePath)
                let devices = DeviceService(store: store)
                _ = try devices.addHomeAssistant(user: GameDayScript.alex.username, name: "Shared iPhone", service: Self.sharedPhone, at: harness.now)
                _ = try devices.addHomeAssistant(user: GameDayScript.blake.username, name: "Shared iPhone", service: Self.sharedPhone, at: harness.now)
                _ = try devices.addHomeAssistant(user: GameDayScript.blake.username, name: "Pixel", service: Self.blakePhone, at: harness.now)

                let transport = CurlTransport(timeout: 10)
                let client = HomeAssistantClient(baseURL: base, token: Self.token, transport: transport, poster: transport)
                var logger = Logger(label: "test")
                logger.logLevel = .critical
                let sink = HomeAssistantSink(client: client, dailyPushes: limit, dismissalDelay: harness.configuration.dismissalDelay, token: Self.token, notes: Notes(store: store), logger: logger)
                let scheduler = try harness.scheduler()
                try await harness.run(scheduler, from: "2026-11-22T14:20:00Z", to: "2026-11-24T05:00:00Z", sinks: [sink])
                return (fake, store)
            }

            let calls = fake.calls.filter { $0.service != nil }
            let events = try store.outbox(limit: 10_000).filter { $0.mode == .live }
            #expect(calls.allSatisfy { $0.accepted }, "the look-alike accepted every well-formed push")

            // Every activity's start and end reached Home Assistant, on every target of its user.
            let activities = Set(events.filter { $0.kind == .start }.map(\.activityID))
            #expect(!activities.isEmpty)
            for activity in activities {
                let tag = HomeAssistantNotification.tag(forActivity: activity)
                let mine = calls.filter { $0.value("data", "tag") == .string(tag) }
                #expect(mine.contains { $0.message != HomeAssistantNotification.endCommand }, "a start for \(activity)")
                #expect(mine.last?.message == HomeAssistantNotification.endCommand, "the end of \(activity) comes last")
                // The title is the activity's and never changes.
                let titles = Set(mine.compactMap { call -> String? in if case .string(let title)? = call.value("title") { title } else { nil } })
                #expect(titles.count == 1, "\(activity): \(titles)")
            }

            // No service over its allowance on any UTC day (ends are commands: not counted).
            var figures = Figures()
            for call in calls where call.message != HomeAssistantNotification.endCommand {
                figures.usedByDay[call.service ?? "", default: [:]][PushAllowance.day(of: call.receivedAt), default: 0] += 1
            }
            for (service, days) in figures.usedByDay {
                for (day, used) in days { #expect(used <= limit, "\(service) on \(day): \(used) of \(limit)") }
            }
            #expect(figures.usedByDay[Self.sharedPhone]?.count ?? 0 >= 2, "the day crosses 00:00 UTC")

            // Lead changes and finals (the pushes the policy makes loud) go within their pass
            // while the reserve lasts, and every score reaches the phone: how late it got there.
            let loud = try loudEvents(events)
            for event in loud {
                let tag = HomeAssistantNotification.tag(forActivity: event.activityID)
                figures.loudMoments += 1
                if calls.contains(where: { $0.value("data", "tag") == .string(tag) && $0.receivedAt == event.at }) { figures.loudSentInPass += 1 }
            }
            #expect(figures.loudMoments > 0)
            #expect(figures.loudSentInPass == figures.loudMoments, "\(figures.loudSentInPass) of \(figures.loudMoments) within the pass")
            for event in events where event.kind != .end && event.reason != .keepAlive {
                let tag = HomeAssistantNotification.tag(forActivity: event.activityID)
                guard let carried = calls.first(where: { $0.value("data", "tag") == .string(tag) && $0.receivedAt >= event.at }) else { continue }
                figures.stalenessSeconds.append(carried.receivedAt.timeIntervalSince(event.at))
            }
            let staleness = figures.stalenessSeconds.sorted()
            let median = staleness.isEmpty ? 0 : staleness[staleness.count / 2]
            print("Home Assistant Sunday: allowance \(limit)/day; used \(figures.usedByDay.mapValues { $0.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" } }); score→HA staleness median \(Int(median)) s, worst \(Int(staleness.last ?? 0)) s over \(staleness.count) changes; \(figures.loudSentInPass)/\(figures.loudMoments) lead changes and finals within the pass")
        }
    }

    /// The events the push policy made loud (priority 10: a lead change, a final).
    func loudEvents(_ events: [OutboxEntry]) throws -> [OutboxEntry] {
        try events.filter { entry in
            guard entry.kind == .update else { return false }
            return try EventEnvelope.decode(entry.payload).push?.priority ?? 5 >= 10
        }
    }
}
