import Foundation
import Testing
import SidelineCore
import SidelineFakeSleeper
import SidelineTestSupport

/// `http.source_address` through the real binary (issue 32): a bad value stops every
/// command at configuration, a foreign address is named by `check`, and a good one is the
/// address the fake Sleeper sees on every Sleeper, scores feed and ESPN call — but not on
/// the sinks' requests.
@Suite("Command line: http.source_address")
struct CLISourceAddressTests {
    static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

    @Test("A value that is not an IP address (an interface name) is refused at configuration: exit 78, the key and the value named")
    func badValueRefused() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let tick = try await cli.run(["tick"], environment: ["SIDELINE_HTTP_SOURCE_ADDRESS": "eth0"])
            #expect(tick.status == 78)
            #expect(tick.stderr.contains("http.source_address (from SIDELINE_HTTP_SOURCE_ADDRESS) must be an IPv4 or IPv6 address"), "\(tick.stderr)")
            #expect(tick.stderr.contains("got \"eth0\""), "\(tick.stderr)")
        }
    }

    @Test("check names an address this host does not have, and the Sleeper line says why the call failed; nothing reaches Sleeper; exit 1")
    func foreignAddressFailsCheck() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z", extra: ["SIDELINE_HTTP_SOURCE_ADDRESS": "192.0.2.1"]) { cli, world in
            let output = try await cli.run("check")
            #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
            #expect(output.stdout.contains("✗ source address: 192.0.2.1 cannot be bound (Cannot assign requested address)"), "\(output.stdout)")
            #expect(output.stdout.contains("cannot send from 192.0.2.1: not an address of this host (http.source_address)"), "\(output.stdout)")
            #expect(world.requests.isEmpty)
        }
    }

    @Test("Every Sleeper, scores feed and ESPN call of users add, check and tick leaves from 127.0.0.2; the webhook's POST does not")
    func callsLeaveFromTheAddress() async throws {
        try await withScriptedSleeper(at: "2026-11-22T12:00:00Z") { base, world in
            // The fake Sleeper doubles as the webhook's receiver: it answers the POST 404,
            // but it records the address the POST came from, which is all this test reads.
            let extra = [
                "SIDELINE_HTTP_SOURCE_ADDRESS": "127.0.0.2", "SIDELINE_SINKS_ENABLED": "webhook",
                "SIDELINE_SINKS_WEBHOOK_URL": base.appendingPathComponent("hook").absoluteString, "SIDELINE_SINKS_WEBHOOK_SECRET": Self.secret,
            ]
            try await withSidelineBinary(sleeper: base, extra: extra) { cli in
                #expect(try await cli.run("users", "add", GameDayScript.alex.username).status == 0)
                let check = try await cli.run("check")
                #expect(check.stdout.contains("✓ source address: 127.0.0.2 is an address of this host"), "\(check.stdout)")
                for line in ["✓ Sleeper (", "✓ Sleeper's scores feed", "✓ ESPN's scoreboard", "✓ leagues: 1 of 1"] {
                    #expect(check.stdout.contains(line), "\(line) in \(check.stdout)")
                }
                world.setNow(utc("2026-11-22T18:05:00Z"))
                #expect(try await cli.run("tick", "--now", "2026-11-22T18:05:00Z").status == 0)
            }
            let sleeperCalls = world.requests.filter { $0.path != "/hook" }
            let hooks = world.requests.filter { $0.path == "/hook" }
            #expect(sleeperCalls.count > 5)
            #expect(Set(sleeperCalls.map(\.remoteAddress)) == ["127.0.0.2"])
            #expect(sleeperCalls.contains { $0.path.hasPrefix("/apis/") } && sleeperCalls.contains { $0.path.hasPrefix("/scores/") })
            #expect(!hooks.isEmpty && Set(hooks.map(\.remoteAddress)) == ["127.0.0.1"])
        }
    }
}
