import Dispatch
import Foundation

/// External programs the tests use: Python 3 (with `qrcode`, `jsonschema`, `schemathesis`), and headless
/// Chromium. Found through environment variables with sane defaults; a missing tool fails
/// the test with what to install, never skips it. Every child is waited for on a Dispatch
/// thread, off Swift's cooperative pool (two threads here), which the in-process servers
/// need to answer the child.
enum Tools {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Output: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// `SIDELINE_TEST_PYTHON`, else `python3` on PATH.
    static var python: String { setting("SIDELINE_TEST_PYTHON") ?? find("python3") ?? "python3" }

    static func setting(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `SIDELINE_TEST_CHROMIUM`, else the first of chromium, chromium-browser, google-chrome.
    static func chromium() throws -> String {
        if let path = setting("SIDELINE_TEST_CHROMIUM") { return path }
        guard let path = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(find).first else {
            throw Failure(description: "headless Chromium is needed for the status page test: `apt-get install chromium` (or set SIDELINE_TEST_CHROMIUM)")
        }
        return path
    }

    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Checks that Python can import `modules`, or fails saying how to install them.
    static func requirePython(modules: [String]) async throws {
        let check = try await run(python, ["-c", "import " + modules.joined(separator: ", ")])
        guard check.status == 0 else {
            throw Failure(description: "\(python) cannot import \(modules.joined(separator: ", ")): `pip install \(modules.joined(separator: " "))` (or set SIDELINE_TEST_PYTHON). \(check.stderr.suffix(300))")
        }
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do { continuation.resume(returning: try runBlocking(executable, arguments, environment: environment, directory: directory)) } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    private static func runBlocking(_ executable: String, _ arguments: [String], environment: [String: String]?, directory: URL?) throws -> Output {
        let process = Process()
        // At a lower priority: Python, Chromium and schemathesis are CPU-hungry, and the
        // in-process servers of every suite must keep answering within their timeouts.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["nice", "-n", "10", executable] + arguments
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        if let directory { process.currentDirectoryURL = directory }
        // Files, not pipes: a chatty child must never block on a full pipe.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out"), err = scratch.appendingPathComponent("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw Failure(description: "cannot run \(executable): \(error)")
        }
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// The repository's root (for `docs/` and `scripts/`).
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
