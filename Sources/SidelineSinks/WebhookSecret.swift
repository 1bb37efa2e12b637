import Crypto
import Foundation

/// A Standard Webhooks signing secret: `whsec_` followed by base64 of the key bytes.
///
/// Checked when the sink is built, so a bad secret is a configuration error at startup
/// rather than a stream of 401s later. The secret never appears in a description, an error
/// or a log line.
public struct WebhookSecret: Sendable, CustomStringConvertible {
    /// The prefix every Standard Webhooks secret carries.
    public static let prefix = "whsec_"
    /// Standard Webhooks asks for keys of 24 to 64 bytes; shorter ones are too easy to guess.
    public static let minimumKeyBytes = 24

    let key: SymmetricKey

    /// Parses `text` (surrounding whitespace, such as a trailing newline from a file or an
    /// environment variable, is ignored; missing `=` padding is tolerated).
    public init(_ text: String) throws(WebhookSecretError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix(Self.prefix) else { throw .missingPrefix }
        var encoded = String(trimmed.dropFirst(Self.prefix.count))
        guard !encoded.isEmpty else { throw .empty }
        if encoded.count % 4 != 0 { encoded += String(repeating: "=", count: 4 - encoded.count % 4) }
        guard let bytes = Data(base64Encoded: encoded) else { throw .notBase64 }
        guard bytes.count >= Self.minimumKeyBytes else { throw .tooShort(bytes: bytes.count) }
        key = SymmetricKey(data: bytes)
    }

    /// Redacted: the secret must not leak through string interpolation.
    public var description: String { "\(Self.prefix)(redacted)" }
}

/// Why a webhook secret was refused. Messages name the problem, never the secret.
public enum WebhookSecretError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingPrefix
    case empty
    case notBase64
    case tooShort(bytes: Int)

    static let howToMake = "make one with: echo \"whsec_$(openssl rand -base64 32)\""

    public var description: String {
        switch self {
        case .missingPrefix:
            "the webhook secret must start with whsec_ (Standard Webhooks form); \(Self.howToMake)"
        case .empty:
            "the webhook secret has nothing after whsec_; \(Self.howToMake)"
        case .notBase64:
            "the part of the webhook secret after whsec_ is not valid base64; \(Self.howToMake)"
        case .tooShort(let bytes):
            "the webhook secret's key is \(bytes) bytes; Standard Webhooks needs at least \(WebhookSecret.minimumKeyBytes); \(Self.howToMake)"
        }
    }
}
