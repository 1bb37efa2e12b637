import Foundation
import Testing
import SidelineCore
import SidelineFakeHomeAssistant
import SidelineFakeSleeper
import SidelineTestSupport

/// `sideline check` through the real binary, against the scripted Sleeper and the Home
/// Assistant look-alike: every failure named, exit 0 only when all hold.
@Suite("Command line: sideline check")
struct CLICheckTests {
    static let token = "ha-long-lived-token-for-check-tests-0123456789"
    static let alexPhone = "mobile_app_alex_iphone"
    static let oldPad = "mobile_app_old_ipad"

    func homeAssistant(_ base: URL, token: String = token) -> [String: String] {
        ["SIDELINE_SINKS_ENABLED": "homeassistant,stdout", "SIDELINE_HOMEASSISTANT_URL": base.absoluteString, "SIDELINE_HOMEASSISTANT_TOKEN": token]
    }

    @Test("Everything holds: the configuration, the database, Sleeper, the feeds, the league, Home Assistant and stdout; exit 0")
    func allHold() async throws {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: [Self.alexPhone]) { _, ha in
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z", extra: homeAssistant(ha)) { cli, _ in
                #expect(try await cli.run("users", "add", GameDayScript.alex.username).status == 0)
                #expect(try await cli.run("devices", "add", GameDayScript.alex.username, "--homeassistant", Self.alexPhone).status == 0)
                let output = try await cli.run("check")
                #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
                for line in ["✓ configuration: no file read", "✓ database: \(cli.databasePath) opens for writing", "✓ Sleeper (", "answers: season 2026",
                             "✓ Sleeper's scores feed", "✓ ESPN's scoreboard", "✓ leagues: 1 of 1 registered leagues are readable",
                             "✓ Home Assistant (http://127.0.0.1", "accepts homeassistant.token", "✓ Home Assistant has notify.\(Self.alexPhone)", "✓ stdout", "All "] {
                    #expect(output.stdout.contains(line), "\(line) in \(output.stdout)")
                }
                #expect(!output.stdout.contains("✗"))
            }
        }
    }

    @Test("A wrong Home Assistant token is named, never echoed, exit 1, and shown by status until a passing check replaces it")
    func wrongToken() async throws {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: [Self.alexPhone]) { _, ha in
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z", extra: homeAssistant(ha, token: "a-revoked-token")) { cli, _ in
                let output = try await cli.run("check")
                #expect(output.status == 1)
                #expect(output.stdout.contains("✗ Home Assistant refused the access token (HTTP 401)"), "\(output.stdout)")
                #expect(output.stdout.contains("set homeassistant.token"))
                #expect(!output.stdout.contains("a-revoked-token") && !output.stderr.contains("a-revoked-token"))
                #expect(output.stdout.contains("1 of "))
                // What check found is what status shows, and a passing check after the fix
                // replaces it at once (not an hour later).
                #expect(try await cli.run("status").stdout.contains("refused the access token (HTTP 401)"))
                let fixed = ["SIDELINE_HOMEASSISTANT_TOKEN": Self.token]
                #expect(try await cli.run(["check"], environment: fixed).status == 0)
                let status = try await cli.run(["status"], environment: fixed).stdout
                #expect(!status.contains("refused the access token") && status.contains("accepts homeassistant.token"), "\(status)")
            }
        }
    }

    @Test("A registered notify service Home Assistant no longer has is named with the fix")
    func unknownService() async throws {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: [Self.alexPhone, Self.oldPad]) { fake, ha in
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z", extra: homeAssistant(ha)) { cli, _ in
                #expect(try await cli.run("users", "add", GameDayScript.alex.username).status == 0)
                #expect(try await cli.run("devices", "add", GameDayScript.alex.username, "--homeassistant", Self.alexPhone).status == 0)
                #expect(try await cli.run("devices", "add", GameDayScript.alex.username, "--homeassistant", Self.oldPad).status == 0)
                fake.setNotifyServices([Self.alexPhone])
                let output = try await cli.run("check", "--json")
                #expect(output.status == 1)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
                let failed = try #require(object["checks"] as? [[String: Any]]).filter { $0["ok"] as? Bool == false }
                #expect(failed.count == 1, "\(failed)")
                let message = try #require(failed.first?["message"] as? String)
                #expect(message.contains("Home Assistant has no notify.\(Self.oldPad)"), "\(message)")
                #expect(message.contains("sideline devices remove"))
            }
        }
    }

    @Test("Sleeper unreachable (a closed port) is named, and the feeds say why they were not checked")
    func sleeperUnreachable() async throws {
        try await withSidelineBinary(sleeper: URL(string: "http://127.0.0.1:9")!) { cli in
            let output = try await cli.run("check")
            #expect(output.status == 1)
            #expect(output.stdout.contains("✗ Sleeper (http://127.0.0.1:9) does not answer"), "\(output.stdout)")
            #expect(output.stdout.contains("check the network and sleeper.url"))
            #expect(output.stdout.contains("✗ the scores feed and ESPN were not checked"))
            #expect(output.stdout.contains("✓ database:"), "the rest is still checked")
        }
    }

    @Test("A configuration that does not parse is one ✗ line naming the key, exit 1")
    func badConfiguration() async throws {
        try await withSidelineBinary(sleeper: nil, extra: ["SIDELINE_SINKS_ENABLED": "homeassistant"]) { cli in
            let output = try await cli.run("check")
            #expect(output.status == 1)
            #expect(output.stdout.contains("✗ configuration: homeassistant.url is required"), "\(output.stdout)\(output.stderr)")
        }
    }
}
