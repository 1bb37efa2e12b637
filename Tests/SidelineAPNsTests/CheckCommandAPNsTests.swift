import Crypto
import Foundation
import Testing
@testable import SidelineAPNs
import SidelineCore
@testable import SidelineSinks
import SidelineFakeSleeper
import SidelineTestSupport

/// `sideline check` against the fake APNs through the real binary: good credentials, a
/// wrong team id, a wrong key id, each named in the output.
@Suite("sideline check: APNs credentials")
struct CheckCommandAPNsTests {
    /// Runs `sideline check` with the APNs sink wired to a fake that trusts `key`, with the
    /// given ids, after one user is registered on the scripted Sleeper.
    func check(keyID: String = TestCredentials.keyID, teamID: String = TestCredentials.teamID, json: Bool = false) async throws -> (ChildOutput, [RecordedRequest]) {
        let key = try TestCredentials.newKey()
        return try await withFakeAPNs(trusting: key) { apns in
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T14:00:00Z") { cli, _ in
                let cli = try cli.withAPNs(key, server: apns, keyID: keyID, teamID: teamID)
                #expect(try await cli.run(["users", "add", GameDayScript.alex.username]).status == 0)
                let output = try await cli.run(json ? ["check", "--json"] : ["check"])
                return (output, try apns.requests())
            }
        }
    }

    @Test("Good credentials: BadDeviceToken to the probe proves key and team, the bundle id is said to need a real device, exit 0")
    func goodCredentials() async throws {
        let (output, requests) = try await check()
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("✓ APNs (production) accepts the key, key id and team id"), "\(output.stdout)")
        #expect(output.stdout.contains("proven only by a real device"))
        #expect(!output.stdout.contains("✗"), "\(output.stdout)")
        let probe = try #require(requests.last)
        #expect(probe.path == "/3/device/" + String(repeating: "0", count: 64))
        #expect(probe.status == 400 && probe.reason == "BadDeviceToken")
    }

    @Test("A wrong team id: InvalidProviderToken, naming the team id among the suspects, exit 1")
    func wrongTeamID() async throws {
        let (output, requests) = try await check(teamID: "WRONGTEAM1")
        #expect(output.status == 1)
        #expect(output.stdout.contains("✗ APNs (production) refused the provider token (403 InvalidProviderToken)"), "\(output.stdout)")
        #expect(output.stdout.contains("apns.team_id WRONGTEAM1"))
        #expect(output.stdout.contains("1 of "), "the summary counts the failure")
        #expect(requests.last?.reason == "InvalidProviderToken")
    }

    @Test("A wrong key id: InvalidProviderToken, naming the key id, in JSON too")
    func wrongKeyID() async throws {
        let (output, _) = try await check(keyID: "WRONGKEY01", json: true)
        #expect(output.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        let checks = try #require(object["checks"] as? [[String: Any]])
        let failed = checks.filter { $0["ok"] as? Bool == false }
        #expect(failed.count == 1, "\(failed)")
        #expect((failed.first?["message"] as? String)?.contains("apns.key_id WRONGKEY01") == true, "\(failed)")
        #expect(failed.first?["subject"] as? String == "apns")
    }
}

/// What each APNs answer to the probe says, without a server.
@Suite("APNs probe: answers in words")
struct APNsProbeResultTests {
    static let configuration = APNsConfiguration(
        keyID: TestCredentials.keyID, teamID: TestCredentials.teamID, bundleID: TestCredentials.bundleID,
        signingKey: APNsSigningKey(P256.Signing.PrivateKey())
    )

    func result(_ outcome: APNsOutcome) -> CheckResult {
        APNsSink.probeResult(outcome, environment: .sandbox, configuration: Self.configuration)
    }

    @Test("Only BadDeviceToken holds; each refusal names its suspect")
    func answers() {
        #expect(result(.tokenRejected(reason: "BadDeviceToken", unregisteredAt: nil)).ok)
        #expect(!result(.delivered(apnsID: "x")).ok, "a push to a token of zeros accepted is no proof")
        #expect(result(.configurationError(status: 403, reason: "BadEnvironmentKeyInToken")).message.contains("limited to the other environment"))
        #expect(result(.configurationError(status: 403, reason: "ExpiredProviderToken")).message.contains("clock"))
        #expect(result(.configurationError(status: 400, reason: "TopicDisallowed")).message.contains("apns.bundle_id \(TestCredentials.bundleID)"))
        #expect(result(.retryLater(status: nil, reason: "not sent: refused", retryAfter: nil)).message.contains("could not be reached"))
    }

    @Test("The probe goes to each host the registered APNs devices use, production when none")
    func environments() {
        let at = Date(timeIntervalSince1970: 0)
        func device(_ environment: PushEnvironment, notify: String? = nil) -> Device {
            Device(id: "d", sleeperUserID: "1", name: "x", environment: environment, pushToStartToken: nil, pushToStartUpdatedAt: nil, createdAt: at, notifyService: notify)
        }
        #expect(APNsSink.environments(in: []) == [.production])
        #expect(APNsSink.environments(in: [device(.sandbox)]) == [.sandbox])
        #expect(APNsSink.environments(in: [device(.sandbox), device(.production)]) == [.sandbox, .production])
        #expect(APNsSink.environments(in: [device(.sandbox, notify: "mobile_app_x")]) == [.production], "Home Assistant targets are not APNs devices")
    }
}
