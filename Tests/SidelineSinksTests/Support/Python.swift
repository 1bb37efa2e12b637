import Dispatch
import Foundation

/// Runs a short Python 3 script: an implementation of HMAC, base64 and RFC 2047 that shares
/// no code with ours, so a test against it checks the wire format, not our own reading of it.
enum Python {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `python3 -c script args…` on a Dispatch thread and returns its standard output,
    /// trimmed. Waiting for the child must not block Swift's cooperative pool (two threads
    /// here), which other suites' in-process servers need to answer their requests.
    static func run(_ script: String, _ arguments: [String]) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do { continuation.resume(returning: try runBlocking(script, arguments)) } catch { continuation.resume(throwing: error) }
            }
        }
    }

    private static func runBlocking(_ script: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 failed: \(String(decoding: problem, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The Standard Webhooks signature, computed with Python's `hmac`, `hashlib` and `base64`.
    static func webhookSignature(secret: String, id: String, timestamp: String, body: Data) async throws -> String {
        let script = """
        import base64, hashlib, hmac, sys
        secret, msg_id, timestamp, body = sys.argv[1], sys.argv[2], sys.argv[3], base64.b64decode(sys.argv[4])
        key = base64.b64decode(secret[len("whsec_"):])
        signed = msg_id.encode() + b"." + timestamp.encode() + b"." + body
        print("v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode())
        """
        return try await run(script, [secret, id, timestamp, body.base64EncodedString()])
    }

    /// A header value decoded the way mail and ntfy-style readers do (`email.header`).
    static func decodedHeader(_ value: String) async throws -> String {
        let script = """
        import sys
        from email.header import decode_header, make_header
        sys.stdout.buffer.write(str(make_header(decode_header(sys.argv[1]))).encode("utf-8"))
        """
        return try await run(script, [value])
    }
}
