import Foundation
import SidelineFakeSleeper
#if canImport(Glibc)
import Glibc
#endif

/// The real `sideline` binary (built beside the test bundle), run as a child process with
/// its own database, cache and home in a directory of the test's. For what only the binary
/// shows: exit codes, what goes to stdout and stderr, signals, the pass lock, restarts.
public struct SidelineBinary: Sendable {
    public let directory: URL
    public var environment: [String: String]

    /// - Parameters:
    ///   - sleeper: the fake Sleeper (also the scores feed and ESPN); none for commands that
    ///     must not reach it.
    ///   - extra: more `SIDELINE_*` settings, over these.
    public init(directory: URL, sleeper: URL?, extra: [String: String] = [:]) {
        self.directory = directory
        var environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path,
                           "SIDELINE_DATABASE": directory.appendingPathComponent("state.sqlite").path,
                           "SIDELINE_CACHE_DIR": directory.appendingPathComponent("cache").path,
                           "SIDELINE_LOG_LEVEL": "warning",
                           // Daemons started by tests side by side must not fight over one port.
                           "SIDELINE_SERVER_PORT": "0",
                           // A machine's /etc/sideline/config.json must never leak into a test.
                           "SIDELINE_CONFIG": "none",
                           // The suites written for one activity per league keep it (ADR 039).
                           "SIDELINE_ACTIVITIES_NEW_USER_SCOPE": "league"]
        if let sleeper {
            for name in ["SIDELINE_SLEEPER_URL", "SIDELINE_SCORES_URL", "SIDELINE_ESPN_URL"] { environment[name] = sleeper.absoluteString }
        }
        environment.merge(extra) { $1 }
        self.environment = environment
    }

    public var databasePath: String { environment["SIDELINE_DATABASE"] ?? "" }

    /// The binary: beside the test runner, or a folder or two above it inside the bundle.
    public static let executable: String = {
        // /proc/self/exe names the test runner itself; without /proc, argv[0] does as well.
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: runner).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("sideline").path), directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("sideline").path
    }()

    public func run(_ arguments: String..., environment overrides: [String: String] = [:]) async throws -> ChildOutput {
        try await run(arguments, environment: overrides)
    }

    public func run(_ arguments: [String], environment overrides: [String: String] = [:]) async throws -> ChildOutput {
        try await ChildProcess.run(Self.executable, arguments, options: options(overrides))
    }

    /// Runs it as a user file modes apply to: `nobody` when the tests run as root (root
    /// writes read-only files), the tests' own user otherwise.
    public func runUnprivileged(_ arguments: String...) async throws -> ChildOutput {
        guard geteuid() == 0 else { return try await run(arguments) }
        let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups", Self.executable]
        return try await ChildProcess.run("/usr/bin/setpriv", nobody + arguments, options: options([:]))
    }

    /// Runs it, killing it with SIGKILL (a crash, as far as its files can tell) as soon as
    /// `killWhen` is true; `nil` when it was killed, its output when it ended by itself.
    public func runUntil(_ arguments: [String], killWhen: @Sendable () -> Bool) async throws -> ChildOutput? {
        let (killed, output) = try await withRunning(arguments) { child in
            while !child.hasExited {
                if killWhen() {
                    child.kill()
                    return true
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            return false
        }
        return killed ? nil : output
    }

    /// Starts it and runs `body` while it lives (a daemon: `run`, `serve`); then SIGTERM,
    /// and SIGKILL if it does not go.
    public func withRunning<T: Sendable>(
        _ arguments: [String], environment overrides: [String: String] = [:], _ body: (RunningChild) async throws -> T
    ) async throws -> (value: T, output: ChildOutput) {
        try await ChildProcess.withRunning(Self.executable, arguments, options: options(overrides), body)
    }

    /// `sideline serve` on a free port while `body` runs, given its base URL (read from the
    /// line it logs when it listens).
    public func withServer<T: Sendable>(
        environment overrides: [String: String] = [:], _ body: (URL, RunningChild) async throws -> T
    ) async throws -> (value: T, output: ChildOutput) {
        try await withRunning(["serve"], environment: ["SIDELINE_LOG_LEVEL": "notice"].merging(overrides) { $1 }) { child in
            let base = try await child.waitFor("the line saying where it listens") { child in
                child.stderr.firstMatch(of: /on (http:\/\/127\.0\.0\.1:[0-9]+)/).flatMap { URL(string: String($0.1)) }
            }
            return try await body(base, child)
        }
    }

    private func options(_ overrides: [String: String]) -> ChildProcess.Options {
        ChildProcess.Options(environment: environment.merging(overrides) { $1 }, inherit: false, directory: directory)
    }
}

/// Runs `body` with the binary set up in a new directory against `sleeper`; the directory
/// goes when it returns.
public func withSidelineBinary<T>(
    sleeper: URL?, extra: [String: String] = [:], _ body: (SidelineBinary) async throws -> T
) async throws -> T {
    try await withTemporaryDirectory("cli") { directory in
        try await body(SidelineBinary(directory: directory, sleeper: sleeper, extra: extra))
    }
}

/// Runs `body` with the binary against a fake Sleeper playing the scripted day from `start`.
public func withSidelineBinary<T>(
    scriptedSleeperAt start: String, extra: [String: String] = [:], _ body: (SidelineBinary, FakeSleeperWorld) async throws -> T
) async throws -> T {
    try await withScriptedSleeper(at: start) { base, world in
        try await withSidelineBinary(sleeper: base, extra: extra) { cli in try await body(cli, world) }
    }
}
