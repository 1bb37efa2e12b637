import Foundation
import SidelineCore
import SidelineHTTP
import SidelineSinks
import Testing

/// Answers no real server gives on demand: a timeout, a reset, a TLS failure, an answer that
/// echoes the token. A stub poster stands in for the transport.
@Suite("Home Assistant answers for failures with no look-alike")
struct HomeAssistantAnswerTests {
    static let token = "llat-eyJhbGciOiJIUzI1NiJ9.s3cret"
    static let base = URL(string: "http://homeassistant.local:8123")!

    struct StubPoster: HTTPPoster {
        let result: Result<HTTPTransportResponse, HTTPPostError>
        func post(_ url: URL, headers: [String: String], body: Data, timeout: TimeInterval) async throws -> HTTPTransportResponse {
            try result.get()
        }
    }

    struct OfflineTransport: HTTPTransport {
        func get(_ url: URL, headers: [String: String]) async throws(HTTPUnreachable) -> HTTPTransportResponse {
            throw HTTPUnreachable(url: url.absoluteString, reason: "offline test")
        }
    }

    func answer(_ result: Result<HTTPTransportResponse, HTTPPostError>) async -> HomeAssistantAnswer {
        let client = HomeAssistantClient(baseURL: Self.base, token: Self.token, transport: OfflineTransport(), poster: StubPoster(result: result))
        return await client.notify(service: "mobile_app_alex_iphone", body: Data("{}".utf8))
    }

    static func failure(_ reason: String, timedOut: Bool = false) -> HTTPPostError {
        HTTPPostError(host: "http://homeassistant.local:8123", reason: reason, timedOut: timedOut)
    }

    @Test(arguments: [
        (failure("connection refused"), HomeAssistantAnswer.notSent(reason: "connection refused")),
        (failure("host not found"), .notSent(reason: "host not found")),
        (failure("TLS: SSL peer certificate or SSH remote key was not OK"), .notSent(reason: "TLS: SSL peer certificate or SSH remote key was not OK")),
        (failure("transport closed"), .notSent(reason: "transport closed")),
        (failure("timed out", timedOut: true), .unanswered(reason: "timed out")),
        (failure("network unavailable"), .unanswered(reason: "network unavailable")),
        (failure("Stream error in the HTTP/2 framing layer"), .unanswered(reason: "Stream error in the HTTP/2 framing layer")),
        (failure("cancelled"), .unanswered(reason: "cancelled")),
    ] as [(HTTPPostError, HomeAssistantAnswer)])
    func aCallThatGotNoAnswerIsNotSentOnlyWhenNothingWentOut(error: HTTPPostError, expected: HomeAssistantAnswer) async {
        #expect(await answer(.failure(error)) == expected)
    }

    @Test(arguments: [
        (204, HomeAssistantAnswer.accepted),
        (403, .unauthorized),
        (404, .failed(status: 404, retryAfter: nil)),
        (502, .failed(status: 502, retryAfter: nil)),
    ] as [(Int, HomeAssistantAnswer)])
    func statusesMapToAnswers(status: Int, expected: HomeAssistantAnswer) async {
        let response = HTTPTransportResponse(status: status, headers: HTTPResponseHeaders(), body: Data())
        #expect(await answer(.success(response)) == expected)
    }

    @Test func aRetryAfterDateIsMeasuredFromHomeAssistantsOwnClock() async {
        let headers = HTTPResponseHeaders(["Retry-After": "Mon, 23 Nov 2026 12:00:30 GMT", "Date": "Mon, 23 Nov 2026 12:00:00 GMT"])
        let response = HTTPTransportResponse(status: 503, headers: headers, body: Data())
        #expect(await answer(.success(response)) == .failed(status: 503, retryAfter: 30))
    }

    @Test func aBadRequestMessageIsOneShortLineWithoutTheToken() async throws {
        let said = "Invalid data for call_service: Bearer \(Self.token)\n" + String(repeating: "x", count: 500)
        let body = try JSONSerialization.data(withJSONObject: ["message": said])
        let response = HTTPTransportResponse(status: 400, headers: HTTPResponseHeaders(), body: body)
        guard case .badRequest(let message) = await answer(.success(response)) else {
            Issue.record("a 400 was not a bad request")
            return
        }
        #expect(!message.contains(Self.token))
        #expect(!message.contains("\n"))
        #expect(message.count <= 200)
        #expect(message.hasPrefix("HTTP 400: Invalid data for call_service: Bearer [token] x"))
    }

    @Test func aBadRequestFromAProxyKeepsItsText() async {
        let response = HTTPTransportResponse(status: 400, headers: HTTPResponseHeaders(), body: Data("<html>400 Bad Request</html>".utf8))
        #expect(await answer(.success(response)) == .badRequest(message: "HTTP 400: <html>400 Bad Request</html>"))
    }

    @Test("HA's plain-text 400 (`400: Bad Request`) is a readable reason, not the status twice")
    func homeAssistantsPlainBadRequestIsReadable() async {
        let response = HTTPTransportResponse(status: 400, headers: HTTPResponseHeaders(["Content-Type": "text/plain"]), body: Data("400: Bad Request".utf8))
        guard case .badRequest(let reason) = await answer(.success(response)) else {
            Issue.record("a 400 was not a bad request")
            return
        }
        #expect(reason == Messages.HomeAssistant.badRequest(nil))
        #expect(!reason.contains("400 400") && !reason.contains("400: Bad Request"))
        #expect(reason.contains("notify service"), "says what to check")
    }

    @Test func unreachableSaysWhereWithoutThePathAndWhatToCheck() async {
        let client = HomeAssistantClient(baseURL: Self.base, token: Self.token, transport: OfflineTransport(), poster: StubPoster(result: .failure(Self.failure("x"))))
        await #expect(throws: HomeAssistantError.unreachable("http://homeassistant.local:8123: offline test")) {
            try await client.notifyServices()
        }
        #expect(HomeAssistantError.unreachable("x").description.contains("homeassistant.url"))
    }
}
