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

/// Home Assistant as HA core does it (ADR 032): activities end with `clear_notification`
/// (after the final score stayed up for `display.dismissal_minutes`), the service check runs
/// at most every ten minutes across processes, and a redirect is said once.
@Suite("Home Assistant: ends, the service check's pace, a redirect")
struct HomeAssistantEndTests {
    static let token = HomeAssistantSundayTests.token
    static let phone = HomeAssistantFailureTests.phone
    static let tablet = HomeAssistantFailureTests.tablet

    /// Alex with two targets, the look-alike on the scripted clock, `overrides` on top.
    func withSetUp(_ overrides: [String: String] = [:], _ body: (EngineHarness, FakeHomeAssistant, URL, SQLiteStore) async throws -> Void) async throws {
        try await HomeAssistantFailureTests().withSetUp(overrides, body)
    }

    /// A new sink over a new store connection: what a new process (a cron `tick`) has.
    func sink(_ base: URL, harness: EngineHarness) throws -> HomeAssistantSink {
        let transport = CurlTransport(timeout: 5)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let store = try SQLiteStore(path: harness.configuration.databasePath)
        return HomeAssistantSink(client: HomeAssistantClient(baseURL: base, token: Self.token, transport: transport, poster: transport),
                                 dailyPushes: 300, dismissalDelay: harness.configuration.dismissalDelay, token: Self.token, notes: HomeAssistantSundayTests.Notes(store: store), logger: logger)
    }

    /// One pass a minute from `start` through `end`, each as a new process (new scheduler,
    /// new sink) every `restartEvery` passes.
    func run(_ harness: EngineHarness, _ base: URL, from start: String, to end: String, restartEvery: Int) async throws -> [PassReport] {
        var reports: [PassReport] = []
        var time = utc(start)
        var pass = 0
        var current: (Scheduler, HomeAssistantSink)?
        while time <= utc(end) {
            if pass % restartEvery == 0 || current == nil { current = (try harness.scheduler(), try sink(base, harness: harness)) }
            guard let (scheduler, sink) = current else { break }
            harness.setNow(time)
            reports.append(try await scheduler.runPass(at: time, mode: .live, sinks: [sink]))
            time += 60
            pass += 1
        }
        return reports
    }

    @Test("The final score stays up for display.dismissal_minutes, then clear_notification ends it, once, across restarts; clears are not counted")
    func endsKeepTheFinalScoreThenClear() async throws {
        try await withSetUp(["display.dismissal_minutes": "10"]) { harness, fake, base, store in
            _ = try await run(harness, base, from: "2026-11-22T14:20:00Z", to: "2026-11-23T06:00:00Z", restartEvery: 7)
            let ends = try store.outbox(limit: 10_000).filter { $0.mode == .live && $0.kind == .end }
            #expect(ends.contains { $0.reason != .rollover })
            for service in [Self.phone, Self.tablet] {
                let calls = fake.calls(to: service)
                #expect(calls.allSatisfy { $0.accepted && $0.message != "end_live_activity" })
                let phone = fake.phone(service)
                for end in ends {
                    let tag = HomeAssistantNotification.tag(forActivity: end.activityID)
                    let mine = calls.filter { $0.value("data", "tag") == .string(tag) }
                    let clears = mine.filter { $0.message == HomeAssistantNotification.endCommand }
                    #expect(clears.count == 1, "\(service) \(tag): one clear, not lost, not doubled")
                    #expect(phone.activities[tag]?.ended == true, "\(service) \(tag) ended on the phone")
                    guard end.reason != .rollover else {
                        // Apple's 8-hour limit: this activity ends at once and a new one goes on.
                        #expect(clears.first?.receivedAt == end.at)
                        continue
                    }
                    // The final state went at the end's pass, and the clear ten minutes on.
                    let final = try #require(mine.dropLast().last)
                    #expect(final.value("data", "live_update") == .bool(true))
                    #expect(final.receivedAt == end.at)
                    #expect(clears.first?.receivedAt == end.at + 600)
                    #expect(mine.last?.message == HomeAssistantNotification.endCommand, "the clear comes last")
                }
                // The relay's count (the look-alike's, which leaves out commands) is what the
                // allowance counted: clears never spend it.
                for (day, counted) in phone.counted {
                    let used = try store.allowanceUse(target: service, at: utc("\(day)T12:00:00Z")).used
                    #expect(used == counted, "\(service) on \(day)")
                }
            }
        }
    }

    @Test("A refused target's service check runs at most every ten minutes, also when every pass is a new process")
    func serviceCheckPace() async throws {
        try await withSetUp { harness, fake, base, store in
            fake.setNotifyServices([Self.phone])  // the tablet was removed from HA
            _ = try await run(harness, base, from: "2026-11-22T14:20:00Z", to: "2026-11-22T15:20:00Z", restartEvery: 1)
            let checks = fake.calls.filter { $0.method == "GET" && $0.path == "/api/services" }
            #expect(fake.calls(to: Self.tablet).first?.status == 400, "the tablet was refused")
            #expect(checks.count >= 5 && checks.count <= 7, "\(checks.count) service checks in 61 passes")
            for (earlier, later) in zip(checks, checks.dropFirst()) {
                #expect(later.receivedAt.timeIntervalSince(earlier.receivedAt) >= 600)
            }
        }
    }

    @Test("Home Assistant behind a redirect: said once with the address to configure, nothing retried, status shows it")
    func redirect() async throws {
        try await withSetUp { harness, fake, base, store in
            let moved = try #require(URL(string: "https://ha.example.net:8123"))
            fake.redirect(to: moved, status: 301)
            let reports = try await run(harness, base, from: "2026-11-22T14:20:00Z", to: "2026-11-22T15:00:00Z", restartEvery: 5)
            let posts = fake.calls.filter { $0.method == "POST" }
            #expect(!posts.isEmpty && posts.allSatisfy { $0.status == 301 })
            #expect(Set(posts.map(\.receivedAt)).count == 1, "one pass met the redirect; nothing more was sent to it")
            let said = Messages.HomeAssistant.redirected(status: 301, location: moved.absoluteString)
            #expect(said.contains("set homeassistant.url to https://ha.example.net:8123"))
            #expect(reports.last?.problems.contains(said) == true)
            #expect(try await harness.scheduler().status(at: harness.now).sinkProblems == [said])
        }
    }
}
