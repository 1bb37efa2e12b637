import Dispatch
import Foundation
import Synchronization
import Testing
import SidelineActivity
import SidelineCore
@testable import SidelineAPNs
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// The real `sideline` binary, killed with SIGKILL while a push is on the wire, then run
/// again: nothing lost, no start sent twice, a resent update with the same `apns-id`.
@Suite("Kill and restart with APNs pushes in flight")
struct KillAndRestartTests {
    /// Phone: a normal push-to-start token; its activity token is slow (the update hangs).
    static let phoneStart = TestCredentials.deviceToken("a1", 1)
    static let phoneActivity = TestCredentials.deviceToken("dddd", 2)
    /// iPad: a slow push-to-start token (the start hangs).
    static let padStart = TestCredentials.deviceToken("dddd", 3)

    /// A fake Sleeper running the scripted day, a fake APNs whose `dddd…` tokens answer only
    /// after ten minutes, and the binary wired to both with a real `.p8` key.
    struct Setup {
        let world: FakeSleeperWorld
        let key: APNsSigningKey
        let slow: FakeAPNs
        let cli: SidelineBinary
    }

    /// Runs `body` with a ``Setup``; the servers stop and the files go when it returns.
    func withSetUp(_ body: (Setup) async throws -> Void) async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key, options: .init(slowSeconds: 600)) { slow in
            try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T14:00:00Z") { cli, world in
                try await body(Setup(world: world, key: key, slow: slow, cli: try cli.withAPNs(key, server: slow)))
            }
        }
    }

    @Test("SIGKILL mid-start and mid-update: the start is never resent, the update is resent with its id, the end arrives")
    func killMidPush() async throws {
        try await withSetUp { setup in
            let (world, key, slow) = (setup.world, setup.key, setup.slow)
            var cli = setup.cli

            #expect(try await cli.run(["users", "add", GameDayScript.alex.username, "--league", GameDayScript.leagueID]).status == 0)
            let phone = try await cli.run(["devices", "add", GameDayScript.alex.username, "--push-to-start", Self.phoneStart, "--name", "iPhone"])
            let pad = try await cli.run(["devices", "add", GameDayScript.alex.userID, "--push-to-start", Self.padStart, "--sandbox", "--name", "iPad"])
            #expect(phone.status == 0 && pad.status == 0, "\(phone.stderr)\(pad.stderr)")
            let phoneID = try #require(phone.stdout.split(separator: " ").dropFirst(2).first.map(String.init))

            // Tick once a minute until a tick hangs on the iPad's start after the phone's start
            // went through; kill it there.
            let store = try SQLiteStore(path: cli.databasePath)
            let phoneStartRecorded: @Sendable () -> Bool = {
                (try? store.deliveryCounts())?.contains { $0.sink == "apns" && $0.status == "sent" } == true
            }
            var minute = utc("2026-11-22T14:25:00Z")
            var killedAt: Date?
            while killedAt == nil, minute < utc("2026-11-22T15:00:00Z") {
                world.setNow(minute)
                let outcome = try await cli.runUntil(["tick", "--now", iso(minute)]) {
                    (try? slow.requests())?.contains { $0.path.hasSuffix(Self.padStart) } == true && phoneStartRecorded()
                }
                if outcome == nil { killedAt = minute } else { minute += 60 }
            }
            let startMinute = try #require(killedAt, "no tick ever sent the iPad's start")
            let phoneStarts = try slow.requests().filter { $0.path.hasSuffix(Self.phoneStart) }
            #expect(phoneStarts.count <= 1)
            let activity = try #require(try Self.activity(of: slow.requests().first { $0.path.hasSuffix(Self.padStart) }))

            // The same instant again: the iPad's start was on the wire, so it is never resent;
            // the phone's start goes if it had not.
            #expect(try await cli.run(["tick", "--now", iso(startMinute)]).status == 0)
            #expect(try slow.requests().filter { $0.path.hasSuffix(Self.padStart) }.count == 1)
            #expect(try slow.requests().filter { $0.path.hasSuffix(Self.phoneStart) }.count == 1, "the phone's start, exactly once")

            // The phone reports its activity token; the next update to it hangs; kill that tick.
            #expect(try await cli.run(["tokens", "set", activity, Self.phoneActivity, "--device", phoneID]).status == 0)
            var updateMinute: Date?
            minute = startMinute + 60
            while updateMinute == nil, minute < utc("2026-11-22T16:30:00Z") {
                world.setNow(minute)
                let outcome = try await cli.runUntil(["tick", "--now", iso(minute)]) {
                    (try? slow.requests())?.contains { $0.path.hasSuffix(Self.phoneActivity) } == true
                }
                if outcome == nil { updateMinute = minute } else { minute += 60 }
            }
            let killedUpdate = try #require(try slow.requests().first { $0.path.hasSuffix(Self.phoneActivity) })
            let killedID = try #require(killedUpdate.header("apns-id"))

            // Restart against an APNs that answers at once, at the same instant: no new event, so
            // the pending update is resent, with the same apns-id.
            try await withFakeAPNs(trusting: key, options: .init(slowSeconds: 0)) { server in
                cli.environment["SIDELINE_APNS_URL"] = server.baseURL.absoluteString
                cli.environment["SIDELINE_APNS_CA_FILE"] = server.caFile
                world.setNow(try #require(updateMinute))
                let restarted = try await cli.run(["tick", "--now", iso(try #require(updateMinute))])
                #expect(restarted.status == 0)
                #expect(!restarted.stderr.contains("APNs"), "\(restarted.stderr)")
                let resent = try server.requests().filter { $0.path.hasSuffix(Self.phoneActivity) }
                #expect(resent.first?.header("apns-id") == killedID, "the resend carries the same apns-id")
                #expect(try Self.event(of: resent.first) == "update")

                // The person stops following: the end must reach the phone's activity.
                let removed = try await cli.run(["users", "remove", "1"])
                #expect(removed.status == 0, "\(removed.stderr)")
                let afterAll = try server.requests()
                #expect(try afterAll.filter { $0.path.hasSuffix(Self.phoneActivity) }.compactMap(Self.event).last == "end")
                // Never a second start, on either server, for either device.
                #expect(try afterAll.filter { $0.path.hasSuffix(Self.padStart) || $0.path.hasSuffix(Self.phoneStart) }.isEmpty)
                // One provider token for all these processes: a cron pass reuses the stored one
                // (a token per process would be 429 TooManyProviderTokenUpdates).
                let tokens = Set(try (slow.requests() + afterAll).compactMap(\.providerToken))
                #expect(tokens.count == 1)
                // Every push went over HTTP/2, and what the phone got decodes into the shared model
                // (the credentials probe `tick` made for the new server reached no phone).
                #expect(afterAll.filter(\.isCredentialsProbe).count == 2, "the new apns.url was checked once per host in use (the phone production, the iPad sandbox)")
                for request in afterAll where !request.isCredentialsProbe {
                    #expect(request.httpVersion == "2")
                    let aps = try #require((try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])?["aps"] as? [String: Any])
                    let state = try JSONSerialization.data(withJSONObject: try #require(aps["content-state"]))
                    _ = try JSONDecoder().decode(LiveActivityContentState.self, from: state)
                }

                // status: nothing left pending; the interrupted start is the one failure.
                let status = try await cli.run(["status", "--json"])
                let report = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
                let deliveries = (report?["deliveries"] as? [[String: Any]] ?? []).filter { $0["sink"] as? String == "apns" }
                #expect(!deliveries.contains { $0["status"] as? String == "pending" || $0["status"] as? String == "sending" }, "\(deliveries)")
                #expect(deliveries.first { $0["status"] as? String == "failed" }?["count"] as? Int == 1, "\(deliveries)")
            }
        }
    }

    /// Phone: APNs answers its first start 429 (`retry-after: 7`); iPad: 503 once; a second
    /// iPhone: its start hangs and the process is killed with it on the wire.
    static let refusedOnce429 = TestCredentials.deviceToken("c429", 4)
    static let refusedOnce503 = TestCredentials.deviceToken("c503", 5)
    static let hangingStart = TestCredentials.deviceToken("dddd", 6)

    @Test("Starts answered 429 and 503 are delivered exactly once later, across processes; a start killed on the wire is never resent")
    func refusedStartsAcrossProcesses() async throws {
        try await withSetUp { setup in
            let (world, slow, cli) = (setup.world, setup.slow, setup.cli)
            #expect(try await cli.run(["users", "add", GameDayScript.alex.username, "--league", GameDayScript.leagueID]).status == 0)
            for (token, name) in [(Self.refusedOnce429, "iPhone"), (Self.refusedOnce503, "iPad"), (Self.hangingStart, "Work iPhone")] {
                let added = try await cli.run(["devices", "add", GameDayScript.alex.username, "--push-to-start", token, "--name", name])
                #expect(added.status == 0, "\(added.stderr)")
            }
            let store = try SQLiteStore(path: cli.databasePath)
            // Both refusals recorded (pending again, one attempt each) while the third start hangs.
            let refusalsRecorded: @Sendable () -> Bool = {
                (try? store.outbox().first { $0.kind == .start }).flatMap { start in
                    try? store.devicePushes(eventID: start.id).filter { $0.status == "pending" && $0.attempts == 1 }.count
                } == 2
            }
            @Sendable func requests(_ token: String) throws -> [RecordedRequest] { try slow.requests().filter { $0.path.hasSuffix(token) } }

            var minute = utc("2026-11-22T14:25:00Z")
            var killedAt: Date?
            while killedAt == nil, minute < utc("2026-11-22T15:00:00Z") {
                world.setNow(minute)
                let outcome = try await cli.runUntil(["tick", "--now", iso(minute)]) {
                    (try? requests(Self.hangingStart))?.isEmpty == false && refusalsRecorded()
                }
                if outcome == nil { killedAt = minute } else { minute += 60 }
            }
            let startMinute = try #require(killedAt, "no tick ever sent the hanging start")
            #expect(try requests(Self.refusedOnce429).map(\.status) == [429])
            #expect(try requests(Self.refusedOnce503).map(\.status) == [503])

            // The next minutes, each a new process: the refused starts go again once each; the
            // one killed on the wire never does.
            for later in 1...5 {
                let at = startMinute + TimeInterval(60 * later)
                world.setNow(at)
                #expect(try await cli.run(["tick", "--now", iso(at)]).status == 0)
            }
            #expect(try requests(Self.refusedOnce429).map(\.status) == [429, 200])
            #expect(try requests(Self.refusedOnce503).map(\.status) == [503, 200])
            #expect(try requests(Self.hangingStart).count == 1, "a start whose answer never came is never resent")
            for request in try requests(Self.refusedOnce429) + requests(Self.refusedOnce503) + requests(Self.hangingStart) {
                #expect(try Self.event(of: request) == "start")
                // iOS 18 gives a push-started activity an update token only when asked.
                #expect(try Self.aps(of: request)?["input-push-token"] as? Int == 1)
            }
            let start = try #require(try store.outbox().first { $0.kind == .start })
            let rows = try store.devicePushes(eventID: start.id)
            #expect(rows.map(\.status).sorted() == ["failed", "sent", "sent"], "\(rows)")
            #expect(rows.first { $0.status == "failed" }?.error == Messages.Pushes.interruptedStart)
        }
    }

    static func aps(of request: RecordedRequest?) throws -> [String: Any]? {
        guard let request else { return nil }
        return (try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])?["aps"] as? [String: Any]
    }

    static func event(of request: RecordedRequest?) throws -> String? { try aps(of: request)?["event"] as? String }

    static func activity(of request: RecordedRequest?) throws -> String? {
        (try aps(of: request)?["attributes"] as? [String: Any])?["activity"] as? String
    }
}

extension APNsSigningKey {
    /// The key as a `.p8` file holds it (tests write one for the binary to read).
    var pemForTests: String { privateKey.pemRepresentation }
}
