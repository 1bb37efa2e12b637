import Crypto
import Foundation
import Synchronization

/// One signed provider token (JWT) and the instant in its `iat` claim.
public struct APNsJWT: Sendable, Hashable, CustomStringConvertible {
    /// The compact JWT: `base64url(header).base64url(claims).base64url(r||s)`.
    public let token: String
    /// The `iat` claim (whole Unix seconds).
    public let issuedAt: Date

    public init(token: String, issuedAt: Date) {
        self.token = token
        self.issuedAt = issuedAt
    }

    /// Redacted: a provider token is a bearer credential for up to an hour.
    public var description: String { "<APNs JWT issued at \(Int(issuedAt.timeIntervalSince1970)), redacted>" }
}

/// Where a provider token outlives its process. Cron mode runs a process a minute; signing a
/// new token in each would be `429 TooManyProviderTokenUpdates`, so the token is kept (in
/// SQLite, by the engine) and reused by the next process while it is young enough.
public protocol APNsProviderTokenStore: Sendable {
    func load(keyID: String, teamID: String) -> APNsJWT?
    func save(_ token: APNsJWT, keyID: String, teamID: String)
}

/// The provider token APNs token authentication needs, signed ES256 with the `.p8` key and
/// reused across requests.
///
/// Apple wants one token per key reused: refreshed no more often than every 20 minutes
/// (a new token per request earns `429 TooManyProviderTokenUpdates`) and before it is an
/// hour old (then `403 ExpiredProviderToken`). So the token is refreshed only once it is
/// older than ``refreshAge`` (50 minutes by default, clamped to 20–60), by an injected clock
/// so tests can move time. ``forceRefresh(replacing:)`` is the one exception the 20-minute
/// rule allows: APNs answered `ExpiredProviderToken`.
///
/// Thread-safe: concurrent sends share the token under a lock; signing is microseconds.
public final class APNsProviderToken: Sendable {
    /// Apple's lower bound between refreshes.
    public static let minimumRefreshAge: TimeInterval = 20 * 60
    /// Apple rejects tokens older than an hour.
    public static let maximumRefreshAge: TimeInterval = 60 * 60
    /// Comfortably inside both bounds, as other APNs clients do.
    public static let defaultRefreshAge: TimeInterval = 50 * 60

    public let keyID: String
    public let teamID: String
    /// The age at which ``current()`` signs a new token.
    public let refreshAge: TimeInterval

    private let key: APNsSigningKey
    private let now: @Sendable () -> Date
    private let cached = Mutex<APNsJWT?>(nil)
    private let store: (any APNsProviderTokenStore)?

    /// - Parameters:
    ///   - keyID: the key's id (`kid`), 10 characters from the developer portal.
    ///   - teamID: the team id (`iss`).
    ///   - refreshAge: clamped to 20–60 minutes.
    ///   - now: the clock; injected so tests can age the token.
    public init(
        keyID: String, teamID: String, key: APNsSigningKey,
        refreshAge: TimeInterval = APNsProviderToken.defaultRefreshAge,
        now: @escaping @Sendable () -> Date = { Date() },
        store: (any APNsProviderTokenStore)? = nil
    ) throws(APNsCredentialError) {
        guard Self.isIdentifier(keyID) else { throw .invalidIdentifier(field: "key id") }
        guard Self.isIdentifier(teamID) else { throw .invalidIdentifier(field: "team id") }
        self.keyID = keyID
        self.teamID = teamID
        self.key = key
        self.refreshAge = min(max(refreshAge, Self.minimumRefreshAge), Self.maximumRefreshAge)
        self.now = now
        self.store = store
        // A stored token is reused only if this key signed it (the key may have been replaced).
        if let stored = store?.load(keyID: keyID, teamID: teamID), Self.verify(stored.token, with: key) {
            cached.withLock { $0 = stored }
        }
    }

    /// The token to send now: the cached one unless it is at least ``refreshAge`` old (or
    /// the clock went backwards past its `iat`), else a newly signed one.
    public func current() -> APNsJWT {
        let instant = now()
        return cached.withLock { cached in
            if let token = cached {
                let age = instant.timeIntervalSince(token.issuedAt)
                if age >= 0, age < refreshAge { return token }
            }
            let token = sign(at: instant)
            cached = token
            store?.save(token, keyID: keyID, teamID: teamID)
            return token
        }
    }

    /// Signs a new token now, whatever the age of the cached one: for `403
    /// ExpiredProviderToken`.
    ///
    /// - Parameter rejected: the token APNs rejected. When several requests that shared it
    ///   are rejected at once, only the first replaces it; the others get that replacement
    ///   instead of each signing another (which would be `TooManyProviderTokenUpdates`).
    ///   `nil` always signs.
    @discardableResult
    public func forceRefresh(replacing rejected: APNsJWT? = nil) -> APNsJWT {
        let instant = now()
        return cached.withLock { cached in
            if let rejected, let token = cached, token != rejected { return token }
            let token = sign(at: instant)
            cached = token
            store?.save(token, keyID: keyID, teamID: teamID)
            return token
        }
    }

    private func sign(at instant: Date) -> APNsJWT {
        let issuedAt = Int(instant.timeIntervalSince1970.rounded(.down))
        let header = Self.base64URL(Self.json(Header(alg: "ES256", kid: keyID)))
        let claims = Self.base64URL(Self.json(Claims(iss: teamID, iat: issuedAt)))
        let signingInput = header + "." + claims
        // ES256 is ECDSA P-256 over SHA-256; JWS wants the raw 64-byte r||s, not DER.
        // Signing with a valid key cannot fail short of a broken RNG.
        guard let signature = try? key.privateKey.signature(for: Data(signingInput.utf8)) else {
            preconditionFailure("P-256 signing failed")
        }
        let token = signingInput + "." + Self.base64URL(signature.rawRepresentation)
        return APNsJWT(token: token, issuedAt: Date(timeIntervalSince1970: TimeInterval(issuedAt)))
    }

    private struct Header: Encodable {
        let alg: String
        let kid: String
    }

    private struct Claims: Encodable {
        let iss: String
        let iat: Int
    }

    private static func json(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Two string fields and an integer: encoding cannot fail.
        guard let data = try? encoder.encode(value) else { preconditionFailure("JWT JSON encoding failed") }
        return data
    }

    /// Whether `token`'s signature verifies with `key`'s public key.
    static func verify(_ token: String, with key: APNsSigningKey) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let signature = base64URLDecoded(String(parts[2])),
              let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
        return key.privateKey.publicKey.isValidSignature(ecdsa, for: Data((parts[0] + "." + parts[1]).utf8))
    }

    static func base64URLDecoded(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    /// Base64url without padding (RFC 7515 §2).
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Apple's ids are 10 ASCII letters and digits; we accept any non-empty such string so
    /// a typo with a space or a quote fails here, not as `InvalidProviderToken` later.
    static func isIdentifier(_ value: String) -> Bool {
        !value.isEmpty && value.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0)) }
    }
}
