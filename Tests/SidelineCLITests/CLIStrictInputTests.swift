import Foundation
import Testing
import SidelineFakeSleeper
import SidelineTestSupport

@Suite("Command line: tokens and device ids are ASCII hex")
struct CLIStrictInputTests {
    @Test("Full-width digits are refused as a token or a device id, with exit 1 and nothing stored")
    func fullWidthHexRefused() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z") { cli, _ in
            #expect(try await cli.run("users", "add", GameDayScript.alex.username).status == 0)

            let fullWidth = String(repeating: "９９ｃｃ", count: 16)
            let token = try await cli.run("devices", "add", "demo_alex", "--push-to-start", fullWidth)
            #expect(token.status == 1, "\(token.stderr)")
            #expect(token.stderr.contains("not hexadecimal"), "\(token.stderr)")
            #expect(try await cli.run("devices", "list").stdout.contains("no devices yet"))

            let removed = try await cli.run("devices", "remove", "dev-" + String(repeating: "０", count: 8))
            #expect(removed.status == 1)
            #expect(removed.stderr.contains("not a device id"), "\(removed.stderr)")
        }
    }
}
