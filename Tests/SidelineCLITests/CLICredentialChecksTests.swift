import Foundation
import Testing
import SidelineCore
import SidelineFakeHomeAssistant
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// The sinks' credentials checked by `tick` itself: reused within the hour, checked again
/// when the settings change or the hour is up; a failure in the log and in `status`.
@Suite("Command line: credentials checked at start-up")
struct CLICredentialChecksTests {
    static let token = "ha-long-lived-token-for-startup-tests-0123456789"

    /// `GET /api/` calls: one per credentials check.
    func tokenProbes(_ fake: FakeHomeAssistant) -> Int { fake.calls.filter { $0.method == "GET" && $0.path == "/api/" }.count }

    @Test("tick probes once, reuses the result within the hour, probes again when the token changes, and status shows the failure")
    func tickCachesForAnHour() async throws {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: ["mobile_app_alex_iphone"]) { fake, ha in
            let enabled = ["SIDELINE_SINKS_ENABLED": "homeassistant", "SIDELINE_HOMEASSISTANT_URL": ha.absoluteString, "SIDELINE_HOMEASSISTANT_TOKEN": Self.token]
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z", extra: enabled) { cli, _ in
                #expect(try await cli.run("tick").status == 0)
                #expect(tokenProbes(fake) == 1)
                #expect(try await cli.run("tick").status == 0)
                #expect(tokenProbes(fake) == 1, "unchanged settings within the hour: the stored result stands")
                let holding = try await cli.run("status")
                #expect(holding.stdout.contains("Home Assistant: ✓ checked"), "\(holding.stdout)")

                // A new (wrong) token: checked again at once, logged at error level, shown in status.
                let changed = try await cli.run("tick", environment: ["SIDELINE_HOMEASSISTANT_TOKEN": "a-revoked-token"])
                #expect(changed.status == 0)
                #expect(tokenProbes(fake) == 2)
                #expect(changed.stderr.contains("error"), "\(changed.stderr)")
                #expect(changed.stderr.contains("Home Assistant credentials check failed: Home Assistant refused the access token (HTTP 401)"), "\(changed.stderr)")
                let status = try await cli.run("status", environment: ["SIDELINE_HOMEASSISTANT_TOKEN": "a-revoked-token"])
                #expect(status.stdout.contains("Home Assistant: ✗ checked"), "\(status.stdout)")
                #expect(status.stdout.contains("set homeassistant.token"))
                let json = try #require(try JSONSerialization.jsonObject(with: Data(try await cli.run("status", "--json").stdout.utf8)) as? [String: Any])
                let sink = try #require((json["sinks"] as? [[String: Any]])?.first)
                #expect(sink["sink"] as? String == "homeassistant")
                #expect(sink["checked_at"] is String)
                #expect((sink["results"] as? [[String: Any]])?.first?["ok"] as? Bool == false)

                // An hour later (the stored check made to look two hours old): checked again.
                let store = try SQLiteStore(path: cli.databasePath)
                let stored = try #require(try store.credentialChecks())
                try store.saveCredentialChecks(CredentialChecks(fingerprint: stored.fingerprint, checkedAt: stored.checkedAt - 7200, sinks: stored.sinks))
                #expect(try await cli.run("tick", environment: ["SIDELINE_HOMEASSISTANT_TOKEN": "a-revoked-token"]).status == 0)
                #expect(tokenProbes(fake) == 3)
            }
        }
    }

    @Test("run checks the credentials when it starts: a wrong token is logged at error level and in status before any push")
    func runChecksAtStart() async throws {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: []) { fake, ha in
            let enabled = ["SIDELINE_SINKS_ENABLED": "homeassistant", "SIDELINE_HOMEASSISTANT_URL": ha.absoluteString, "SIDELINE_HOMEASSISTANT_TOKEN": "a-revoked-token"]
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z", extra: enabled) { cli, _ in
                let run = try await cli.run("run", "--until-idle")
                #expect(run.status == 0, "\(run.stderr)")
                #expect(tokenProbes(fake) == 1)
                #expect(run.stderr.contains("Home Assistant credentials check failed: Home Assistant refused the access token (HTTP 401)"), "\(run.stderr)")
                #expect(!run.stderr.contains("a-revoked-token"))
                let status = try await cli.run("status")
                #expect(status.stdout.contains("Home Assistant: ✗ checked"), "\(status.stdout)")
            }
        }
    }

    @Test("A dry run checks no credentials")
    func dryRunChecksNothing() async throws {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: []) { fake, ha in
            let enabled = ["SIDELINE_SINKS_ENABLED": "homeassistant", "SIDELINE_HOMEASSISTANT_URL": ha.absoluteString, "SIDELINE_HOMEASSISTANT_TOKEN": Self.token]
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z", extra: enabled) { cli, _ in
                let output = try await cli.run("tick", "--dry-run")
                #expect(output.status == 0, "\(output.stderr)")
                #expect(tokenProbes(fake) == 0)
            }
        }
    }
}
