import Foundation

/// The programs the tests run besides `sideline`: Python 3 (with the packages
/// `scripts/test-env` installs) and headless Chromium. A missing one fails the test with
/// what to install, never skips it.
public enum TestTools {
    /// The repository's root (for `docs/`, `scripts/` and the Python scripts under `Tests/`).
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `SIDELINE_TEST_PYTHON` (set by `scripts/test-env`), else its virtual environment,
    /// else `python3` on PATH.
    public static var python: String {
        if let python = setting("SIDELINE_TEST_PYTHON") { return python }
        let venv = repository.appendingPathComponent(".build/test-python/bin/python3").path
        if FileManager.default.isExecutableFile(atPath: venv) { return venv }
        return find("python3") ?? "python3"
    }

    /// `SIDELINE_TEST_CHROMIUM`, else the first of chromium, chromium-browser, google-chrome.
    public static func chromium() throws -> String {
        if let path = setting("SIDELINE_TEST_CHROMIUM") { return path }
        guard let path = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(find).first else {
            throw HarnessError("headless Chromium is needed for the status page test: `apt-get install chromium` (or set SIDELINE_TEST_CHROMIUM)")
        }
        return path
    }

    /// Checks that Python can import `modules`, or fails saying how to install them.
    public static func requirePython(modules: [String]) async throws {
        let check = try await ChildProcess.run(python, ["-c", "import " + modules.joined(separator: ", ")])
        guard check.status == 0 else {
            throw HarnessError("\(python) cannot import \(modules.joined(separator: ", ")): run `source scripts/test-env` (or set SIDELINE_TEST_PYTHON). \(check.stderr.suffix(300))")
        }
    }

    public static func setting(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

extension TestTools {
    /// Runs a tool at a lower priority (`nice -n 10`): Python, Chromium and schemathesis are
    /// CPU-hungry, and the suites running beside them have time limits of their own.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil) async throws -> ChildOutput {
        try await ChildProcess.run(executable, arguments, options: .init(environment: environment, directory: directory, lowPriority: true))
    }
}
