import Foundation
import Testing
import SidelineAPNs
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// `sideline devices test` and `sideline rehearse` through APNs: the real binary against the
/// fake APNs, the app's activity token reported through the real device API (ADR 034).
@Suite("devices test and rehearse through APNs")
struct DevicesTestCommandTests {
    static let adminToken = "devices-test-admin-token-0123456789abcdef"

    /// The binary wired to a fake APNs with a real `.p8` key, Alex registered.
    func withSetUp(_ body: (SidelineBinary, FakeAPNs) async throws -> Void) async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key) { apns in
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z") { cli, _ in
                var cli = try cli.withAPNs(key, server: apns)
                cli.environment["SIDELINE_SERVER_ADMIN_TOKEN"] = Self.adminToken
                #expect(try await cli.run("users", "add", GameDayScript.alex.username, "--league", GameDayScript.leagueID).status == 0)
                try await body(cli, apns)
            }
        }
    }

    @Test("The updates go to the activity token the app reports through the device API; every answer in words")
    func updatesThroughTheReportedToken() async throws {
        try await withSetUp { cli, apns in
            let pushToStart = TestCredentials.deviceToken("a1", 1)
            let activityToken = TestCredentials.deviceToken("a2", 2)
            _ = try await cli.withServer { base, _ in
                let invite = try await cli.run("devices", "invite", GameDayScript.alex.username, "--json", "--no-qr")
                let code = try #require((try JSONSerialization.jsonObject(with: Data(invite.stdout.utf8)) as? [String: String])?["code"], "\(invite.stderr)")
                let paired = try await sendJSON("POST", to: base.appendingPathComponent("v1/devices"),
                                                 ["code": code, "environment": "sandbox", "pushToStartToken": pushToStart])
                #expect(paired.status == 201, "\(paired.body)")
                let pairing = try #require(try JSONSerialization.jsonObject(with: Data(paired.body.utf8)) as? [String: Any])
                let device = try #require(pairing["deviceId"] as? String)
                let secret = try #require(pairing["deviceSecret"] as? String)

                let (_, test) = try await cli.withRunning(["devices", "test", device, "--gap-seconds", "0", "--token-wait-seconds", "60"]) { child in
                    // The app: the start arrives, it reports the activity's token for the sample.
                    let start = try await child.waitFor("the sample's push-to-start at the fake APNs") { _ in
                        // Read while the server may be mid-write: an unreadable log is read again next time.
                        (try? apns.requests())?.first { $0.path.hasSuffix(pushToStart) }
                    }
                    let activity = try #require(try KillAndRestartTests.activity(of: start))
                    #expect(activity.hasPrefix("test-"))
                    let reported = try await sendJSON("PUT", to: base.appendingPathComponent("v1/activities/\(activity)/token"), ["token": activityToken], bearer: secret)
                    #expect(reported.status == 204, "\(reported.body)")
                    try await child.waitForExit(timeout: .seconds(60))
                }
                #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
                for line in ["APNs accepted the start (200)", "the app reported the activity's token", "APNs accepted the update 1 (200)",
                             "APNs accepted the update 2 (200)", "APNs accepted the end (200)", "✓ \(device): all 4 pushes accepted"] {
                    #expect(test.stdout.contains(line), "\(line) in \(test.stdout)")
                }
                let updates = try apns.requests().filter { $0.path.hasSuffix(activityToken) }
                #expect(try updates.map { try KillAndRestartTests.event(of: $0) } == ["update", "update", "end"])
                let end = try #require(try KillAndRestartTests.aps(of: updates.last))
                #expect((end["dismissal-date"] as? Int) == (end["timestamp"] as? Int), "the end dismisses at once")
                // The sample's rows are gone; nothing of the user's outbox.
                let store = try SQLiteStore(path: cli.databasePath)
                #expect(try store.outbox().isEmpty)
            }
        }
    }

    @Test("No token from the app in time: said plainly, with what to check, and the exit is 1")
    func noTokenInTime() async throws {
        try await withSetUp { cli, apns in
            let added = try await cli.run("devices", "add", GameDayScript.alex.username, "--push-to-start", TestCredentials.deviceToken("a1", 3), "--sandbox")
            let device = try #require(try SQLiteStore(path: cli.databasePath).devices().first?.id, "\(added.stderr)")
            let test = try await cli.run("devices", "test", device, "--gap-seconds", "0", "--token-wait-seconds", "1")
            #expect(test.status == 1)
            #expect(test.stdout.contains("APNs accepted the start (200)"), "\(test.stdout)")
            #expect(test.stdout.contains("no activity token came from the app in 1 s"), "\(test.stdout)")
            #expect(test.stdout.contains("is `sideline run` or `serve` reachable from the phone? is the app installed and opened once?"))
            #expect(test.stdout.contains("✗ \(device): 1 of 4 pushes accepted"))
            #expect(try apns.requests().count == 1)
        }
    }

    @Test("A 410 token: APNs' answer in words, remove the device; rehearse says the same and stops there")
    func unregisteredToken() async throws {
        try await withSetUp { cli, apns in
            _ = try await cli.run("devices", "add", GameDayScript.alex.username, "--push-to-start", TestCredentials.deviceToken("e410", 4))
            let device = try #require(try SQLiteStore(path: cli.databasePath).devices().first?.id)
            let test = try await cli.run("devices", "test", device, "--gap-seconds", "0", "--token-wait-seconds", "0")
            #expect(test.status == 1)
            #expect(test.stdout.contains("APNs: 410 Unregistered — this token is gone; remove the device"), "\(test.stdout)")
            #expect(test.stdout.contains("the other 3 pushes were not sent"))

            let rehearsal = try await cli.run("rehearse", "--minutes", "0", "--max-pushes", "5")
            #expect(rehearsal.status == 1)
            #expect(rehearsal.stdout.contains("\(device) start: APNs: 410 Unregistered — this token is gone; remove the device"), "\(rehearsal.stdout)")
            #expect(try apns.requests().count == 2, "one start each, nothing after")
            #expect(try SQLiteStore(path: cli.databasePath).devices().first?.pushToStartToken != nil, "a test never changes the device: the person removes it")
        }
    }

    @Test("A wrong team id or key id is named with APNs' 403, and nothing more is sent")
    func wrongCredentials() async throws {
        try await withSetUp { cli, apns in
            _ = try await cli.run("devices", "add", GameDayScript.alex.username, "--push-to-start", TestCredentials.deviceToken("a1", 5))
            let device = try #require(try SQLiteStore(path: cli.databasePath).devices().first?.id)
            for wrong in [["SIDELINE_APNS_TEAM_ID": "WRONG12345"], ["SIDELINE_APNS_KEY_ID": "WRONG12345"]] {
                let test = try await cli.run(["devices", "test", device, "--gap-seconds", "0", "--token-wait-seconds", "0"], environment: wrong)
                #expect(test.status == 1)
                #expect(test.stdout.contains("APNs refused the start: 403 InvalidProviderToken"), "\(wrong): \(test.stdout)")
                #expect(test.stdout.contains("the other 3 pushes were not sent"))
            }
            #expect(try apns.requests().count == 2)
        }
    }
}
