import Crypto
import Foundation
import SidelineActivity
import SidelineCore
import Testing
@testable import SidelineAPNs
import SidelineTestSupport

/// The client end to end against the fake APNs: real TLS, HTTP/2, JWT verification.
@Suite("APNs client against a fake APNs")
struct APNsClientTests {
    func client(_ key: APNsSigningKey, _ server: FakeAPNs, now: @escaping @Sendable () -> Date = { Date() },
                keyID: String = TestCredentials.keyID, bundleID: String = TestCredentials.bundleID,
                timeout: TimeInterval = 10) throws -> APNsClient {
        try APNsClient(
            configuration: TestCredentials.configuration(key, server: server, keyID: keyID, bundleID: bundleID, timeout: timeout),
            now: now, logger: .quiet
        )
    }

    func request(_ token: String = TestCredentials.deviceToken(), priority: APNsPriority = .opportunistic,
                 expiration: Date? = nil, apnsID: UUID = UUID(), payload: Data? = nil) throws -> APNsRequest {
        try APNsRequest(
            deviceToken: token, environment: .sandbox, priority: priority, expiration: expiration, apnsID: apnsID,
            payload: try payload ?? LiveActivityFixtures.payload()
        )
    }

    @Test func aLiveActivityUpdateArrivesWithEveryHeaderAndADecodableContentState() async throws {
        let privateKey = P256.Signing.PrivateKey()
        let key = APNsSigningKey(privateKey)
        let id = UUID()
        let token = TestCredentials.deviceToken("a1", 7)
        let expiration = Date(timeIntervalSince1970: 1_795_375_740)
        try await withFakeAPNs(trusting: key) { server in
            let apns = try client(key, server)
            defer { apns.close() }
            let outcome = await apns.send(try request(token, priority: .immediate, expiration: expiration, apnsID: id))
            #expect(outcome == .delivered(apnsID: id.uuidString.lowercased()))

            let recorded = try #require(try server.requests().first)
            #expect(recorded.status == 200)
            #expect(recorded.httpVersion == "2")
            #expect(recorded.method == "POST")
            #expect(recorded.path == "/3/device/\(token)")
            #expect(recorded.header("apns-push-type") == "liveactivity")
            #expect(recorded.header("apns-topic") == "com.example.sideline.push-type.liveactivity")
            #expect(recorded.header("apns-priority") == "10")
            #expect(recorded.header("apns-expiration") == "1795375740")
            #expect(recorded.header("apns-id") == id.uuidString.lowercased())
            #expect(recorded.header("content-type") == "application/json")
            let jwt = try DecodedJWT(try #require(recorded.providerToken))
            #expect(jwt.header as NSDictionary == ["alg": "ES256", "kid": TestCredentials.keyID] as NSDictionary)
            #expect(jwt.claims["iss"] as? String == TestCredentials.teamID)
            #expect(jwt.verifies(with: privateKey.publicKey))

            // What the phone gets: the payload unchanged, its content state decodable by
            // ActivityKit's plain JSONDecoder into the app's ContentState.
            #expect(Data(recorded.body.utf8) == (try LiveActivityFixtures.payload()))
            let object = try JSONSerialization.jsonObject(with: Data(recorded.body.utf8)) as? [String: Any]
            let aps = try #require(object?["aps"] as? [String: Any])
            let contentState = try JSONSerialization.data(withJSONObject: try #require(aps["content-state"]))
            #expect(try JSONDecoder().decode(LiveActivityContentState.self, from: contentState) == LiveActivityFixtures.contentState)
            #expect(aps["timestamp"] as? Int == 1_795_374_840)
            #expect(aps["event"] as? String == "update")
        }
    }

    @Test func concurrentSendsShareOneConnectionAndOneJWT() async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key) { server in
            let apns = try client(key, server)
            defer { apns.close() }
            let outcomes = try await withThrowingTaskGroup(of: APNsOutcome.self) { group in
                for index in 0..<50 {
                    let push = try request(TestCredentials.deviceToken("b2", index))
                    group.addTask { await apns.send(push) }
                }
                return try await group.reduce(into: [APNsOutcome]()) { $0.append($1) }
            }
            let failures = outcomes.filter { !$0.isDelivered }
            #expect(outcomes.count == 50 && failures.isEmpty, "\(failures)")
            let recorded = try server.requests()
            #expect(recorded.count == 50)
            #expect(Set(recorded.map(\.peerPort)).count == 1)
            #expect(Set(recorded.map(\.httpVersion)) == ["2"])
            #expect(Set(recorded.compactMap(\.providerToken)).count == 1, "a JWT per request is TooManyProviderTokenUpdates")
        }
    }

    @Test func theJWTIsReusedAndRefreshedOnlyPastTheRefreshAge() async throws {
        let key = try TestCredentials.newKey()
        // Start 55 minutes in the past so the moved clock stays behind the server's real one.
        let clock = ManualClock(Date().addingTimeInterval(-55 * 60))
        try await withFakeAPNs(trusting: key) { server in
            let apns = try client(key, server, now: clock.dateSource)
            defer { apns.close() }
            #expect(await apns.send(try request()).isDelivered)
            clock.advance(10 * 60)
            #expect(await apns.send(try request()).isDelivered)
            clock.advance(41 * 60)  // 51 minutes after the first token: past the 50-minute default
            #expect(await apns.send(try request()).isDelivered)
            #expect(await apns.send(try request()).isDelivered)

            let jwts = try server.requests().map { try DecodedJWT(try #require($0.providerToken)) }
            let tokens = try server.requests().compactMap(\.providerToken)
            try #require(tokens.count == 4 && jwts.count == 4)
            #expect(tokens[0] == tokens[1])
            #expect(tokens[2] != tokens[1])
            #expect(tokens[3] == tokens[2])
            let first = try #require(jwts[0].issuedAt)
            #expect(jwts[2].issuedAt == first + 51 * 60)
        }
    }

    @Test func expiredProviderTokenIsRetriedOnceWithANewJWT() async throws {
        let key = try TestCredentials.newKey()
        let clock = ManualClock(Date().addingTimeInterval(-60))
        let token = TestCredentials.deviceToken("e403e")
        try await withFakeAPNs(trusting: key) { server in
            let apns = try client(key, server, now: clock.tickingSource())
            defer { apns.close() }
            #expect(await apns.send(try request(token)).isDelivered)
            let recorded = try server.requests()
            try #require(recorded.count == 2)
            #expect(recorded.map(\.status) == [403, 200])
            #expect(recorded[0].reason == "ExpiredProviderToken")
            let first = try DecodedJWT(try #require(recorded[0].providerToken))
            let second = try DecodedJWT(try #require(recorded[1].providerToken))
            #expect(try #require(second.issuedAt) > (try #require(first.issuedAt)))
            #expect(recorded[0].header("apns-id") == recorded[1].header("apns-id"), "the same push, resent")
            // The new JWT is the one reused from now on.
            #expect(await apns.send(try request()).isDelivered)
            #expect(try server.requests().last?.providerToken == recorded[1].providerToken)
        }
    }

    @Test func aTokenStillExpiredAfterTheRetryIsAConfigurationErrorNotALoop() async throws {
        let key = try TestCredentials.newKey()
        // The server accepts tokens up to 10 minutes old; our clock is 30 minutes behind.
        let clock = ManualClock(Date().addingTimeInterval(-30 * 60))
        try await withFakeAPNs(trusting: key, options: .init(maxTokenAge: 600)) { server in
            let apns = try client(key, server, now: clock.dateSource)
            defer { apns.close() }
            let outcome = await apns.send(try request())
            #expect(outcome == .configurationError(status: 403, reason: "ExpiredProviderToken"))
            #expect(outcome.isCredentialsProblem)
            let recorded = try server.requests()
            try #require(recorded.map(\.reason) == ["ExpiredProviderToken", "ExpiredProviderToken"], "exactly one retry")
            #expect(recorded[0].providerToken != recorded[1].providerToken)
        }
    }

    @Test func errorStatusesMapToWhatTheSenderMustDo() async throws {
        let key = try TestCredentials.newKey()
        let cases: [(String, APNsOutcome)] = [
            ("badbad", .tokenRejected(reason: "BadDeviceToken", unregisteredAt: nil)),
            ("e400", .configurationError(status: 400, reason: "DeviceTokenNotForTopic")),
            ("e410", .tokenRejected(reason: "Unregistered", unregisteredAt: Date(timeIntervalSince1970: 1_795_372_000_123 / 1000))),
            ("e413", .payloadTooLarge),
            ("e429", .retryLater(status: 429, reason: "TooManyRequests", retryAfter: 7)),
            ("e500", .retryLater(status: 500, reason: "InternalServerError", retryAfter: nil)),
            ("e503", .retryLater(status: 503, reason: "ServiceUnavailable", retryAfter: nil)),
        ]
        try await withFakeAPNs(trusting: key) { server in
            let apns = try client(key, server)
            defer { apns.close() }
            for (prefix, expected) in cases {
                let outcome = await apns.send(try request(TestCredentials.deviceToken(prefix)))
                #expect(outcome == expected, "token \(prefix)…")
            }
            #expect(try server.requests().count == cases.count, "no retries")
        }
    }

    @Test func a5xxMovesTheNextSendToANewConnection() async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key) { server in
            let apns = try client(key, server)
            defer { apns.close() }
            #expect(await apns.send(try request()).isDelivered)
            #expect(await apns.send(try request(TestCredentials.deviceToken("e503"))) == .retryLater(status: 503, reason: "ServiceUnavailable", retryAfter: nil))
            #expect(await apns.send(try request()).isDelivered)
            let ports = try server.requests().map(\.peerPort)
            try #require(ports.count == 3)
            #expect(ports[0] == ports[1])
            #expect(ports[2] != ports[1])
        }
    }

    @Test func payloadsOverTheLimitAreRefusedLocallyAndAt4096Sent() async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key) { server in
            let apns = try client(key, server)
            defer { apns.close() }
            #expect(await apns.send(try request(payload: LiveActivityFixtures.payload(ofSize: 4097))) == .payloadTooLarge)
            #expect(try server.requests().isEmpty, "never sent")
            #expect(await apns.send(try request(payload: LiveActivityFixtures.payload(ofSize: 4096))).isDelivered)
            #expect(try server.requests().map(\.bodyBytes) == [4096])
        }
    }

    @Test func aWrongKeyOrKeyIDIsACredentialsError() async throws {
        let trusted = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: trusted) { server in
            let wrongKey = try client(TestCredentials.newKey(), server)
            defer { wrongKey.close() }
            let outcome = await wrongKey.send(try request())
            #expect(outcome == .configurationError(status: 403, reason: "InvalidProviderToken"))
            #expect(outcome.isCredentialsProblem && outcome.isPermanent)

            let wrongKeyID = try client(trusted, server, keyID: "ZZZ999ZZZZ")
            defer { wrongKeyID.close() }
            #expect(await wrongKeyID.send(try request()) == .configurationError(status: 403, reason: "InvalidProviderToken"))
            #expect(try server.requests().count == 2, "no retry for credentials")
        }
    }

    @Test func theBareBundleIDAsTopicWouldBeRefused() async throws {
        // Guards the `.push-type.liveactivity` suffix: a client configured for another app
        // gets the same answer APNs gives a bare bundle id.
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key) { server in
            let apns = try client(key, server, bundleID: "com.example.other")
            defer { apns.close() }
            #expect(await apns.send(try request()) == .configurationError(status: 400, reason: "DeviceTokenNotForTopic"))
            #expect(try server.requests().first?.header("apns-topic") == "com.example.other.push-type.liveactivity")
        }
    }

    @Test func noServerMeansRetryLater() async throws {
        let key = try TestCredentials.newKey()
        let apns = try APNsClient(
            configuration: APNsConfiguration(
                keyID: TestCredentials.keyID, teamID: TestCredentials.teamID, bundleID: TestCredentials.bundleID,
                signingKey: key, baseURLOverrides: [.sandbox: URL(string: "https://127.0.0.1:1")!]
            ),
            logger: .quiet
        )
        defer { apns.close() }
        let outcome = await apns.send(try request())
        guard case .retryLater(nil, let reason, nil) = outcome else {
            Issue.record("expected retryLater without a status, got \(outcome)")
            return
        }
        #expect(reason.contains("curl error 7"))
        #expect(!outcome.isPermanent)
    }

    @Test func aTimeoutMeansRetryLater() async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key, options: .init(slowSeconds: 30)) { server in
            let apns = try client(key, server, timeout: 1)
            defer { apns.close() }
            let outcome = await apns.send(try request(TestCredentials.deviceToken("dddd")))
            guard case .retryLater(nil, _, nil) = outcome else {
                Issue.record("expected retryLater without a status, got \(outcome)")
                return
            }
            #expect(outcome.description.contains("curl error 28"))
        }
    }
}
