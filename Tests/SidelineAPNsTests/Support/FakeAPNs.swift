import Crypto
import Dispatch
import Foundation
import SidelineAPNs

/// `fake_apns.py` (beside this file) as a child process: a real HTTP/2 + TLS server on
/// loopback that checks provider tokens, headers and payloads the way APNs does and records
/// every request. Missing Python packages make the test fail with the install command, never
/// skip.
///
/// Waiting for the child happens on Dispatch threads: Swift's cooperative pool (two threads
/// on the CI machine) must stay free for the tests running beside this one.
final class FakeAPNs: Sendable {
    struct Options: Sendable {
        /// `--max-token-age`: the server answers `403 ExpiredProviderToken` past it.
        var maxTokenAge: TimeInterval?
        /// `--slow-seconds`: how long `dddd…` tokens wait before answering.
        var slowSeconds: TimeInterval?
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int
    /// The server's self-signed certificate, to pass as the CA file.
    let caFile: String
    let directory: URL
    private let logFile: URL
    private let process: Process
    private let stdin: Pipe

    var baseURL: URL { URL(string: "https://127.0.0.1:\(port)")! }

    private init(port: Int, caFile: String, directory: URL, logFile: URL, process: Process, stdin: Pipe) {
        self.port = port
        self.caFile = caFile
        self.directory = directory
        self.logFile = logFile
        self.process = process
        self.stdin = stdin
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fake_apns.py")
    static let requirements = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("requirements.txt")
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `SIDELINE_TEST_PYTHON`, else the virtual environment `.ci/run` makes, else `python3`.
    static var interpreter: String {
        if let python = ProcessInfo.processInfo.environment["SIDELINE_TEST_PYTHON"], !python.isEmpty { return python }
        let venv = packageRoot.appendingPathComponent(".build/test-python/bin/python3").path
        if FileManager.default.isExecutableFile(atPath: venv) { return venv }
        return "python3"
    }

    static func start(
        publicKeyPEM: String, keyID: String, teamID: String, bundleID: String, options: Options = Options()
    ) async throws -> FakeAPNs {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    continuation.resume(returning: try startBlocking(publicKeyPEM, keyID, teamID, bundleID, options))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    private static func startBlocking(
        _ publicKeyPEM: String, _ keyID: String, _ teamID: String, _ bundleID: String, _ options: Options
    ) throws -> FakeAPNs {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-fake-apns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let publicKeyFile = directory.appendingPathComponent("provider-public.pem")
        try Data(publicKeyPEM.utf8).write(to: publicKeyFile)
        let errorFile = directory.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = [
            interpreter, script.path, "--dir", directory.path, "--public-key", publicKeyFile.path,
            "--key-id", keyID, "--team-id", teamID, "--bundle-id", bundleID,
        ]
        if let age = options.maxTokenAge { arguments += ["--max-token-age", String(age)] }
        if let slow = options.slowSeconds { arguments += ["--slow-seconds", String(slow)] }
        process.arguments = arguments
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = try FileHandle(forWritingTo: errorFile)
        do {
            try process.run()
        } catch {
            throw Failure(description: "could not run \(interpreter) (set SIDELINE_TEST_PYTHON): \(error)")
        }

        // The first line on stdout says where it listens; EOF before it means it failed.
        var line = Data()
        let reader = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard
            let end = line.firstIndex(of: UInt8(ascii: "\n")),
            let ready = try? JSONSerialization.jsonObject(with: line[..<end]) as? [String: Any],
            let port = ready["port"] as? Int, let caFile = ready["ca_file"] as? String,
            let log = ready["log"] as? String
        else {
            process.waitUntilExit()
            let problem = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw Failure(description: """
                the fake APNs server (\(interpreter) \(script.lastPathComponent)) did not start \
                (exit \(process.terminationStatus)): \(problem)
                Its Python packages are installed by: \(interpreter) -m pip install -r \(requirements.path)
                """)
        }
        return FakeAPNs(
            port: port, caFile: caFile, directory: directory, logFile: URL(fileURLWithPath: log),
            process: process, stdin: input
        )
    }

    /// Every request so far, oldest first. The server writes a record before it answers,
    /// so a request whose response arrived is in here.
    func requests() throws -> [RecordedRequest] {
        let text = try String(contentsOf: logFile, encoding: .utf8)
        return try text.split(separator: "\n").map { try RecordedRequest(json: Data($0.utf8)) }
    }

    /// Ends the server (its stdin closes, then SIGTERM) and removes its files.
    func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                try? self.stdin.fileHandleForWriting.close()
                if self.process.isRunning { self.process.terminate() }
                self.process.waitUntilExit()
                try? FileManager.default.removeItem(at: self.directory)
                continuation.resume()
            }
        }
    }
}

/// Runs `body` against a fresh fake APNs that trusts `key`, then stops it.
func withFakeAPNs<T: Sendable>(
    trusting key: APNsSigningKey, keyID: String = TestCredentials.keyID, teamID: String = TestCredentials.teamID,
    bundleID: String = TestCredentials.bundleID, options: FakeAPNs.Options = FakeAPNs.Options(),
    _ body: (FakeAPNs) async throws -> T
) async throws -> T {
    let server = try await FakeAPNs.start(
        publicKeyPEM: key.publicKeyPEM, keyID: keyID, teamID: teamID, bundleID: bundleID, options: options
    )
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// One line of the server's `requests.jsonl`.
struct RecordedRequest: Sendable {
    let method: String
    let path: String
    /// In the order received, names lowercased (HTTP/2).
    let headers: [(name: String, value: String)]
    let body: String
    let bodyBytes: Int
    /// The ASGI scope's `http_version`: `"2"` for HTTP/2.
    let httpVersion: String
    /// The client's port: one per TCP connection.
    let peerPort: Int
    let status: Int
    let reason: String?

    init(json: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any],
            let method = object["method"] as? String, let path = object["path"] as? String,
            let headers = object["headers"] as? [[String]], let body = object["body"] as? String,
            let bodyBytes = object["body_bytes"] as? Int, let httpVersion = object["http_version"] as? String,
            let peer = object["peer"] as? [Any], let peerPort = peer.last as? Int,
            let status = object["status"] as? Int
        else { throw FakeAPNs.Failure(description: "unreadable request record: \(String(decoding: json, as: UTF8.self))") }
        self.method = method
        self.path = path
        self.headers = headers.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
        self.body = body
        self.bodyBytes = bodyBytes
        self.httpVersion = httpVersion
        self.peerPort = peerPort
        self.status = status
        self.reason = object["reason"] as? String
    }

    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The JWT after `bearer `.
    var providerToken: String? {
        guard let value = header("authorization"), value.hasPrefix("bearer ") else { return nil }
        return String(value.dropFirst("bearer ".count))
    }
}
