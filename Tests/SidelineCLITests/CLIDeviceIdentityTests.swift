import Foundation
import Testing
import SidelineFakeSleeper
import SidelineTestSupport

/// Issue 27, item 3: one phone is one device. The same push-to-start token or notify service
/// added twice for one user is a no-op that says so; for another user it is allowed (a
/// shared family phone) and said; a device for a sink that is not enabled is accepted with a
/// warning, for every kind.
@Suite("Devices cannot be doubled")
struct CLIDeviceIdentityTests {
    static let token = String(repeating: "ab", count: 32)

    func rows(_ cli: SidelineBinary) async throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(try await cli.run("devices", "list", "--json").stdout.utf8)) as? [[String: Any]])
    }

    @Test("The same push-to-start token twice for one user is one device; for another user it is shared and said; the warning names the sink that is off")
    func apnsTokenTwice() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z") { cli, _ in
            #expect(try await cli.run("users", "add", GameDayScript.alex.username).status == 0)
            #expect(try await cli.run("users", "add", GameDayScript.blake.username).status == 0)
            let first = try await cli.run("devices", "add", GameDayScript.alex.username, "--push-to-start", Self.token)
            #expect(first.status == 0)
            #expect(first.stderr.contains("apns is not in sinks.enabled"), "\(first.stderr)")
            // Upper case is the same token.
            let again = try await cli.run("devices", "add", GameDayScript.alex.userID, "--push-to-start", Self.token.uppercased())
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.contains("already has this target") && again.stdout.contains("nothing changed"), "\(again.stdout)")
            #expect(try await rows(cli).count == 1)

            let family = try await cli.run("devices", "add", GameDayScript.blake.username, "--push-to-start", Self.token)
            #expect(family.status == 0)
            #expect(family.stdout.contains("added device") && family.stdout.contains("also a device of demo_alex"), "\(family.stdout)")
            let listed = try await rows(cli)
            #expect(listed.count == 2)
            #expect(Set(listed.compactMap { $0["username"] as? String }) == ["demo_alex", "demo_blake"])
            #expect(try await cli.run("devices", "list").stdout.contains("demo_blake"), "devices list names users by username")
        }
    }

    @Test("The same notify service twice for one user is one target, and adding it again lifts a refused mark")
    func homeAssistantServiceTwice() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z") { cli, _ in
            #expect(try await cli.run("users", "add", GameDayScript.alex.username).status == 0)
            let first = try await cli.run("devices", "add", GameDayScript.alex.username, "--homeassistant", "mobile_app_alex_iphone")
            #expect(first.status == 0)
            #expect(first.stderr.contains("homeassistant is not in sinks.enabled"), "\(first.stderr)")
            let again = try await cli.run("devices", "add", GameDayScript.alex.username, "--homeassistant", "notify.mobile_app_alex_iphone")
            #expect(again.status == 0)
            #expect(again.stdout.contains("already has this target"), "\(again.stdout)")
            #expect(try await rows(cli).count == 1)
        }
    }
}
