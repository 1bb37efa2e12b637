import Dispatch
import Foundation
import SidelineFakeSleeper

/// Runs the real `sideline` binary (built next to the test bundle) against a fake Sleeper.
struct CLIHarness {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    let directory: URL
    let environment: [String: String]

    static var binary: URL {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // On some layouts the runner sits inside the .xctest bundle.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("sideline").path), directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("sideline")
    }

    init(sleeper base: URL?, extra: [String: String] = [:]) {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path,
                           "SIDELINE_DATABASE": directory.appendingPathComponent("state.sqlite").path,
                           "SIDELINE_CACHE_DIR": directory.appendingPathComponent("cache").path,
                           "SIDELINE_LOG_LEVEL": "warning",
                           // Daemons started by parallel tests must not fight over one port.
                           "SIDELINE_SERVER_PORT": "0",
                           // The fake Sleeper answers from this test process, which shares two
                           // cores with every other suite (a browser and a fuzzer among them):
                           // a slow answer here is load, not the failure under test.
                           "SIDELINE_SLEEPER_TIMEOUT_SECONDS": "120"]
        if let base {
            environment["SIDELINE_SLEEPER_URL"] = base.absoluteString
            environment["SIDELINE_SCORES_URL"] = base.absoluteString
            environment["SIDELINE_ESPN_URL"] = base.absoluteString
        }
        environment.merge(extra) { $1 }
        self.environment = environment
    }

    var databasePath: String { environment["SIDELINE_DATABASE"] ?? "" }

    func run(_ arguments: String..., environment overrides: [String: String] = [:]) async throws -> Result {
        try await run(arguments, environment: overrides)
    }

    /// Runs the binary on a Dispatch thread: waiting on the child must not block Swift's
    /// cooperative pool (two threads here), where the in-process fake Sleeper answers it.
    func run(_ arguments: [String], environment overrides: [String: String] = [:], launcher: [String] = []) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result_ { try runBlocking(arguments, environment: overrides, launcher: launcher) })
            }
        }
    }

    /// Runs the binary as a user file modes apply to: as `nobody` when the tests run as root
    /// (root writes read-only files), as the tests' own user otherwise.
    func runUnprivileged(_ arguments: String...) async throws -> Result {
        guard geteuid() == 0 else { return try await run(arguments) }
        return try await run(arguments, launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
    }

    private func runBlocking(_ arguments: [String], environment overrides: [String: String], launcher: [String]) throws -> Result {
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [Self.binary.path] + arguments
        } else {
            process.executableURL = Self.binary
            process.arguments = arguments
        }
        process.environment = environment.merging(overrides) { $1 }
        process.currentDirectoryURL = directory
        let out = directory.appendingPathComponent("out-\(UUID().uuidString)")
        let err = directory.appendingPathComponent("err-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        return Result(status: process.terminationStatus,
                      stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }
}

/// A fake Sleeper on loopback running the scripted day.
func startScriptedSleeper(at start: String) async throws -> (FakeSleeperServer, FakeSleeperWorld, URL) {
    let world = FakeSleeperWorld()
    GameDayScript.install(into: world, at: ISO8601DateFormatter().date(from: start)!)
    let server = FakeSleeperServer(world: world)
    return (server, world, try await server.start())
}

/// `Swift.Result` from a throwing closure (the harness's own `Result` type shadows the name).
private func Result_<T>(_ body: () throws -> T) -> Swift.Result<T, any Error> {
    do { return .success(try body()) } catch { return .failure(error) }
}
