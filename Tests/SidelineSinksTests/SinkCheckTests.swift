import Foundation
import SidelineCore
import SidelineHTTP
import Testing
@testable import SidelineSinks
@testable import SidelineDelivery
import SidelineTestSupport

/// The webhook's and ntfy's probes on loopback: a signed test event and a test message,
/// answered 2xx or named with the fix; nothing sent when the context may not deliver.
@Suite("Sink checks: webhook and ntfy over loopback")
struct SinkCheckTests {
    static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    static let at = Date(timeIntervalSince1970: 1_795_372_000)

    func delivery() -> HTTPSinkDelivery { HTTPSinkDelivery(poster: CurlTransport(), timeout: 5, quickRetryDelay: nil, logger: .quiet) }
    func context(mayDeliver: Bool = true) -> SinkCheckContext { SinkCheckContext(now: Self.at, devices: [], mayDeliver: mayDeliver) }

    @Test("The webhook probe is a signed check event a receiver verifies with the secret; a 2xx holds")
    func webhookAccepted() async throws {
        let (results, request) = try await withReceiver { url, log in
            let webhook = try WebhookSink(url: url.appendingPathComponent("hook"), secret: Self.secret, delivery: delivery(), now: { Self.at })
            return (await webhook.check(context()), try #require(log.requests.first))
        }
        #expect(results.map(\.ok) == [true])
        #expect(results.first?.message.hasPrefix("webhook: http://127.0.0.1:") == true, "\(results)")
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(body["event"] as? String == "check")
        let id = try #require(request.headers["webhook-id"])
        let timestamp = try #require(request.headers["webhook-timestamp"])
        #expect(timestamp == "1795372000")
        let expected = try await Python.webhookSignature(secret: Self.secret, id: id, timestamp: timestamp, body: request.body)
        #expect(request.headers["webhook-signature"] == expected)
    }

    @Test("A webhook receiver that refuses the signature is named with what to check")
    func webhookRefused() async throws {
        let results = try await withReceiver { url, log in
            log.answer(401)
            let webhook = try WebhookSink(url: url.appendingPathComponent("hook"), secret: Self.secret, delivery: delivery(), now: { Self.at })
            return await webhook.check(context())
        }
        #expect(results.map(\.ok) == [false])
        #expect(results.first?.message.contains("answered HTTP 401") == true, "\(results)")
        #expect(results.first?.message.contains("same whsec_ secret") == true)
    }

    @Test("The ntfy probe publishes one quiet test message to the topic; a refusal is named")
    func ntfy() async throws {
        let (accepted, refused, requests) = try await withReceiver { url, log in
            let ntfy = try NtfySink(server: url, topic: "sideline-sunday", token: "tk_test", delivery: delivery())
            let accepted = await ntfy.check(context())
            log.answer(403)
            let refused = await ntfy.check(context())
            return (accepted, refused, log.requests)
        }
        #expect(accepted.map(\.ok) == [true], "\(accepted)")
        #expect(refused.map(\.ok) == [false])
        #expect(refused.first?.message.contains("answered HTTP 403") == true, "\(refused)")
        #expect(refused.first?.message.contains("may publish to this topic") == true)
        #expect(requests.first?.path == "/sideline-sunday")
        #expect(requests.first?.headers["x-priority"] == "1")
        #expect(requests.first?.headers["authorization"] == "Bearer tk_test")
    }

    @Test("Neither sends anything for the hourly credentials check: their only probe is a message")
    func nothingWithoutDelivering() async throws {
        let requests = try await withReceiver { url, log in
            let webhook = try WebhookSink(url: url, secret: Self.secret, delivery: delivery())
            let ntfy = try NtfySink(server: url, topic: "sideline-sunday", delivery: delivery())
            #expect(await webhook.check(context(mayDeliver: false)).isEmpty)
            #expect(await ntfy.check(context(mayDeliver: false)).isEmpty)
            return log.requests
        }
        #expect(requests.isEmpty)
    }
}
