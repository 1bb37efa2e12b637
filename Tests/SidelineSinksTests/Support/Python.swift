import Foundation
import SidelineTestSupport

/// Runs a short Python 3 script: an implementation of HMAC, base64 and RFC 2047 that shares
/// no code with ours, so a test against it checks the wire format, not our own reading of it.
enum Python {
    /// Runs `python3 -c script args…` and returns its standard output, trimmed.
    static func run(_ script: String, _ arguments: [String]) async throws -> String {
        let result = try await ChildProcess.run(TestTools.python, ["-c", script] + arguments)
        guard result.status == 0 else { throw HarnessError("python3 failed: \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
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
