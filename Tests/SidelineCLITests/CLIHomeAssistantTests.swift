import Foundation
import Testing
import SidelineCore
import SidelineFakeHomeAssistant
import SidelineFakeSleeper
import SidelineTestSupport

/// `sideline devices add --homeassistant`, `devices pause`/`resume`, and the configuration
/// the Home Assistant sink needs, through the real binary.
@Suite("Command line: Home Assistant targets")
struct CLIHomeAssistantTests {
    static let token = "ha-long-lived-token-for-cli-tests-0123456789"

    @Test("devices add --homeassistant checks the service with Home Assistant first; nothing is stored when it cannot")
    func addChecksTheService() async throws {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: ["mobile_app_alex_iphone"]) { _, ha in
            let enabled = ["SIDELINE_SINKS_ENABLED": "homeassistant,stdout", "SIDELINE_HOMEASSISTANT_URL": ha.absoluteString,
                           "SIDELINE_HOMEASSISTANT_TOKEN": Self.token]
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z", extra: enabled) { cli, _ in
                #expect(try await cli.run("users", "add", GameDayScript.alex.username).status == 0)

                let unknown = try await cli.run("devices", "add", GameDayScript.alex.username, "--homeassistant", "mobile_app_nobody")
                #expect(unknown.status == 1)
                #expect(unknown.stderr.contains("no notify service mobile_app_nobody"), "\(unknown.stderr)")
                let wrongToken = try await cli.run("devices", "add", GameDayScript.alex.username, "--homeassistant", "mobile_app_alex_iphone",
                                                   environment: ["SIDELINE_HOMEASSISTANT_TOKEN": "a-revoked-token"])
                #expect(wrongToken.status == 1)
                #expect(!wrongToken.stderr.contains("a-revoked-token"), "the token is never echoed")
                let down = try await cli.run("devices", "add", GameDayScript.alex.username, "--homeassistant", "mobile_app_alex_iphone",
                                             environment: ["SIDELINE_HOMEASSISTANT_URL": "http://127.0.0.1:9"])
                #expect(down.status == 1)
                let bad = try await cli.run("devices", "add", GameDayScript.alex.username, "--homeassistant", "notify.Mobile App")
                #expect(bad.status == 1)
                #expect(try await cli.run("devices", "list", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "nothing stored")

                let added = try await cli.run("devices", "add", GameDayScript.alex.username, "--homeassistant", "notify.mobile_app_alex_iphone")
                #expect(added.status == 0, "\(added.stderr)")
                #expect(added.stdout.contains("notify.mobile_app_alex_iphone"))
                let rows = try #require(try JSONSerialization.jsonObject(with: Data(try await cli.run("devices", "list", "--json").stdout.utf8)) as? [[String: Any]])
                #expect(rows.count == 1)
                #expect(rows.first?["kind"] as? String == "homeassistant")
                #expect(rows.first?["notify_service"] as? String == "mobile_app_alex_iphone")
                let id = try #require(rows.first?["id"] as? String)

                // `status` shows the target's allowance for the day.
                let status = try await cli.run("status")
                #expect(status.stdout.contains("notify.mobile_app_alex_iphone: 0 of 300 today, routine updates every"), "\(status.stdout)")
                let statusJSON = try JSONSerialization.jsonObject(with: Data(try await cli.run("status", "--json").stdout.utf8)) as? [String: Any]
                let target = try #require((statusJSON?["homeassistant"] as? [[String: Any]])?.first)
                #expect(target["service"] as? String == "mobile_app_alex_iphone")
                #expect(target["allowance"] as? Int == 300)
                #expect(target["used_today"] as? Int == 0)

                // Pause for the rest of the day, then resume.
                let paused = try await cli.run("devices", "pause", id)
                #expect(paused.status == 0, "\(paused.stderr)")
                #expect(try await cli.run("devices", "list").stdout.contains("paused until"))
                // status says until when in the display zone, labelled; --json keeps the UTC instant.
                let pausedJSON = try JSONSerialization.jsonObject(with: Data(try await cli.run("status", "--json").stdout.utf8)) as? [String: Any]
                let until = try #require((pausedJSON?["homeassistant"] as? [[String: Any]])?.first?["paused_until"] as? String)
                let eastern = LocalTime(zone: TimeZone(identifier: "America/New_York")!, localeIdentifier: "en_US")
                let pausedText = try await cli.run("status").stdout
                #expect(pausedText.contains("paused until \(eastern.label(iso: until))"), "\(pausedText)")
                #expect(!pausedText.contains(until))
                #expect(try await cli.run("devices", "resume", id).status == 0)
                #expect(!(try await cli.run("devices", "list").stdout.contains("paused until")))
                // Exactly one kind of target.
                #expect(try await cli.run("devices", "add", GameDayScript.alex.username).status == 64)
            }
        }
    }

    @Test("The sink's url and token are required when it is enabled: exit 78 naming the key")
    func configuration() async throws {
        try await withSidelineBinary(sleeper: nil, extra: ["SIDELINE_SINKS_ENABLED": "homeassistant"]) { cli in
            let missing = try await cli.run("tick", "--dry-run")
            #expect(missing.status == 78)
            #expect(missing.stderr.contains("homeassistant.url is required"), "\(missing.stderr)")
            let noToken = try await cli.run("tick", "--dry-run", environment: ["SIDELINE_HOMEASSISTANT_URL": "http://127.0.0.1:8123"])
            #expect(noToken.status == 78)
            #expect(noToken.stderr.contains("homeassistant.token is required"))
        }
    }
}
