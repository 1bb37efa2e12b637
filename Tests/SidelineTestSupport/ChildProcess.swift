import Foundation
import Subprocess
import Synchronization
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// The tests' one way to run another program (the `sideline` binary, Python, Chromium,
/// schemathesis), over swift-subprocess: its output captured, a time limit, and the child
/// ended with the scope that started it. Waiting never holds a thread of Swift's cooperative
/// pool (the library waits on its own thread), where the in-process servers answer.
public enum ChildProcess {
    public struct Options: Sendable {
        /// The child's environment: ours with these on top, or (`inherit == false`) only these.
        public var environment: [String: String] = [:]
        public var inherit = true
        public var directory: URL?
        /// How long `run` lets the child take before it is killed and the test fails.
        public var timeout: Duration = .seconds(300)
        /// `nice -n 10`: for CPU-hungry tools (a browser, a fuzzer) beside the suites.
        public var lowPriority = false
        /// Give it a pipe for stdin, held open until it ends (a child that exits when its
        /// stdin closes dies with the test process); otherwise stdin is /dev/null.
        public var holdsStdinOpen = false

        public init(environment: [String: String] = [:], inherit: Bool = true, directory: URL? = nil,
                    timeout: Duration = .seconds(300), lowPriority: Bool = false, holdsStdinOpen: Bool = false) {
            self.holdsStdinOpen = holdsStdinOpen
            self.environment = environment
            self.inherit = inherit
            self.directory = directory
            self.timeout = timeout
            self.lowPriority = lowPriority
        }
    }

    /// Runs `executable` (a path, or a name looked up on PATH) to its end.
    public static func run(_ executable: String, _ arguments: [String], options: Options = Options()) async throws -> ChildOutput {
        try await withRunning(executable, arguments, options: options) { child in
            try await child.waitForExit(timeout: options.timeout)
        }.output
    }

    /// Starts the child and runs `body` while it lives. When `body` is done (or throws) a child
    /// still running gets SIGTERM, then SIGKILL two seconds later; this returns once it is
    /// gone, with what it printed and how it ended.
    public static func withRunning<T: Sendable>(
        _ executable: String, _ arguments: [String], options: Options = Options(),
        _ body: (RunningChild) async throws -> T
    ) async throws -> (value: T, output: ChildOutput) {
        let command = options.lowPriority ? ("/usr/bin/nice", ["-n", "10", executable] + arguments) : (executable, arguments)
        // (No `userID`/`groupID` here: with them the library forks, and glibc's setgroups in
        // that child waits for the test process's other threads for ever. `setpriv` instead.)
        var platform = PlatformOptions()
        // If the test itself is cancelled: the same ending, from the library.
        platform.teardownSequence = [.gracefulShutDown(allowedDurationToNextStep: .seconds(2))]
        let streams = ChildStreams()
        let description = ([executable] + arguments).joined(separator: " ")
        let configuration = Configuration(
            executable: command.0.contains("/") ? .path(FilePath(command.0)) : .name(command.0),
            arguments: Arguments(command.1),
            environment: environment(options),
            workingDirectory: options.directory.map { FilePath($0.path) },
            platformOptions: platform
        )
        let (value, termination) = options.holdsStdinOpen
            ? try await run(configuration, input: .inputWriter, description: description, streams: streams, body)
            : try await run(configuration, input: .none, description: description, streams: streams, body)
        return (value, ChildOutput(command: description, termination: termination, stdout: streams.text(.stdout), stderr: streams.text(.stderr)))
    }

    /// The child's streams drained as they come, `body` run beside them, then the child ended.
    private static func run<Input: InputProtocol, T: Sendable>(
        _ configuration: Configuration, input: Input, description: String, streams: ChildStreams,
        _ body: (RunningChild) async throws -> T
    ) async throws -> (T, TerminationStatus) {
        let result = try await Subprocess.run(configuration, input: input, output: .sequence, error: .sequence) { execution in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await streams.drain(execution.standardOutput, into: .stdout) }
                group.addTask { await streams.drain(execution.standardError, into: .stderr) }
                let child = RunningChild(description: description, streams: streams) { signal in
                    // The child may have ended on its own meanwhile: nothing left to signal.
                    try? execution.send(signal: signal)
                }
                let value: T
                do {
                    value = try await body(child)
                } catch {
                    await child.end()
                    try await group.waitForAll()
                    throw error
                }
                await child.end()
                try await group.waitForAll()
                return value
            }
        }
        return (result.closureResult, result.terminationStatus)
    }

    private static func environment(_ options: Options) -> Environment {
        var values: [Environment.Key: String] = [:]
        for (name, value) in options.environment { values[Environment.Key(stringLiteral: name)] = value }
        if options.inherit { return .inherit.updating(values) }
        return .custom(values)
    }
}

/// What a finished child printed, and how it ended.
public struct ChildOutput: Sendable, CustomStringConvertible {
    public let command: String
    let termination: TerminationStatus
    public let stdout: String
    public let stderr: String

    init(command: String, termination: TerminationStatus, stdout: String, stderr: String) {
        self.command = command
        self.termination = termination
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The exit code; 128 + the signal's number for a child a signal ended (as a shell says).
    public var status: Int32 {
        switch termination {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
    }

    /// The signal that ended it, if one did.
    public var signal: Int32? {
        if case .signaled(let signal) = termination { return signal }
        return nil
    }

    /// stdout's lines, without empty ones.
    public var lines: [String] { stdout.split(separator: "\n").map(String.init) }

    public var description: String { "\(command): \(termination)\n\(stderr.suffix(2000))" }
}

/// The child while it runs, inside `ChildProcess.withRunning`.
public struct RunningChild: Sendable {
    let description: String
    let streams: ChildStreams
    let signal: @Sendable (Signal) -> Void

    public var stdout: String { streams.text(.stdout) }
    public var stderr: String { streams.text(.stderr) }
    /// Both of its streams are closed: it has exited.
    public var hasExited: Bool { streams.closed }

    /// SIGTERM: asks it to shut down as a service manager would.
    public func terminate() { signal(.terminate) }

    /// SIGINT: Ctrl-C at a terminal.
    public func interrupt() { signal(.interrupt) }

    /// SIGKILL: a crash, as far as the child's files can tell.
    public func kill() { signal(.kill) }

    /// SIGSTOP: a process paused (a stopped VM, a long GC, a debugger) that will come back.
    public func pause() { signal(.suspend) }

    /// SIGCONT: a paused child goes on where it stopped.
    public func resume() { signal(.resume) }

    /// Waits until `find` finds something in what the child printed so far (looked at every
    /// 20 ms), and returns it. Throws if the child ends first or `timeout` passes.
    public func waitFor<T>(_ what: String, timeout: Duration = .seconds(60), _ find: (RunningChild) -> T?) async throws -> T {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let found = find(self) { return found }
            if hasExited { throw HarnessError("\(description) ended before \(what):\n\(stderr.suffix(3000))") }
            if ContinuousClock.now >= deadline { throw HarnessError("\(description): no \(what) within \(timeout):\n\(stderr.suffix(3000))") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits for the child to exit by itself; past `timeout` it is killed and this throws.
    public func waitForExit(timeout: Duration) async throws {
        do {
            _ = try await waitFor("its exit", timeout: timeout) { $0.hasExited ? true : nil }
        } catch let error as HarnessError where !hasExited {
            kill()
            throw error
        }
    }

    /// SIGTERM, then SIGKILL if it is still there after `grace`; returns once it has exited.
    func end(grace: Duration = .seconds(2)) async {
        guard !hasExited else { return }
        terminate()
        let deadline = ContinuousClock.now + grace
        while !hasExited, ContinuousClock.now < deadline {
            // A cancelled test still ends its child: the sleep's cancellation only shortens the wait.
            try? await Task.sleep(for: .milliseconds(20))
        }
        if !hasExited { kill() }
    }
}

/// The child's stdout and stderr as they arrive, readable while it runs.
final class ChildStreams: Sendable {
    enum Stream { case stdout, stderr }
    private let state = Mutex<(stdout: [UInt8], stderr: [UInt8], open: Int)>(([], [], 2))

    var closed: Bool { state.withLock { $0.open == 0 } }

    func text(_ stream: Stream) -> String {
        state.withLock { String(decoding: stream == .stdout ? $0.stdout : $0.stderr, as: UTF8.self) }
    }

    /// Reads `sequence` to its end. A read error ends the stream as EOF does: the child's
    /// status, not its pipe, says how it went.
    func drain(_ sequence: SubprocessOutputSequence, into stream: Stream) async {
        do {
            for try await buffer in sequence {
                let bytes = buffer.withUnsafeBytes { Array($0) }
                state.withLock { stream == .stdout ? $0.stdout.append(contentsOf: bytes) : $0.stderr.append(contentsOf: bytes) }
            }
        } catch {}
        state.withLock { $0.open -= 1 }
    }
}
