import Crypto
import Foundation
import Testing
@testable import SidelineAPNs
import SidelineTestSupport

@Suite("APNs provider token (ES256 JWT)")
struct APNsProviderTokenTests {
    static let start = Date(timeIntervalSince1970: 1_795_372_000.7)

    func tokens(_ key: APNsSigningKey, clock: ManualClock, refreshAge: TimeInterval = APNsProviderToken.defaultRefreshAge) throws -> APNsProviderToken {
        try APNsProviderToken(keyID: TestCredentials.keyID, teamID: TestCredentials.teamID, key: key, refreshAge: refreshAge, now: clock.dateSource)
    }

    @Test func headerClaimsAndSignatureAreWhatAPNsVerifies() throws {
        let privateKey = P256.Signing.PrivateKey()
        let jwt = try tokens(APNsSigningKey(privateKey), clock: ManualClock(Self.start)).current()
        let decoded = try DecodedJWT(jwt.token)
        #expect(decoded.header as NSDictionary == ["alg": "ES256", "kid": "ABC123DEFG"] as NSDictionary)
        #expect(decoded.claims as NSDictionary == ["iss": "TEAM123456", "iat": 1_795_372_000] as NSDictionary)
        #expect(decoded.signature.count == 64, "raw r||s, not DER")
        #expect(decoded.verifies(with: privateKey.publicKey))
        #expect(!decoded.verifies(with: P256.Signing.PrivateKey().publicKey))
        #expect(!jwt.token.contains("=") && !jwt.token.contains("+") && !jwt.token.contains("/"), "base64url without padding")
        #expect(jwt.issuedAt == Date(timeIntervalSince1970: 1_795_372_000))
        #expect(!jwt.description.contains(jwt.token))
    }

    @Test func oneTokenIsReusedUntilTheRefreshAge() throws {
        let clock = ManualClock(Self.start)
        let tokens = try tokens(TestCredentials.newKey(), clock: clock)
        let first = tokens.current()
        #expect(tokens.current() == first)
        clock.advance(49 * 60 + 59)
        #expect(tokens.current() == first)
        clock.advance(1)
        let second = tokens.current()
        #expect(second != first)
        #expect(second.issuedAt.timeIntervalSince(first.issuedAt) == 50 * 60)
        #expect(tokens.current() == second)
    }

    @Test func theRefreshAgeIsClampedToAppleBounds() throws {
        let key = try TestCredentials.newKey()
        #expect(try tokens(key, clock: ManualClock(Self.start), refreshAge: 60).refreshAge == 20 * 60)
        #expect(try tokens(key, clock: ManualClock(Self.start), refreshAge: 2 * 3600).refreshAge == 60 * 60)
        #expect(try tokens(key, clock: ManualClock(Self.start), refreshAge: 30 * 60).refreshAge == 30 * 60)

        let clock = ManualClock(Self.start)
        let short = try tokens(key, clock: clock, refreshAge: 1)
        let first = short.current()
        clock.advance(19 * 60)
        #expect(short.current() == first, "never more often than every 20 minutes")
    }

    @Test func aClockThatWentBackwardsGetsANewToken() throws {
        let clock = ManualClock(Self.start)
        let tokens = try tokens(TestCredentials.newKey(), clock: clock)
        let first = tokens.current()
        clock.advance(-120)
        #expect(tokens.current() != first)
    }

    @Test func forceRefreshReplacesARejectedTokenOnlyOnce() throws {
        let clock = ManualClock(Self.start)
        let tokens = try tokens(TestCredentials.newKey(), clock: clock)
        let rejected = tokens.current()
        clock.advance(5)  // well within 20 minutes: ExpiredProviderToken overrides that rule
        let fresh = tokens.forceRefresh(replacing: rejected)
        #expect(fresh != rejected)
        #expect(fresh.issuedAt == rejected.issuedAt.addingTimeInterval(5))
        // Another request that had sent the same rejected token gets the same replacement.
        #expect(tokens.forceRefresh(replacing: rejected) == fresh)
        #expect(tokens.current() == fresh)
        #expect(tokens.forceRefresh() != fresh)
    }

    @Test func concurrentCallersShareOneToken() async throws {
        let tokens = try tokens(TestCredentials.newKey(), clock: ManualClock(Self.start))
        let seen = await withTaskGroup(of: String.self) { group in
            for _ in 0..<40 { group.addTask { tokens.current().token } }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(seen.count == 1)
    }

    @Test func aKeyThatIsNotPEMP256IsRefusedWithoutEchoingIt() throws {
        let p384 = P384.Signing.PrivateKey().pemRepresentation
        for text in ["not a key at all", p384, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----"] {
            let error = #expect(throws: APNsCredentialError.self) { try APNsSigningKey(pem: text, source: "/etc/sideline/AuthKey_X.p8") }
            let message = try #require(error).description
            #expect(message == "APNs key file /etc/sideline/AuthKey_X.p8 is not a PEM P-256 private key (expected the AuthKey_<key id>.p8 file from the Apple Developer portal, starting with -----BEGIN PRIVATE KEY-----)")
            #expect(!message.contains("AAAA") && !message.contains(String(p384.dropFirst(28).prefix(20))))
        }
    }

    @Test func keyFilesAreReadAndMissingOnesNamed() throws {
        let privateKey = P256.Signing.PrivateKey()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-apns-key-\(UUID().uuidString).p8")
        try Data((privateKey.pemRepresentation + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let key = try APNsSigningKey(contentsOfFile: file.path)
        #expect(key.publicKeyPEM == privateKey.publicKey.pemRepresentation)
        #expect(String(describing: key) == "<APNs signing key, redacted>")
        #expect(!String(reflecting: key).contains("BEGIN"))

        let missing = file.path + ".missing"
        let error = #expect(throws: APNsCredentialError.self) { try APNsSigningKey(contentsOfFile: missing) }
        guard case .unreadableKeyFile(let path, _)? = error else {
            Issue.record("expected unreadableKeyFile, got \(String(describing: error))")
            return
        }
        #expect(path == missing)
        #expect(try #require(error).description.hasPrefix("APNs key file \(missing) could not be read"))
    }

    @Test func identifiersMustBeLettersAndDigits() throws {
        let key = try TestCredentials.newKey()
        #expect(throws: APNsCredentialError.invalidIdentifier(field: "key id")) {
            try APNsProviderToken(keyID: "", teamID: "TEAM123456", key: key)
        }
        #expect(throws: APNsCredentialError.invalidIdentifier(field: "team id")) {
            try APNsProviderToken(keyID: "ABC123DEFG", teamID: "TEAM 123\"", key: key)
        }
    }

    @Test("A stored token is reused by the next process while young, and only if this key signed it")
    func storedToken() throws {
        final class MemoryStore: APNsProviderTokenStore, @unchecked Sendable {
            var saved: APNsJWT?
            func load(keyID: String, teamID: String) -> APNsJWT? { saved }
            func save(_ token: APNsJWT, keyID: String, teamID: String) { saved = token }
        }
        let key = try TestCredentials.newKey()
        let clock = ManualClock(Date(timeIntervalSince1970: 1_795_370_000))
        let store = MemoryStore()
        let first = try APNsProviderToken(keyID: TestCredentials.keyID, teamID: TestCredentials.teamID, key: key, now: clock.dateSource, store: store).current()
        #expect(store.saved == first)
        clock.advance(10 * 60)
        // A new process ten minutes later: the same token.
        let second = try APNsProviderToken(keyID: TestCredentials.keyID, teamID: TestCredentials.teamID, key: key, now: clock.dateSource, store: store).current()
        #expect(second == first)
        // Past the refresh age it signs (and stores) a new one.
        clock.advance(45 * 60)
        let third = try APNsProviderToken(keyID: TestCredentials.keyID, teamID: TestCredentials.teamID, key: key, now: clock.dateSource, store: store).current()
        #expect(third != first)
        #expect(store.saved == third)
        // A different key never reuses a token it did not sign.
        let other = try APNsProviderToken(keyID: TestCredentials.keyID, teamID: TestCredentials.teamID, key: try TestCredentials.newKey(), now: clock.dateSource, store: store).current()
        #expect(other != third)
    }
}
