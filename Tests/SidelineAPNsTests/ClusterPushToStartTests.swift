import Foundation
import Testing
import SidelineCore
import SidelineFakeSleeper
import SidelineTestSupport

/// Issue 32's kill -9 scenario seen from the phones: three `sideline` pollers on one
/// PostgreSQL schema (``ClusterPollers``) deliver to a fake APNs over HTTP/2 + TLS; a
/// follower is killed mid-fetch at the London kickoff. Only the leader delivers, so however
/// the leagues moved between pollers, each activity's push-to-start reaches each of its
/// user's tokens exactly once.
@Suite("Several pollers: one push-to-start per token", .enabled(if: StoreUnderTest.available.contains(.postgres), "needs the PostgreSQL test server (scripts/test-env)"))
struct ClusterPushToStartTests {
    static let patPhone = TestCredentials.deviceToken("a1", 0x21)
    static let rivalPhone = TestCredentials.deviceToken("a1", 0x22)
    static let startMinute = GameDayScript.londonKickoff + 60

    @Test("kill -9 of a poller at the kickoff: every activity's push-to-start reaches each token once, none lost", arguments: ["league", "person"])
    func onePushToStartPerToken(scope: String) async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key) { apns in
            let users = [PersonSundayScript.pat.username, PersonSundayScript.rival.username, PersonSundayScript.sam.username]
            try await withClusterPollers(scope: scope, sundayAt: Self.startMinute - 900, users: users, extra: { directory in
                // The key file and APNs settings, written once for every poller.
                var sinks = try SidelineBinary(directory: directory, sleeper: nil).withAPNs(key, server: apns).environment.filter { $0.key.hasPrefix("SIDELINE_APNS_") }
                sinks["SIDELINE_SINKS_ENABLED"] = "stdout,apns"
                return sinks
            }) { cluster in
                for (user, token) in [(PersonSundayScript.pat, Self.patPhone), (PersonSundayScript.rival, Self.rivalPhone)] {
                    let added = try await cluster.admin.run(["devices", "add", user.username, "--push-to-start", token])
                    #expect(added.status == 0, "\(added.stderr)")
                }
                try await cluster.minutes(from: Self.startMinute - 240, through: Self.startMinute - 60)
                let lease = TimeInterval(cluster.leaseSeconds)
                let (_, killed) = try await cluster.killFollowerMidFetch(at: Self.startMinute, through: Self.startMinute + lease + 120)
                #expect(killed.output.signal == 9, "SIGKILL")

                let starts = try apns.requests().filter { request in try !request.isCredentialsProbe && KillAndRestartTests.event(of: request) == "start" }
                let perToken = Dictionary(grouping: starts) { request in
                    "\((try? KillAndRestartTests.activity(of: request)) ?? "?") → \(request.path.hasSuffix(Self.patPhone) ? "pat" : "rival")"
                }
                // League scope: Pat's London league and the rival's six; person scope: each one activity.
                #expect(perToken.count == (scope == "league" ? 7 : 2), "\(perToken.keys.sorted())")
                for (activityToken, sent) in perToken {
                    #expect(sent.count == 1, "\(activityToken): \(sent.count) push-to-starts")
                }
            }
        }
    }
}
