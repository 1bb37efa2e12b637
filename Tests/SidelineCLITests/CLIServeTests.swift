import Foundation
import Testing
import SidelineFakeSleeper
import SidelineTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("sideline serve and devices invite: pairing a phone through the real binary")
struct CLIServeTests {
    @Test("invite prints a one-time code and its QR code; the served API pairs with it once")
    func inviteAndPair() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z", extra: [
            "SIDELINE_SERVER_ADMIN_TOKEN": "cli-admin-token-0123456789abcdef",
            "SIDELINE_SERVER_PUBLIC_URL": "https://sideline.example.com",
        ]) { cli, _ in
            #expect(try await cli.run("users", "add", "demo_alex", "--league", GameDayScript.leagueID).status == 0)

            let refused = try await cli.run("devices", "invite", "nobody")
            #expect(refused.status == 1)
            #expect(refused.stderr.hasPrefix("sideline: no registration for Sleeper user 'nobody'"))

            let text = try await cli.run("devices", "invite", "demo_alex")
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains("pairing code for demo_alex: "))
            #expect(text.stdout.contains("█"), "a QR code is drawn")
            #expect(text.stdout.contains("sideline://pair?code="))
            #expect(text.stdout.contains("server=https://sideline.example.com"))

            let json = try await cli.run("devices", "invite", "demo_alex", "--json")
            let invite = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: String])
            let code = try #require(invite["code"])
            #expect(code.range(of: "^[A-Z2-9]{4}-[A-Z2-9]{4}$", options: .regularExpression) != nil)
            #expect(invite["sleeper_user_id"] == GameDayScript.alex.userID)

            // `sideline serve` on a free port (the port is in its log), then SIGTERM.
            let (_, served) = try await cli.withServer { base, server in
                let paired = try await Self.post(base.appendingPathComponent("v1/devices"), ["code": code, "environment": "sandbox"])
                #expect(paired.0 == 201, "\(paired.1)")
                #expect(paired.1.contains("\"deviceSecret\""))
                let reused = try await Self.post(base.appendingPathComponent("v1/devices"), ["code": code, "environment": "sandbox"])
                #expect(reused.0 == 409)
                let devices = try await cli.run("devices", "list", "--json")
                #expect(devices.stdout.contains(GameDayScript.alex.userID))
                server.terminate()
                try await server.waitForExit(timeout: .seconds(60))
            }
            #expect(!served.stderr.contains(code), "the code is never logged")
            #expect(served.status == 0, "\(served.stderr)")
        }
    }

    static func post(_ url: URL, _ body: [String: String]) async throws -> (Int, String) {
        try await sendJSON("POST", to: url, body)
    }
}
