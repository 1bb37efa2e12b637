import Foundation
import Testing
@testable import SidelineAPNs
import SidelineCurl

@Suite("APNs request and outcome")
struct APNsRequestTests {
    static let id = UUID(uuidString: "0F9A1C2E-3B4D-4E5F-8A6B-7C8D9E0F1A2B")!

    @Test func headersAreExactlyWhatALiveActivityPushNeeds() throws {
        let request = try APNsRequest(
            deviceToken: "ABCDEF0123", environment: .production, priority: .immediate,
            expiration: Date(timeIntervalSince1970: 1_795_375_740.9), apnsID: Self.id, payload: Data("{}".utf8)
        )
        let headers = request.headers(bearer: "h.c.s", bundleID: "com.example.sideline")
        #expect(headers.map(\.name) == [
            "authorization", "apns-push-type", "apns-topic", "apns-priority", "apns-expiration", "apns-id", "content-type",
        ])
        #expect(headers.map(\.value) == [
            "bearer h.c.s", "liveactivity", "com.example.sideline.push-type.liveactivity", "10", "1795375740",
            "0f9a1c2e-3b4d-4e5f-8a6b-7c8d9e0f1a2b", "application/json",
        ])
        #expect(request.deviceToken == "abcdef0123")
        #expect(request.path == "/3/device/abcdef0123")
    }

    @Test func defaultsArePriorityFiveAndNoStorage() throws {
        let request = try APNsRequest(deviceToken: "ab", environment: .sandbox, payload: Data())
        #expect(request.priority == .opportunistic)
        let headers = Dictionary(uniqueKeysWithValues: request.headers(bearer: "t", bundleID: "b").map { ($0.name, $0.value) })
        #expect(headers["apns-priority"] == "5")
        #expect(headers["apns-expiration"] == "0")
        #expect(headers["apns-id"] == request.apnsID.uuidString.lowercased())
    }

    @Test func tokensMustBeHexOfAnyLength() throws {
        let long = String(repeating: "0123456789abcdef", count: 10)
        #expect(try APNsRequest(deviceToken: " \(long)\n", environment: .sandbox, payload: Data()).deviceToken == long)
        #expect(throws: APNsRequestError.invalidDeviceToken("zz00")) {
            try APNsRequest(deviceToken: "zz00", environment: .sandbox, payload: Data())
        }
        let error = #expect(throws: APNsRequestError.self) {
            try APNsRequest(deviceToken: "0123456789abcdef/../x", environment: .sandbox, payload: Data())
        }
        #expect(try #require(error).description == "APNs device token 01234567… is not a hex string")
        #expect(throws: APNsRequestError.self) { try APNsRequest(deviceToken: "", environment: .sandbox, payload: Data()) }
    }

    @Test func descriptionsShowOnlyTheTokenPrefix() throws {
        let token = String(repeating: "a1b2c3d4", count: 12)
        let request = try APNsRequest(deviceToken: token, environment: .sandbox, apnsID: Self.id, payload: Data(count: 321))
        #expect(request.redactedToken == "a1b2c3d4…")
        #expect(request.description == "APNs push to a1b2c3d4… (sandbox, priority 5, 321 bytes, apns-id 0f9a1c2e-3b4d-4e5f-8a6b-7c8d9e0f1a2b)")
        #expect(!request.description.contains(token))
    }

    @Test func environmentsHaveApplesHosts() {
        #expect(APNsEnvironment.sandbox.defaultBaseURL.absoluteString == "https://api.sandbox.push.apple.com")
        #expect(APNsEnvironment.production.defaultBaseURL.absoluteString == "https://api.push.apple.com")
        #expect(APNsEnvironment(rawValue: "sandbox") == .sandbox)
    }
}

@Suite("APNs response classification")
struct APNsResponseClassifierTests {
    static let id = UUID()

    func classify(_ status: Int, _ body: String = "", headers: [String: String] = [:]) -> APNsResponseClassifier.Classification {
        APNsResponseClassifier.classify(
            CurlResponse(status: status, headers: headers, body: Data(body.utf8), httpVersion: .http2), apnsID: Self.id
        )
    }

    @Test func everyRowOfTheContractTable() {
        #expect(classify(200, headers: ["apns-id": "abc"]) == .outcome(.delivered(apnsID: "abc")))
        #expect(classify(200) == .outcome(.delivered(apnsID: Self.id.uuidString.lowercased())))
        #expect(classify(400, #"{"reason":"BadDeviceToken"}"#) == .outcome(.tokenRejected(reason: "BadDeviceToken", unregisteredAt: nil)))
        for reason in ["DeviceTokenNotForTopic", "BadTopic", "MissingTopic", "InvalidPushType", "BadPriority", "BadExpirationDate", "PayloadEmpty", "BadMessageId"] {
            #expect(classify(400, #"{"reason":"\#(reason)"}"#) == .outcome(.configurationError(status: 400, reason: reason)))
        }
        #expect(classify(403, #"{"reason":"ExpiredProviderToken"}"#) == .expiredProviderToken)
        for reason in ["InvalidProviderToken", "MissingProviderToken", "BadEnvironmentKeyInToken"] {
            #expect(classify(403, #"{"reason":"\#(reason)"}"#) == .outcome(.configurationError(status: 403, reason: reason)))
        }
        #expect(classify(410, #"{"reason":"Unregistered","timestamp":1795372000123}"#)
            == .outcome(.tokenRejected(reason: "Unregistered", unregisteredAt: Date(timeIntervalSince1970: 1_795_372_000.123))))
        #expect(classify(410, #"{"reason":"ExpiredToken"}"#) == .outcome(.tokenRejected(reason: "ExpiredToken", unregisteredAt: nil)))
        #expect(classify(413, #"{"reason":"PayloadTooLarge"}"#) == .outcome(.payloadTooLarge))
        #expect(classify(429, #"{"reason":"TooManyRequests"}"#) == .outcome(.retryLater(status: 429, reason: "TooManyRequests", retryAfter: nil)))
        #expect(classify(429, #"{"reason":"TooManyProviderTokenUpdates"}"#, headers: ["retry-after": "30"])
            == .outcome(.retryLater(status: 429, reason: "TooManyProviderTokenUpdates", retryAfter: 30)))
        #expect(classify(500, #"{"reason":"InternalServerError"}"#) == .outcome(.retryLater(status: 500, reason: "InternalServerError", retryAfter: nil)))
        #expect(classify(503, "<html>busy</html>") == .outcome(.retryLater(status: 503, reason: "HTTP 503", retryAfter: nil)))
        #expect(classify(404, #"{"reason":"BadPath"}"#) == .outcome(.configurationError(status: 404, reason: "BadPath")))
    }

    @Test func permanenceAndTokenDeletion() {
        let unregisteredAt = Date(timeIntervalSince1970: 1_795_372_000)
        let gone = APNsOutcome.tokenRejected(reason: "Unregistered", unregisteredAt: unregisteredAt)
        #expect(gone.isPermanent)
        #expect(gone.invalidates(tokenStoredAt: unregisteredAt.addingTimeInterval(-1)))
        #expect(!gone.invalidates(tokenStoredAt: unregisteredAt.addingTimeInterval(1)), "re-registered since")
        #expect(APNsOutcome.tokenRejected(reason: "BadDeviceToken", unregisteredAt: nil).invalidates(tokenStoredAt: .distantFuture))
        #expect(APNsOutcome.configurationError(status: 400, reason: "BadTopic").isPermanent)
        #expect(APNsOutcome.payloadTooLarge.isPermanent)
        #expect(!APNsOutcome.retryLater(status: 503, reason: "ServiceUnavailable", retryAfter: nil).isPermanent)
        #expect(!APNsOutcome.delivered(apnsID: "x").isPermanent)
        #expect(APNsOutcome.delivered(apnsID: "x").isDelivered)
        #expect(APNsOutcome.configurationError(status: 403, reason: "InvalidProviderToken").isCredentialsProblem)
        #expect(!APNsOutcome.configurationError(status: 400, reason: "BadTopic").isCredentialsProblem)
        #expect(!APNsOutcome.delivered(apnsID: "x").invalidates(tokenStoredAt: .distantPast))
    }

    @Test func descriptionsAreShortAndHuman() {
        #expect(APNsOutcome.delivered(apnsID: "abc").description == "delivered (apns-id abc)")
        #expect(APNsOutcome.tokenRejected(reason: "Unregistered", unregisteredAt: Date(timeIntervalSince1970: 1_795_372_000)).description
            == "token rejected: Unregistered since 1795372000 (Unix); stop using it")
        #expect(APNsOutcome.configurationError(status: 403, reason: "InvalidProviderToken").description
            == "APNs credentials rejected: 403 InvalidProviderToken; fix the configuration, not retrying")
        #expect(APNsOutcome.payloadTooLarge.description == "payload too large (over 4096 bytes); not retrying")
        #expect(APNsOutcome.retryLater(status: 429, reason: "TooManyRequests", retryAfter: 7).description
            == "retry later: 429 TooManyRequests, retry after 7 s")
    }
}
