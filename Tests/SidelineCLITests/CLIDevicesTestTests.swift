import Foundation
import Testing
import SidelineCore
import SidelineFakeHomeAssistant
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// `sideline devices test` and `sideline rehearse` against the Home Assistant look-alike,
/// through the real binary (ADR 034). The APNs side is in SidelineAPNsTests.
@Suite("Command line: devices test and rehearse through Home Assistant")
struct CLIDevicesTestTests {
    static let token = "ha-long-lived-token-for-device-tests-0123456789"
    static let service = "mobile_app_alex_iphone"
    /// No test waits ten seconds between pushes (ADR 034's hidden options).
    static let quick = ["--gap-seconds", "0", "--token-wait-seconds", "0"]

    /// The binary against the fakes, with Alex registered and his phone added as a target.
    func withTarget(services: Set<String> = [service], extra: [String: String] = [:],
                    _ body: (SidelineBinary, FakeHomeAssistant, String) async throws -> Void) async throws {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: services) { fake, ha in
            let settings = ["SIDELINE_SINKS_ENABLED": "homeassistant", "SIDELINE_HOMEASSISTANT_URL": ha.absoluteString,
                            "SIDELINE_HOMEASSISTANT_TOKEN": Self.token].merging(extra) { $1 }
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z", extra: settings) { cli, _ in
                #expect(try await cli.run("users", "add", GameDayScript.alex.username, "--league", GameDayScript.leagueID).status == 0)
                let added = try await cli.run("devices", "add", GameDayScript.alex.username, "--homeassistant", Self.service)
                #expect(added.status == 0, "\(added.stderr)")
                let id = try #require(try SQLiteStore(path: cli.databasePath).devices().first?.id)
                try await body(cli, fake, id)
            }
        }
    }

    @Test("A good target: start, two updates and an end that clears, each answer in words; three pushes counted")
    func goodTarget() async throws {
        try await withTarget { cli, fake, id in
            let test = try await cli.run(["devices", "test", id] + Self.quick)
            #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
            for line in ["Home Assistant accepted the start (200)", "Home Assistant accepted the update 1 (200)",
                         "Home Assistant accepted the update 2 (200)", "Home Assistant accepted the end (200)", "✓ \(id): all 4 pushes accepted"] {
                #expect(test.stdout.contains(line), "\(line) in \(test.stdout)")
            }
            let calls = fake.calls(to: Self.service)
            #expect(calls.count == 4)
            #expect(calls.last?.message == "clear_notification", "the end dismisses at once")
            #expect(Set(calls.compactMap { $0.value("data", "tag") }).count == 1, "one sample activity")
            // Counted like any push (the clear is a command the relay does not count).
            let store = try SQLiteStore(path: cli.databasePath)
            #expect(try store.allowanceUse(target: Self.service, at: Date()).used == 3)
            // Nothing of the user's lifecycles or outbox.
            #expect(try store.outbox().isEmpty)
        }
    }

    @Test("A wrong Home Assistant token is named, the rest is not sent, the exit is 1")
    func wrongToken() async throws {
        try await withTarget { cli, fake, id in
            let test = try await cli.run(["devices", "test", id] + Self.quick, environment: ["SIDELINE_HOMEASSISTANT_TOKEN": "a-revoked-token"])
            #expect(test.status == 1)
            #expect(test.stdout.contains("Home Assistant refused homeassistant.token (401)"), "\(test.stdout)")
            #expect(test.stdout.contains("the other 3 pushes were not sent"))
            #expect(test.stdout.contains("✗ \(id): 0 of 4 pushes accepted"))
            #expect(test.stderr.contains("1 device did not pass the test"))
            #expect(!test.stdout.contains("a-revoked-token") && !test.stderr.contains("a-revoked-token"), "the token is never echoed")
            #expect(fake.calls(to: Self.service).allSatisfy { !$0.accepted })
        }
    }

    @Test("A notify service Home Assistant no longer has is named with the 400")
    func unknownService() async throws {
        try await withTarget { cli, fake, id in
            fake.setNotifyServices([])
            let test = try await cli.run(["devices", "test", id] + Self.quick)
            #expect(test.status == 1)
            #expect(test.stdout.contains("Home Assistant refused the start (400)"), "\(test.stdout)")
            #expect(test.stdout.contains("is the notify service still in Home Assistant?"))
        }
    }

    @Test("Tests never spend the allowance's reserve: past the routine share a push is not sent, and said")
    func reserveKept() async throws {
        // 10 a day: 2 in reserve, 8 routine. Two tests count 6; the third's start is the 7th,
        // its first update the 8th, its second update would spend the reserve.
        try await withTarget(extra: ["SIDELINE_HOMEASSISTANT_DAILY_PUSHES": "10"]) { cli, fake, id in
            #expect(try await cli.run(["devices", "test", id] + Self.quick).status == 0)
            #expect(try await cli.run(["devices", "test", id] + Self.quick).status == 0)
            let third = try await cli.run(["devices", "test", id] + Self.quick)
            #expect(third.status == 1)
            #expect(third.stdout.contains("Home Assistant accepted the update 1 (200)"), "\(third.stdout)")
            #expect(third.stdout.contains("not sent: \(Self.service)'s routine pushes for today are used up"), "\(third.stdout)")
            #expect(third.stdout.contains("Home Assistant accepted the end (200)"), "the clear is not counted, so it still goes")
            #expect(try SQLiteStore(path: cli.databasePath).allowanceUse(target: Self.service, at: Date()).used == 8)
        }
    }

    @Test("devices test needs a device or --all; an unknown device is refused; --all tests each")
    func choosing() async throws {
        try await withTarget { cli, fake, id in
            #expect(try await cli.run("devices", "test").status == 64)
            #expect(try await cli.run("devices", "test", id, "--all").status == 64)
            let unknown = try await cli.run(["devices", "test", "dev-00000000"] + Self.quick)
            #expect(unknown.status == 1)
            #expect(unknown.stderr.contains("dev-00000000"), "\(unknown.stderr)")
            let all = try await cli.run(["devices", "test", "--all"] + Self.quick)
            #expect(all.status == 0, "\(all.stdout)\(all.stderr)")
            #expect(all.stdout.contains("✓ \(id)"))
        }
    }

    @Test("rehearse: the game day into each device, one activity each, under the cap, registrations untouched")
    func rehearse() async throws {
        try await withTarget(services: [Self.service, "mobile_app_blake_pixel"]) { cli, fake, id in
            #expect(try await cli.run("devices", "add", GameDayScript.alex.username, "--homeassistant", "mobile_app_blake_pixel").status == 0)
            let store = try SQLiteStore(path: cli.databasePath)
            let registrations = try store.activeRegistrations()
            let run = try await cli.run("rehearse", "--minutes", "0", "--max-pushes", "8")
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("the whole day in 0 s, one activity per device, at most 8 pushes each"), "\(run.stdout)")
            #expect(run.stdout.contains("[0:00] \(id) start: Home Assistant accepted the start (200)"), "\(run.stdout)")
            #expect(run.stdout.contains("✓ \(id): 8 of 8 pushes accepted"))
            #expect(run.stdout.contains("your registrations, their activities and the outbox were not touched"))
            for service in [Self.service, "mobile_app_blake_pixel"] {
                let calls = fake.calls(to: service)
                #expect(calls.count == 8, "\(service): \(calls.count)")
                #expect(Set(calls.compactMap { $0.value("data", "tag") }).count == 1, "one activity per device")
                #expect(calls.last?.message == "clear_notification")
            }
            #expect(try store.activeRegistrations() == registrations)
            #expect(try store.outbox().isEmpty)
            #expect(try store.openLifecycleStates(registrationID: try #require(registrations.first?.id)).isEmpty)

            // --device picks one, even a paused one; without it a paused device is left alone, and said.
            #expect(try await cli.run("devices", "pause", id).status == 0)
            let one = try await cli.run("rehearse", "--minutes", "0", "--max-pushes", "3", "--device", id)
            #expect(one.status == 0, "\(one.stderr)")
            #expect(fake.calls(to: Self.service).count == 11)
            #expect(fake.calls(to: "mobile_app_blake_pixel").count == 8)
            let others = try await cli.run("rehearse", "--minutes", "0", "--max-pushes", "3")
            #expect(others.stdout.contains("\(id) is paused"), "\(others.stdout)")
            #expect(fake.calls(to: Self.service).count == 11)
            #expect(fake.calls(to: "mobile_app_blake_pixel").count == 11)
        }
    }

    @Test("rehearse names a refused target and exits 1")
    func rehearseRefused() async throws {
        try await withTarget { cli, _, id in
            let run = try await cli.run(["rehearse", "--minutes", "0"], environment: ["SIDELINE_HOMEASSISTANT_TOKEN": "a-revoked-token"])
            #expect(run.status == 1)
            #expect(run.stdout.contains("\(id) start: Home Assistant refused homeassistant.token (401)"), "\(run.stdout)")
            #expect(run.stdout.contains("✗ \(id): 0 of 20 pushes accepted, 20 not sent"), "\(run.stdout)")
        }
    }
}
