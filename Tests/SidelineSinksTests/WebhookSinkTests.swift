import Foundation
import SidelineHTTP
import Synchronization
import Testing
@testable import SidelineSinks
@testable import SidelineDelivery
import SidelineTestSupport

@Suite("Webhook sink over loopback")
struct WebhookSinkTests {
    /// Svix's documented example secret: 24 key bytes.
    static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    static let sendTime = Date(timeIntervalSince1970: 1_795_372_000)

    func sink(_ url: URL, clock: ManualClock = ManualClock(sendTime), quickRetry: Duration? = nil) throws -> WebhookSink {
        try WebhookSink(
            url: url.appendingPathComponent("hooks/sideline"), secret: Self.secret,
            delivery: HTTPSinkDelivery(poster: CurlTransport(), timeout: 5, quickRetryDelay: quickRetry, logger: .quiet), now: clock.dateSource
        )
    }

    @Test func signatureMatchesAnIndependentHMACOfIdTimestampAndBody() async throws {
        let event = Envelopes.start
        let payload = try event.encoded()
        let request = try await withReceiver { url, log in
            try await sink(url).deliver(event, payload: payload)
            return try #require(log.requests.first)
        }
        #expect(request.method == "POST")
        #expect(request.path == "/hooks/sideline")
        #expect(request.body == payload)
        #expect(request.headers["content-type"] == "application/json")
        let id = try #require(request.headers["webhook-id"])
        let timestamp = try #require(request.headers["webhook-timestamp"])
        #expect(id == StandardWebhooks.messageID(for: event))
        #expect(id.hasPrefix("msg_") && id.count == 36)
        #expect(timestamp == "1795372000")
        let expected = try await Python.webhookSignature(secret: Self.secret, id: id, timestamp: timestamp, body: request.body)
        #expect(request.headers["webhook-signature"] == expected)
    }

    @Test func aResendCarriesTheSameIdWithAFreshTimestampAndSignature() async throws {
        let clock = ManualClock(Self.sendTime)
        let requests = try await withReceiver { url, log in
            log.answer(503)
            let webhook = try self.sink(url, clock: clock)
            await #expect(throws: DeliveryError.self) { try await webhook.deliver(Envelopes.start, payload: try Envelopes.start.encoded()) }
            clock.advance(60)  // the next pass
            try await webhook.deliver(Envelopes.start, payload: try Envelopes.start.encoded())
            return log.requests
        }
        try #require(requests.count == 2)
        #expect(requests[0].headers["webhook-id"] == requests[1].headers["webhook-id"])
        #expect(requests[0].headers["webhook-timestamp"] == "1795372000")
        #expect(requests[1].headers["webhook-timestamp"] == "1795372060")
        #expect(requests[0].headers["webhook-signature"] != requests[1].headers["webhook-signature"])
        let signature = try await Python.webhookSignature(
            secret: Self.secret, id: requests[1].headers["webhook-id"] ?? "", timestamp: "1795372060", body: requests[1].body
        )
        #expect(requests[1].headers["webhook-signature"] == signature)
    }

    /// The Standard Webhooks specification's published test vector.
    @Test func signatureReproducesTheStandardWebhooksTestVector() throws {
        let signature = StandardWebhooks.signature(
            id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330,
            body: Data(#"{"test": 2432232314}"#.utf8), secret: try WebhookSecret(Self.secret)
        )
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    @Test func differentEventsOfOneActivityGetDifferentIds() {
        let ids = [Envelopes.start, Envelopes.pointsUpdate, Envelopes.resumed, Envelopes.final].map(StandardWebhooks.messageID)
        #expect(Set(ids).count == 4)
        #expect(StandardWebhooks.messageID(for: Envelopes.make(.start, .kickoff)) == ids[0])
    }

    @Test func serverErrorIsRetryable() async throws {
        let error = try await withReceiver { url, log in
            log.answer(500)
            let webhook = try self.sink(url)
            return await captured { try await webhook.deliver(Envelopes.start, payload: try Envelopes.start.encoded()) }
        }
        #expect(error?.isPermanent == false)
        #expect(error?.message.contains("HTTP 500") == true)
    }

    @Test func tooManyRequestsIsRetryableAndNotRetriedInTheSameCall() async throws {
        let (error, count) = try await withReceiver { url, log in
            log.answer(429)
            let webhook = try self.sink(url, quickRetry: .zero)
            let error = await captured { try await webhook.deliver(Envelopes.start, payload: try Envelopes.start.encoded()) }
            return (error, log.requests.count)
        }
        #expect(error?.isPermanent == false)
        #expect(count == 1)
    }

    @Test func aBlipIsRetriedOnceInTheSameCallAfterAShortDelay() async throws {
        let clock = ManualClock()
        let count = try await withReceiver { url, log in
            log.answer(502)
            let webhook = try WebhookSink(
                url: url, secret: Self.secret,
                delivery: HTTPSinkDelivery(poster: CurlTransport(), timeout: 5, quickRetryDelay: .milliseconds(500), clock: clock, logger: .quiet),
                now: ManualClock(Self.sendTime).dateSource
            )
            try await webhook.deliver(Envelopes.start, payload: try Envelopes.start.encoded())
            return log.requests.count
        }
        #expect(count == 2)
        #expect(clock.sleeps == [.milliseconds(500)])
    }

    @Test func aPersistentServerErrorIsTriedTwiceThenLeftForTheNextPass() async throws {
        let (error, count) = try await withReceiver { url, log in
            log.answer(500, 500, 500)
            let webhook = try self.sink(url, quickRetry: .zero)
            let error = await captured { try await webhook.deliver(Envelopes.start, payload: try Envelopes.start.encoded()) }
            return (error, log.requests.count)
        }
        #expect(error?.isPermanent == false)
        #expect(count == 2)
    }

    @Test func badRequestIsPermanentAndSaysWhatTheReceiverSaid() async throws {
        let (error, count) = try await withReceiver { url, log in
            log.answer(400)
            let webhook = try self.sink(url, quickRetry: .zero)
            let error = await captured { try await webhook.deliver(Envelopes.start, payload: try Envelopes.start.encoded()) }
            return (error, log.requests.count)
        }
        #expect(error?.isPermanent == true)
        #expect(error?.message.contains("HTTP 400 — refused by the test receiver") == true)
        #expect(count == 1)
    }

    @Test func unauthorizedIsPermanentAndPointsAtTheSecretWithoutShowingIt() async throws {
        let error = try await withReceiver { url, log in
            log.answer(401)
            let webhook = try self.sink(url)
            return await captured { try await webhook.deliver(Envelopes.final, payload: try Envelopes.final.encoded()) }
        }
        let message = try #require(error?.message)
        #expect(error?.isPermanent == true)
        #expect(message.contains("same whsec_ secret"))
        #expect(!message.contains("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
    }

    @Test func refusedConnectionIsRetryable() async throws {
        let url = try await withReceiver { url, _ in url }  // nothing listens on that port now
        let webhook = try self.sink(url, quickRetry: .zero)
        let error = await captured { try await webhook.deliver(Envelopes.start, payload: try Envelopes.start.encoded()) }
        #expect(error?.isPermanent == false)
        #expect(error?.message.contains("could not reach http://127.0.0.1:") == true)
    }
}

/// The `DeliveryError` `body` threw, or `nil` when it delivered. Any other error is a
/// test failure: `deliver` throws only `DeliveryError`.
func captured(_ body: () async throws -> Void) async -> DeliveryError? {
    do {
        try await body()
        return nil
    } catch let error as DeliveryError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}
