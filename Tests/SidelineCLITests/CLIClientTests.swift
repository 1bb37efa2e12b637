import Foundation
import Testing
import SidelineDeviceClient
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// The iPhone app's client library against the real `sideline serve` binary, with a code
/// from the real `sideline devices invite` and activities started by real `sideline tick`s.
@Suite("The app's client library against sideline serve")
struct CLIClientTests {
    @Test("Pair with an invite's link, rotate the push-to-start token, read my activities, report an activity's token and its dismissal, unpair")
    func clientAgainstTheBinary() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T14:20:00Z", extra: ["SIDELINE_SINKS_ENABLED": "stdout"]) { cli, world in
            #expect(try await cli.run("users", "add", "demo_alex", "--league", GameDayScript.leagueID).status == 0)
            // Alex's kickoff: real passes start a live activity.
            for minute in ["14:20", "14:31", "14:32", "14:33"] {
                let at = "2026-11-22T\(minute):00Z"
                world.setNow(utc(at))
                #expect(try await cli.run("tick", "--now", at).status == 0)
            }

            // `sideline serve` on a free port (read from its log) while the app's client uses it.
            _ = try await cli.withServer { served, _ in
                let invite = try await cli.run("devices", "invite", "demo_alex", "--json", "--no-qr")
                let code = try #require((try JSONSerialization.jsonObject(with: Data(invite.stdout.utf8)) as? [String: String])?["code"], "\(invite.stderr)")

                let api = URLSessionDeviceAPI(timeout: 10)
                let secrets = InMemorySecretStore()
                let reporter = await TokenReporter(api: api, secrets: secrets, storage: InMemoryValueStore())
                let pairing = DevicePairing(api: api, secrets: secrets, reporter: reporter, environment: .sandbox)
                let early = String(repeating: "0a1b", count: 16)
                await reporter.handle(.pushToStartTokenChanged(early))
                let credentials = try await pairing.pair(try PairingInvitation(scanned: "sideline://pair?code=\(code)&server=\(served.absoluteString)"), deviceName: "Alex's iPhone")
                var listed = try await cli.run("devices", "list", "--json").stdout
                #expect(listed.contains(credentials.deviceID) && listed.contains(String(early.prefix(8))))

                let rotated = String(repeating: "2c3d", count: 16)
                await reporter.handle(.pushToStartTokenChanged(rotated))
                listed = try await cli.run("devices", "list", "--json").stdout
                #expect(listed.contains(String(rotated.prefix(8))), "the rotated token replaced the first: \(listed)")

                // My activities answers (the binary's clock is the real one, a day after the scripted
                // Sunday, so nothing is running any more; the in-process server suite reads a live one).
                let mine = try await api.myActivities(as: credentials)
                #expect(mine.retryAfterMs > 0)
                // The activity the ticks started (its id from `status --json`): the app reports its
                // token and then the person dismisses it; both are taken, nothing is left unreported.
                let status = try JSONSerialization.jsonObject(with: Data(try await cli.run("status", "--json").stdout.utf8)) as? [String: Any]
                let activity = try #require((status?["registrations"] as? [[String: Any]])?.first?["activity"] as? String)
                let token = String(repeating: "c0ffee", count: 12)
                await reporter.handle(.activityAppeared(activity: activity))
                await reporter.handle(.activityTokenChanged(activity: activity, token: token))
                await reporter.handle(.activityStateChanged(activity: activity, state: .dismissed))
                #expect(await reporter.hasUnreported == false, "every report was taken by sideline serve")
                #expect(await reporter.lastStorageError == nil)
                let onDevice = try SQLiteStore(path: cli.databasePath).activityDevice(activityID: activity, deviceID: credentials.deviceID)
                #expect(onDevice?.updateToken == token)
                #expect(onDevice?.dismissedAt != nil)

                try await pairing.unpair()
                #expect(try await secrets.load() == nil)
                #expect(!(try await cli.run("devices", "list", "--json").stdout.contains(credentials.deviceID)))
            }
        }
    }
}
