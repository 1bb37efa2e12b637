import Foundation
import SidelineCore
import SidelineCurl
import SidelineFakeHomeAssistant
import SidelineHTTP
import SidelineSinks
import Testing
import SidelineTestSupport

@Suite("Home Assistant client against the look-alike on loopback")
struct HomeAssistantClientTests {
    static let token = "llat-eyJhbGciOiJIUzI1NiJ9.s3cret"
    static let phone = "mobile_app_alex_iphone"
    /// Keys in an order no encoder would pick, and spacing: the bytes must arrive as given.
    static let liveUpdate = Data(#"{"title":"Alex's Audibles vs Casey", "message":"Up 5.1 — 22.3 – 17.2","data":{"tag":"sideline-1-2026w12-1","live_update":true,"progress":2,"progress_max":9}}"#.utf8)

    /// Runs `body` with a fresh look-alike and a client of it over the real transport, and
    /// always stops the look-alike.
    func withHomeAssistant<T>(
        clientToken: String = HomeAssistantClientTests.token, baseSuffix: String = "",
        _ body: (FakeHomeAssistant, HomeAssistantClient) async throws -> T
    ) async throws -> T {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: [Self.phone, "mobile_app_casey_pixel"]) { fake, base in
            let transport = CurlTransport(timeout: 5)
            let url = try #require(URL(string: base.absoluteString + baseSuffix))
            let client = HomeAssistantClient(baseURL: url, token: clientToken, transport: transport, poster: transport, timeout: 5)
            return try await body(fake, client)
        }
    }

    @Test func aNotifyCallCarriesTheBearerJSONContentTypeAndTheBodyByteForByte() async throws {
        try await withHomeAssistant { fake, client in
            let answer = await client.notify(service: Self.phone, body: Self.liveUpdate)
            #expect(answer == .accepted)
            let call = try #require(fake.calls.only)
            #expect(call.method == "POST")
            #expect(call.path == "/api/services/notify/\(Self.phone)")
            #expect(call.service == Self.phone)
            #expect(call.headers["authorization"] == "Bearer \(Self.token)")
            #expect(call.headers["content-type"] == "application/json")
            #expect(call.body == Self.liveUpdate)
            #expect(call.value("data", "tag") == .string("sideline-1-2026w12-1"))
        }
    }

    @Test func aServiceGivenWithItsNotifyPrefixIsCalledByItsName() async throws {
        try await withHomeAssistant { fake, client in
            #expect(await client.notify(service: "notify.\(Self.phone)", body: Self.liveUpdate) == .accepted)
            #expect(fake.calls.only?.path == "/api/services/notify/\(Self.phone)")
        }
    }

    @Test func aBaseURLWithATrailingSlashStillReachesTheAPI() async throws {
        try await withHomeAssistant(baseSuffix: "/") { _, client in
            #expect(await client.notify(service: Self.phone, body: Self.liveUpdate) == .accepted)
            let names = try await client.notifyServices()
            #expect(names == [Self.phone, "mobile_app_casey_pixel"])
        }
    }

    @Test func anUnknownServiceIsABadRequestWithHomeAssistantsMessage() async throws {
        try await withHomeAssistant { _, client in
            let answer = await client.notify(service: "mobile_app_old_phone", body: Self.liveUpdate)
            // HA answers a bare `400: Bad Request` (plain text): the reason says what to check.
            #expect(answer == .badRequest(message: Messages.HomeAssistant.badRequest(nil)))
        }
    }

    @Test func aLiveActivityWithABadTagIsABadRequest() async throws {
        try await withHomeAssistant { fake, client in
            let body = Data(#"{"message":"Up 5.1","data":{"tag":"sideline 1/2026","live_update":true}}"#.utf8)
            guard case .badRequest = await client.notify(service: Self.phone, body: body) else {
                Issue.record("a tag with a space and a slash was accepted")
                return
            }
            #expect(fake.calls.only?.refusal?.contains("tag") == true)
        }
    }

    @Test func aWrongTokenIsUnauthorizedAndTheTokenAppearsInNoDescription() async throws {
        let wrong = "llat-wrong-token-0123456789"
        try await withHomeAssistant(clientToken: wrong) { fake, client in
            let answer = await client.notify(service: Self.phone, body: Self.liveUpdate)
            #expect(answer == .unauthorized)
            #expect(fake.calls.only?.authorized == false)
            var dumped = ""
            dump(client, to: &dumped)
            for text in [String(describing: answer), String(describing: client), String(reflecting: client), "\(client)", dumped] {
                #expect(!text.contains(wrong), "the token leaked: \(text)")
            }
        }
    }

    @Test func aServiceUnavailableWithRetryAfterIsAFailureThatSaysWhenToTryAgain() async throws {
        try await withHomeAssistant { fake, client in
            fake.answer(Self.phone, with: 503, retryAfter: "7")
            #expect(await client.notify(service: Self.phone, body: Self.liveUpdate) == .failed(status: 503, retryAfter: 7))
            // The script is used up: the next call is answered as usual.
            #expect(await client.notify(service: Self.phone, body: Self.liveUpdate) == .accepted)
        }
    }

    @Test func anAbsurdRetryAfterIsCapped() async throws {
        try await withHomeAssistant { fake, client in
            fake.answer(Self.phone, with: 429, retryAfter: "1e9")
            // Not delay-seconds at all: no value, rather than a billion seconds.
            #expect(await client.notify(service: Self.phone, body: Self.liveUpdate) == .failed(status: 429, retryAfter: nil))
            fake.answer(Self.phone, with: 503, retryAfter: "1000000000")
            #expect(await client.notify(service: Self.phone, body: Self.liveUpdate) == .failed(status: 503, retryAfter: RetryAfter.cap))
        }
    }

    @Test func aClosedPortIsNotSent() async throws {
        // Port 9 (discard): nothing listens there, and no test's server beside this one can be
        // handed it (a stopped fake's ephemeral port could be, and then answers).
        let base = URL(string: "http://127.0.0.1:9")!
        let transport = CurlTransport(timeout: 5)
        let client = HomeAssistantClient(baseURL: base, token: Self.token, transport: transport, poster: transport)
        #expect(await client.notify(service: Self.phone, body: Self.liveUpdate) == .notSent(reason: "connection refused"))
        await #expect(throws: HomeAssistantError.unreachable("http://127.0.0.1:\(base.port ?? 0): connection refused")) {
            try await client.notifyServices()
        }
    }

    @Test func aServiceNameHomeAssistantCouldNotHaveIsRefusedWithoutACall() async throws {
        try await withHomeAssistant { fake, client in
            guard case .badRequest = await client.notify(service: "../../api/states", body: Self.liveUpdate) else {
                Issue.record("a path was sent as a service name")
                return
            }
            #expect(fake.calls.isEmpty)
        }
    }

    @Test func theServiceListGivesTheNotifyDomainsNamesOnly() async throws {
        try await withHomeAssistant { fake, client in
            let names = try await client.notifyServices()
            #expect(names == [Self.phone, "mobile_app_casey_pixel"])
            let call = try #require(fake.calls.only)
            #expect(call.method == "GET" && call.path == "/api/services" && call.authorized)
            fake.setNotifyServices([])
            let none = try await client.notifyServices()
            #expect(none.isEmpty)
        }
    }

    @Test func theServiceListWithAWrongTokenIsUnauthorizedAndSaysWhatToDo() async throws {
        let wrong = "llat-wrong-token-0123456789"
        try await withHomeAssistant(clientToken: wrong) { _, client in
            await #expect(throws: HomeAssistantError.unauthorized) { try await client.notifyServices() }
            #expect(HomeAssistantError.unauthorized.description.contains("homeassistant.token"))
        }
    }

    @Test func aRevokedTokenTurnsAcceptedCallsIntoUnauthorizedOnes() async throws {
        try await withHomeAssistant { fake, client in
            #expect(await client.notify(service: Self.phone, body: Self.liveUpdate) == .accepted)
            fake.setToken("llat-a-new-token")
            #expect(await client.notify(service: Self.phone, body: Self.liveUpdate) == .unauthorized)
            #expect(fake.calls.map(\.status) == [200, 401])
        }
    }

    @Test(arguments: [
        ("mobile_app_alex_iphone", "mobile_app_alex_iphone"),
        ("notify.mobile_app_alex_iphone", "mobile_app_alex_iphone"),
        ("  notify.mobile_app_alex_iphone\n", "mobile_app_alex_iphone"),
        ("notify.notify", "notify"),
        ("notify", "notify"),
        ("a", "a"),
        (String(repeating: "a", count: 255), String(repeating: "a", count: 255)),
    ] as [(String, String)])
    func aServiceNameIsNormalizedToWhatHomeAssistantCallsIt(text: String, name: String) {
        #expect(HomeAssistantService.normalized(text) == name)
    }

    @Test(arguments: [
        "", "   ", "notify.", "Mobile_App_Alex_iPhone", "notify.Mobile_app", "NOTIFY.mobile_app",
        "mobile-app-alex", "mobile_app alex", "notify.notify.x", "light.turn_on", "../api/states",
        "mobile_app_ålex", String(repeating: "a", count: 256),
    ])
    func aServiceNameHomeAssistantCouldNotHaveIsNil(text: String) {
        #expect(HomeAssistantService.normalized(text) == nil)
    }
}

extension Array {
    /// The one element, or `nil` when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
