import Foundation
import Testing
import SidelineFakeSleeper
import SidelineTestSupport

/// Issue 27's small wrongs that cost an evening: each message says what to do.
@Suite("Messages that say what to do")
struct CLIMessagesTests {
    @Test("A port in use is one line naming the port and what may hold it, not a raw bind errno")
    func portInUse() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            _ = try await cli.withServer { base, _ in
                let port = try #require(base.port)
                let second = try await cli.run(["serve"], environment: ["SIDELINE_SERVER_PORT": "\(port)"])
                #expect(second.status == 78)
                let lines = second.stderr.split(separator: "\n").filter { $0.hasPrefix("sideline:") }
                #expect(lines.count == 1, "\(second.stderr)")
                #expect(second.stderr.contains("127.0.0.1:\(port)") && second.stderr.contains("in use") && second.stderr.contains("server.port"), "\(second.stderr)")
                #expect(!second.stderr.contains("errno") && !second.stderr.contains("descriptor"), "\(second.stderr)")
            }
        }
    }

    @Test("devices add for an unregistered user suggests commands that work")
    func unregisteredUserHint() async throws {
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z") { cli, _ in
            let added = try await cli.run("devices", "add", "bob", "--push-to-start", String(repeating: "ab", count: 32))
            #expect(added.status == 1)
            #expect(added.stderr.contains("`sideline users add bob`") && added.stderr.contains("`sideline users add bob --league <league id>`"), "\(added.stderr)")
        }
    }
}

@Suite("The demo leaves nothing behind")
struct CLIDemoCleanupTests {
    @Test("Ctrl-C (SIGINT) or SIGTERM during demo removes its temporary directory", arguments: [false, true])
    func interruptedDemoCleansUp(terminate: Bool) async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let tmp = cli.directory.appendingPathComponent("tmp")
            try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
            func leftovers() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? [] }
            // The demo replays its day in seconds. With the whole suite on two cores, this
            // test's polling task can be kept off the CPU until the demo has finished by itself:
            // such a try proves only that a normal end cleans up too, and another is made.
            for _ in 1...5 {
                let (interrupted, output) = try await cli.withRunning(["demo"], environment: ["TMPDIR": tmp.path]) { child -> Bool in
                    // Mid-replay: its directory exists and the timeline has begun.
                    do {
                        _ = try await child.waitFor("the demo's first registration") { $0.stdout.contains("registered") && !leftovers().isEmpty ? true : nil }
                    } catch where child.hasExited {
                        return false
                    }
                    if terminate { child.terminate() } else { child.interrupt() }
                    try await child.waitForExit(timeout: .seconds(30))
                    return true
                }
                #expect(leftovers().isEmpty, "left behind: \(leftovers())")
                guard interrupted, output.status != 0 || output.signal != nil else { continue }
                #expect(output.signal == nil, "it exits by itself after cleaning up: \(output)")
                #expect(output.status == (terminate ? 128 + 15 : 128 + 2))
                return
            }
            Issue.record("the demo finished by itself five times before it could be interrupted")
        }
    }
}
