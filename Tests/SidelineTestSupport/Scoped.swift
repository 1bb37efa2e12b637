import Foundation

/// Runs `body` with what `setUp` made, then awaits `tearDown`, whether `body` returned or
/// threw. Every scoped harness here (`withEngineHarness`, `withFakeSleeper`, …) is this: a
/// test's servers, children and files are gone when the test returns, never later, so
/// tests can run side by side without one's leftovers loading another.
public func withTeardown<Resource, Result>(
    _ setUp: () async throws -> Resource,
    tearDown: (Resource) async -> Void,
    _ body: (Resource) async throws -> Result
) async throws -> Result {
    let resource = try await setUp()
    let result: Result
    do {
        result = try await body(resource)
    } catch {
        await tearDown(resource)
        throw error
    }
    await tearDown(resource)
    return result
}

/// A new, empty directory under the system's temporary directory for `body`, removed after.
public func withTemporaryDirectory<Result>(
    _ label: String, _ body: (URL) async throws -> Result
) async throws -> Result {
    try await withTeardown({ try TemporaryDirectory.make(label) }, tearDown: TemporaryDirectory.remove, body)
}

public enum TemporaryDirectory {
    /// `$TMPDIR/sideline-<label>-<uuid>`, created.
    public static func make(_ label: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Removes `directory` and what is in it. A directory that cannot be removed is left in
    /// the temporary directory (the system's to clean): it cannot change any test's outcome.
    public static func remove(_ directory: URL) async {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A failure of the test machinery itself (a server that did not start, a child that did
/// not say where it listens), as opposed to a failed expectation.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
