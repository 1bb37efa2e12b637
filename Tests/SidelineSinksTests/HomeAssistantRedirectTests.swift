import Foundation
import SidelineCore
import SidelineFakeHomeAssistant
import SidelineHTTP
import SidelineSinks
import Testing
import SidelineTestSupport

/// A Home Assistant behind an http → https redirect (a proxy): never followed with the
/// token, and the address to configure is said.
@Suite("Home Assistant behind a redirect")
struct HomeAssistantRedirectTests {
    static let token = "llat-redirect-token-0123456789"
    static let phone = "mobile_app_alex_iphone"

    /// A look-alike that redirects everything (`proxy`) to a working one (`target`).
    func withRedirect(status: Int, _ body: (FakeHomeAssistant, FakeHomeAssistant, URL, URL) async throws -> Void) async throws {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: [Self.phone]) { target, targetBase in
            try await withFakeHomeAssistant(token: Self.token, notifyServices: [Self.phone]) { proxy, proxyBase in
                proxy.redirect(to: targetBase, status: status)
                try await body(proxy, target, proxyBase, targetBase)
            }
        }
    }

    func client(_ base: URL) -> HomeAssistantClient {
        let transport = CurlTransport(timeout: 5)
        return HomeAssistantClient(baseURL: base, token: Self.token, transport: transport, poster: transport, timeout: 5)
    }

    @Test("The service check stops at the redirect and names the address to configure, not a wrong token", arguments: [301, 308])
    func serviceCheck(status: Int) async throws {
        try await withRedirect(status: status) { proxy, target, proxyBase, targetBase in
            await #expect(throws: HomeAssistantError.redirected(status: status, location: targetBase.absoluteString)) {
                try await client(proxyBase).notifyServices()
            }
            #expect(proxy.calls.count == 1)
            #expect(target.calls.isEmpty, "the token went nowhere else")
            let said = HomeAssistantError.redirected(status: status, location: targetBase.absoluteString).description
            #expect(said.contains("set homeassistant.url to \(targetBase.absoluteString)"))
        }
    }

    @Test("A notify call answered 3xx is a redirect with the address to configure, not a failure to retry", arguments: [301, 308])
    func notify(status: Int) async throws {
        try await withRedirect(status: status) { proxy, target, proxyBase, targetBase in
            let body = Data(#"{"message":"hi","data":{"tag":"sideline-1","live_update":true}}"#.utf8)
            #expect(await client(proxyBase).notify(service: Self.phone, body: body) == .redirected(status: status, location: targetBase.absoluteString))
            #expect(proxy.calls.count == 1)
            #expect(target.calls.isEmpty)
        }
    }

    @Test("GETs without credentials (Sleeper, ESPN) still follow redirects; with a token they stop")
    func transportFollowsOnlyWithoutCredentials() async throws {
        try await withRedirect(status: 301) { proxy, target, proxyBase, _ in
            let transport = CurlTransport(timeout: 5)
            let withToken = try await transport.get(proxyBase.appending(path: "api/"), headers: ["Authorization": "Bearer \(Self.token)"])
            #expect(withToken.status == 301)
            #expect(target.calls.isEmpty)
            let without = try await transport.get(proxyBase.appending(path: "api/"), headers: [:])
            #expect(without.status == 401, "followed to the look-alike behind, which wants a token")
            #expect(target.calls.count == 1)
            #expect(proxy.calls.count == 2)
        }
    }
}
