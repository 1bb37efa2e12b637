import Foundation
import SidelineAPNs
import SidelineTestSupport

/// `fake_apns.py` (beside this file) as a child process: a real HTTP/2 + TLS server on
/// loopback that checks provider tokens, headers and payloads the way APNs does and records
/// every request. Missing Python packages make the test fail with the install command, never
/// skip. Made by ``withFakeAPNs(trusting:keyID:teamID:bundleID:options:_:)``.
final class FakeAPNs: Sendable {
    struct Options: Sendable {
        /// `--max-token-age`: the server answers `403 ExpiredProviderToken` past it.
        var maxTokenAge: TimeInterval?
        /// `--slow-seconds`: how long `dddd…` tokens wait before answering.
        var slowSeconds: TimeInterval?
    }

    let port: Int
    /// The server's self-signed certificate, to pass as the CA file.
    let caFile: String
    private let logFile: URL

    var baseURL: URL { URL(string: "https://127.0.0.1:\(port)")! }

    init(port: Int, caFile: String, logFile: URL) {
        self.port = port
        self.caFile = caFile
        self.logFile = logFile
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fake_apns.py")
    static let requirements = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("requirements.txt")

    /// Every request so far, oldest first. The server writes a record before it answers,
    /// so a request whose response arrived is in here.
    func requests() throws -> [RecordedRequest] {
        let text = try String(contentsOf: logFile, encoding: .utf8)
        return try text.split(separator: "\n").map { try RecordedRequest(json: Data($0.utf8)) }
    }
}

/// Runs `body` against a fresh fake APNs that trusts `key`; the server is stopped and its
/// files removed when `body` returns.
func withFakeAPNs<T: Sendable>(
    trusting key: APNsSigningKey, keyID: String = TestCredentials.keyID, teamID: String = TestCredentials.teamID,
    bundleID: String = TestCredentials.bundleID, options: FakeAPNs.Options = FakeAPNs.Options(),
    _ body: (FakeAPNs) async throws -> T
) async throws -> T {
    try await withTemporaryDirectory("fake-apns") { directory in
        let publicKeyFile = directory.appendingPathComponent("provider-public.pem")
        try Data(key.publicKeyPEM.utf8).write(to: publicKeyFile)
        var arguments = [
            FakeAPNs.script.path, "--dir", directory.path, "--public-key", publicKeyFile.path,
            "--key-id", keyID, "--team-id", teamID, "--bundle-id", bundleID,
        ]
        if let age = options.maxTokenAge { arguments += ["--max-token-age", String(age)] }
        if let slow = options.slowSeconds { arguments += ["--slow-seconds", String(slow)] }
        // Its stdin held open: the script exits when it closes, so it never outlives the tests.
        return try await ChildProcess.withRunning(TestTools.python, arguments, options: .init(holdsStdinOpen: true)) { child in
            // The first line on stdout says where it listens.
            let ready = try await child.waitFor("its ready line (its packages: \(TestTools.python) -m pip install -r \(FakeAPNs.requirements.path))") { child in
                child.stdout.split(separator: "\n").first.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            }
            guard let port = ready["port"] as? Int, let caFile = ready["ca_file"] as? String, let log = ready["log"] as? String else {
                throw HarnessError("the fake APNs server's ready line lacks port, ca_file or log: \(ready)")
            }
            return try await body(FakeAPNs(port: port, caFile: caFile, logFile: URL(fileURLWithPath: log)))
        }.value
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
        else { throw HarnessError("unreadable request record: \(String(decoding: json, as: UTF8.self))") }
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

    /// The credentials probe `run`, `tick` and `check` send: to a device token of zeros.
    var isCredentialsProbe: Bool { path == "/3/device/" + String(repeating: "0", count: 64) }

    /// The JWT after `bearer `.
    var providerToken: String? {
        guard let value = header("authorization"), value.hasPrefix("bearer ") else { return nil }
        return String(value.dropFirst("bearer ".count))
    }
}

extension SidelineBinary {
    /// This binary with the APNs sink alone, its key written to a `.p8` file of mode 600 in
    /// its directory, pointed at `server` with these ids.
    func withAPNs(_ key: APNsSigningKey, server: FakeAPNs, keyID: String = TestCredentials.keyID, teamID: String = TestCredentials.teamID) throws -> SidelineBinary {
        let keyFile = directory.appendingPathComponent("AuthKey.p8")
        try Data(key.pemForTests.utf8).write(to: keyFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        var cli = self
        cli.environment.merge([
            "SIDELINE_SINKS_ENABLED": "apns", "SIDELINE_APNS_KEY_FILE": keyFile.path,
            "SIDELINE_APNS_KEY_ID": keyID, "SIDELINE_APNS_TEAM_ID": teamID,
            "SIDELINE_APNS_BUNDLE_ID": TestCredentials.bundleID,
            "SIDELINE_APNS_URL": server.baseURL.absoluteString, "SIDELINE_APNS_CA_FILE": server.caFile,
        ]) { $1 }
        return cli
    }
}
