import Crypto
import Foundation

/// The `.p8` key APNs token authentication signs with: a P-256 private key in PEM
/// (PKCS#8, `-----BEGIN PRIVATE KEY-----`). Its descriptions are redacted so a key never
/// reaches a log or an error message.
public struct APNsSigningKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let privateKey: P256.Signing.PrivateKey

    /// - Parameters:
    ///   - pem: the contents of the `.p8` file.
    ///   - source: where it came from, for the error (a path, or "configuration").
    public init(pem: String, source: String = "(inline)") throws(APNsCredentialError) {
        do {
            privateKey = try P256.Signing.PrivateKey(pemRepresentation: pem.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            throw .notAP256PrivateKey(source: source)
        }
    }

    /// Reads and parses the `.p8` file at `path`.
    public init(contentsOfFile path: String) throws(APNsCredentialError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableKeyFile(path: path, reason: Self.reason(for: error))
        }
        try self.init(pem: String(decoding: data, as: UTF8.self), source: path)
    }

    /// Wraps a key that is already parsed (tests, or a key from a secret store).
    public init(_ privateKey: P256.Signing.PrivateKey) {
        self.privateKey = privateKey
    }

    /// The matching public key, PEM: what Apple (or a test server) verifies with.
    public var publicKeyPEM: String { privateKey.publicKey.pemRepresentation }

    public var description: String { "<APNs signing key, redacted>" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

/// A problem with the APNs credentials found before anything is sent. The messages say
/// what to fix and never contain key material.
public enum APNsCredentialError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key file could not be read (missing, permissions).
    case unreadableKeyFile(path: String, reason: String)
    /// The text is not a PEM P-256 private key (wrong file, a certificate, a truncated copy).
    case notAP256PrivateKey(source: String)
    /// The key id or team id is empty or contains characters a JWT header cannot carry as-is.
    case invalidIdentifier(field: String)

    public var description: String {
        switch self {
        case .unreadableKeyFile(let path, let reason):
            "APNs key file \(path) could not be read: \(reason)"
        case .notAP256PrivateKey(let source):
            "APNs key file \(source) is not a PEM P-256 private key "
                + "(expected the AuthKey_<key id>.p8 file from the Apple Developer portal, "
                + "starting with -----BEGIN PRIVATE KEY-----)"
        case .invalidIdentifier(let field):
            "APNs \(field) must be the 10-character identifier from the Apple Developer portal (letters and digits)"
        }
    }
}
