import Dispatch
import Foundation
import Synchronization
import Testing
import SidelineActivity
import SidelineCore
@testable import SidelineAPNs
import SidelineFakeSleeper
import SidelineStore

/// The real `sideline` binary, killed with SIGKILL while a push is on the wire, then run
/// again: nothing lost, no start sent twice, a resent update with the same `apns-id`.
@Suite("Kill and restart with APNs pushes in flight", .serialized)
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
        let sleeper: FakeSleeperServer
        let key: APNsSigningKey
        let slow: FakeAPNs
        let directory: URL
        var cli: Binary

        static func start() async throws -> Setup {
            let world = FakeSleeperWorld()
            GameDayScript.install(into: world, at: KillAndRestartTests.utc("2026-11-22T14:00:00Z"))
            let sleeper = FakeSleeperServer(world: world)
            let sleeperURL = try await sleeper.start()
            let key = try TestCredentials.newKey()
            let slow = try await FakeAPNs.start(publicKeyPEM: key.publicKeyPEM, keyID: TestCredentials.keyID, teamID: TestCredentials.teamID,
                                                bundleID: TestCredentials.bundleID, options: .init(slowSeconds: 600))
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-kill-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let keyFile = directory.appendingPathComponent("AuthKey.p8")
            try Data(key.pemForTests.utf8).write(to: keyFile)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
            let cli = Binary(directory: directory, environment: [
                "SIDELINE_SLEEPER_URL": sleeperURL.absoluteString, "SIDELINE_SCORES_URL": sleeperURL.absoluteString,
                "SIDELINE_ESPN_URL": sleeperURL.absoluteString, "SIDELINE_SLEEPER_TIMEOUT_SECONDS": "120",
                "SIDELINE_SINKS_ENABLED": "apns", "SIDELINE_APNS_KEY_FILE": keyFile.path,
                "SIDELINE_APNS_KEY_ID": TestCredentials.keyID, "SIDELINE_APNS_TEAM_ID": TestCredentials.teamID,
                "SIDELINE_APNS_BUNDLE_ID": TestCredentials.bundleID,
                "SIDELINE_APNS_URL": slow.baseURL.absoluteString, "SIDELINE_APNS_CA_FILE": slow.caFile,
            ])
            return Setup(world: world, sleeper: sleeper, key: key, slow: slow, directory: directory, cli: cli)
        }

        /// Awaited teardown: the servers stop before the test returns.
        func stop() async {
            try? FileManager.default.removeItem(at: directory)
            await sleeper.stop()
            await slow.stop()
        }
    }

    @Test("SIGKILL mid-start and mid-update: the start is never resent, the update is resent with its id, the end arrives")
    func killMidPush() async throws {
        let setup = try await Setup.start()
        let (world, key, slow) = (setup.world, setup.key, setup.slow)
        var cli = setup.cli
        var fast: FakeAPNs?
        defer { Task { [fast] in await setup.stop(); await fast?.stop() } }

        #expect(try await cli.run(["users", "add", GameDayScript.alex.username, "--league", GameDayScript.leagueID]).status == 0)
        let phone = try await cli.run(["devices", "add", GameDayScript.alex.username, "--push-to-start", Self.phoneStart, "--name", "iPhone"])
        let pad = try await cli.run(["devices", "add", GameDayScript.alex.userID, "--push-to-start", Self.padStart, "--sandbox", "--name", "iPad"])
        #expect(phone.status == 0 && pad.status == 0, "\(phone.stderr)\(pad.stderr)")
        let phoneID = try #require(phone.stdout.split(separator: " ").dropFirst(2).first.map(String.init))

        // Tick once a minute until a tick hangs on the iPad's start after the phone's start
        // went through; kill it there.
        let store = try SQLiteStore(path: cli.environment["SIDELINE_DATABASE"] ?? "")
        let phoneStartRecorded: @Sendable () -> Bool = {
            (try? store.deliveryCounts())?.contains { $0.sink == "apns" && $0.status == "sent" } == true
        }
        var minute = Self.utc("2026-11-22T14:25:00Z")
        var killedAt: Date?
        while killedAt == nil, minute < Self.utc("2026-11-22T15:00:00Z") {
            world.setNow(minute)
            let outcome = try await cli.runUntil(["tick", "--now", Self.iso(minute)]) {
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
        #expect(try await cli.run(["tick", "--now", Self.iso(startMinute)]).status == 0)
        #expect(try slow.requests().filter { $0.path.hasSuffix(Self.padStart) }.count == 1)
        #expect(try slow.requests().filter { $0.path.hasSuffix(Self.phoneStart) }.count == 1, "the phone's start, exactly once")

        // The phone reports its activity token; the next update to it hangs; kill that tick.
        #expect(try await cli.run(["tokens", "set", activity, Self.phoneActivity, "--device", phoneID]).status == 0)
        var updateMinute: Date?
        minute = startMinute + 60
        while updateMinute == nil, minute < Self.utc("2026-11-22T16:30:00Z") {
            world.setNow(minute)
            let outcome = try await cli.runUntil(["tick", "--now", Self.iso(minute)]) {
                (try? slow.requests())?.contains { $0.path.hasSuffix(Self.phoneActivity) } == true
            }
            if outcome == nil { updateMinute = minute } else { minute += 60 }
        }
        let killedUpdate = try #require(try slow.requests().first { $0.path.hasSuffix(Self.phoneActivity) })
        let killedID = try #require(killedUpdate.header("apns-id"))

        // Restart against an APNs that answers at once, at the same instant: no new event, so
        // the pending update is resent, with the same apns-id.
        let server = try await FakeAPNs.start(publicKeyPEM: key.publicKeyPEM, keyID: TestCredentials.keyID, teamID: TestCredentials.teamID,
                                              bundleID: TestCredentials.bundleID, options: .init(slowSeconds: 0))
        fast = server
        cli.environment["SIDELINE_APNS_URL"] = server.baseURL.absoluteString
        cli.environment["SIDELINE_APNS_CA_FILE"] = server.caFile
        world.setNow(try #require(updateMinute))
        let restarted = try await cli.run(["tick", "--now", Self.iso(try #require(updateMinute))])
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
        // Every push went over HTTP/2, and what the phone got decodes into the shared model.
        for request in afterAll {
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

    /// Phone: APNs answers its first start 429 (`retry-after: 7`); iPad: 503 once; a second
    /// iPhone: its start hangs and the process is killed with it on the wire.
    static let refusedOnce429 = TestCredentials.deviceToken("c429", 4)
    static let refusedOnce503 = TestCredentials.deviceToken("c503", 5)
    static let hangingStart = TestCredentials.deviceToken("dddd", 6)

    @Test("Starts answered 429 and 503 are delivered exactly once later, across processes; a start killed on the wire is never resent")
    func refusedStartsAcrossProcesses() async throws {
        let setup = try await Setup.start()
        let (world, slow, cli) = (setup.world, setup.slow, setup.cli)
        defer { Task { await setup.stop() } }
        #expect(try await cli.run(["users", "add", GameDayScript.alex.username, "--league", GameDayScript.leagueID]).status == 0)
        for (token, name) in [(Self.refusedOnce429, "iPhone"), (Self.refusedOnce503, "iPad"), (Self.hangingStart, "Work iPhone")] {
            let added = try await cli.run(["devices", "add", GameDayScript.alex.username, "--push-to-start", token, "--name", name])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let store = try SQLiteStore(path: cli.environment["SIDELINE_DATABASE"] ?? "")
        // Both refusals recorded (pending again, one attempt each) while the third start hangs.
        let refusalsRecorded: @Sendable () -> Bool = {
            (try? store.outbox().first { $0.kind == .start }).flatMap { start in
                try? store.devicePushes(eventID: start.id).filter { $0.status == "pending" && $0.attempts == 1 }.count
            } == 2
        }
        @Sendable func requests(_ token: String) throws -> [RecordedRequest] { try slow.requests().filter { $0.path.hasSuffix(token) } }

        var minute = Self.utc("2026-11-22T14:25:00Z")
        var killedAt: Date?
        while killedAt == nil, minute < Self.utc("2026-11-22T15:00:00Z") {
            world.setNow(minute)
            let outcome = try await cli.runUntil(["tick", "--now", Self.iso(minute)]) {
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
            #expect(try await cli.run(["tick", "--now", Self.iso(at)]).status == 0)
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

    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    static func aps(of request: RecordedRequest?) throws -> [String: Any]? {
        guard let request else { return nil }
        return (try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])?["aps"] as? [String: Any]
    }

    static func event(of request: RecordedRequest?) throws -> String? { try aps(of: request)?["event"] as? String }

    static func activity(of request: RecordedRequest?) throws -> String? {
        (try aps(of: request)?["attributes"] as? [String: Any])?["activity"] as? String
    }
}

/// The `sideline` binary as a child process, waited for on Dispatch threads (Swift's
/// cooperative pool must stay free for the in-process fake Sleeper).
struct Binary {
    struct Result: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    let directory: URL
    var environment: [String: String]

    init(directory: URL, environment: [String: String]) {
        self.directory = directory
        self.environment = environment.merging([
            "PATH": "/usr/bin:/bin", "HOME": directory.path, "SIDELINE_LOG_LEVEL": "warning",
            "SIDELINE_DATABASE": directory.appendingPathComponent("state.sqlite").path,
            "SIDELINE_CACHE_DIR": directory.appendingPathComponent("cache").path,
        ]) { $1 }
    }

    static var executable: URL {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: me).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("sideline").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("sideline")
    }

    func run(_ arguments: [String]) async throws -> Result {
        guard let result = try await runUntil(arguments, kill: { false }) else { throw CancellationError() }
        return result
    }

    /// Runs the binary; if `kill` turns true while it runs, SIGKILLs it and returns `nil`.
    func runUntil(_ arguments: [String], kill: @escaping @Sendable () -> Bool) async throws -> Result? {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        let out = directory.appendingPathComponent("out-\(UUID().uuidString)")
        let err = directory.appendingPathComponent("err-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do { try process.run() } catch { continuation.resume(throwing: error); return }
                var killed = false
                while process.isRunning {
                    if kill() {
                        Foundation.kill(process.processIdentifier, SIGKILL)
                        killed = true
                        break
                    }
                    usleep(20_000)
                }
                process.waitUntilExit()
                defer {
                    try? FileManager.default.removeItem(at: out)
                    try? FileManager.default.removeItem(at: err)
                }
                continuation.resume(returning: killed ? nil : Result(
                    status: process.terminationStatus,
                    stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                    stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? ""
                ))
            }
        }
    }
}

extension APNsSigningKey {
    /// The key as a `.p8` file holds it (tests write one for the binary to read).
    var pemForTests: String { privateKey.pemRepresentation }
}
