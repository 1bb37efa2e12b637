import Foundation
import Testing
import SidelineCore
@testable import SidelineAPNs
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// A start refused for the credentials themselves (403 InvalidProviderToken) is held, not
/// failed: nothing more goes to APNs with those settings, and the start arrives once they
/// are fixed. Before, the start was given up and the phone saw nothing that game.
@Suite("APNs credentials refused on a game day: pushes held until the settings change")
struct CredentialsHoldTests {
    static let phone = TestCredentials.deviceToken("a1", 7)

    @Test("A wrong team id holds the start (one request, then none); the fixed team id delivers it")
    func heldUntilFixed() async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key) { apns in
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T14:00:00Z") { cli, world in
                let right = try cli.withAPNs(key, server: apns)
                let wrong = try cli.withAPNs(key, server: apns, teamID: "WRONG12345")
                #expect(try await right.run(["users", "add", GameDayScript.alex.username, "--league", GameDayScript.leagueID]).status == 0)
                #expect(try await right.run(["devices", "add", GameDayScript.alex.username, "--push-to-start", Self.phone]).status == 0)
                let toPhone: @Sendable () throws -> [RecordedRequest] = { try apns.requests().filter { $0.path.hasSuffix(Self.phone) } }

                // Minute by minute with the wrong team id until the start goes out (refused).
                var minute = utc("2026-11-22T14:25:00Z")
                while try toPhone().isEmpty, minute < utc("2026-11-22T16:00:00Z") {
                    world.setNow(minute)
                    #expect(try await wrong.run(["tick", "--now", iso(minute)]).status == 0)
                    minute += 60
                }
                let refused = try toPhone()
                #expect(refused.count == 1 && refused.first?.status == 403, "\(refused.map(\.status))")

                // Five more minutes: nothing more to APNs for the phone, and status says why.
                for _ in 0..<5 {
                    world.setNow(minute)
                    #expect(try await wrong.run(["tick", "--now", iso(minute)]).status == 0)
                    minute += 60
                }
                #expect(try toPhone().count == 1, "held: no push with the refused settings")
                let status = try await wrong.run("status").stdout
                #expect(status.contains("APNs refused Sideline's credentials (403 InvalidProviderToken): every push is held"), "\(status)")
                let store = try SQLiteStore(path: cli.databasePath)
                #expect(try store.deliveryCounts().contains { $0.sink == "apns" && $0.status == "failed" } == false, "nothing given up")

                // The team id fixed: the held start goes, and is taken.
                world.setNow(minute)
                #expect(try await right.run(["tick", "--now", iso(minute)]).status == 0)
                let after = try toPhone()
                #expect(after.count == 2 && after.last?.status == 200, "\(after.map(\.status))")
                #expect(try store.deliveryCounts().contains { $0.sink == "apns" && $0.status == "sent" })
                #expect(!(try await right.run("status").stdout.contains("APNs refused Sideline's credentials")))
            }
        }
    }
}
