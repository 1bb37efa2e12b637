import Crypto
import Foundation
import SidelineAPNs
import Synchronization
import SidelineTestSupport

/// The identifiers a test's client and fake server agree on, and a fresh key per test.
enum TestCredentials {
    static let keyID = "ABC123DEFG"
    static let teamID = "TEAM123456"
    static let bundleID = "com.example.sideline"

    /// A new P-256 key, as a `.p8` file's PEM would give.
    static func newKey() throws -> APNsSigningKey {
        try APNsSigningKey(pem: P256.Signing.PrivateKey().pemRepresentation, source: "test key")
    }

    static func configuration(
        _ key: APNsSigningKey, server: FakeAPNs, keyID: String = keyID, bundleID: String = bundleID,
        timeout: TimeInterval = 10
    ) -> APNsConfiguration {
        APNsConfiguration(
            keyID: keyID, teamID: teamID, bundleID: bundleID, signingKey: key,
            baseURLOverrides: [.sandbox: server.baseURL, .production: server.baseURL],
            caFile: server.caFile, timeout: timeout
        )
    }

    /// A Live-Activity-sized token (longer than 64 hex characters) with a prefix that
    /// scripts the fake server's answer (see fake_apns.py).
    static func deviceToken(_ prefix: String = "a1", _ index: Int = 0) -> String {
        let tail = String(index, radix: 16)
        let filler = String(repeating: "0", count: max(0, 160 - prefix.count - tail.count))
        return prefix + filler + tail
    }
}

/// The parts of a compact JWT, decoded.
struct DecodedJWT {
    let header: [String: Any]
    let claims: [String: Any]
    let signature: Data
    let signingInput: String

    init(_ token: String) throws {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { throw HarnessError("JWT has \(parts.count) parts") }
        func decode(_ part: String) throws -> Data {
            var base64 = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
            guard let data = Data(base64Encoded: base64) else { throw HarnessError("not base64url: \(part)") }
            return data
        }
        header = try JSONSerialization.jsonObject(with: decode(parts[0])) as? [String: Any] ?? [:]
        claims = try JSONSerialization.jsonObject(with: decode(parts[1])) as? [String: Any] ?? [:]
        signature = try decode(parts[2])
        signingInput = parts[0] + "." + parts[1]
    }

    var issuedAt: Int? { (claims["iat"] as? NSNumber)?.intValue }

    func verifies(with publicKey: P256.Signing.PublicKey) -> Bool {
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
        return publicKey.isValidSignature(signature, for: Data(signingInput.utf8))
    }
}
