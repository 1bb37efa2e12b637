import Foundation
import SidelineCurl
import Testing

/// The shared client on its own over plain HTTP/1.1; its HTTP/2 side (streams on one
/// connection, `resetConnection`) is tested against the fake APNs in `SidelineAPNsTests`.
@Suite("CurlClient over HTTP/1.1 on loopback")
struct CurlClientTests {
    @Test("HTTP/1.1 keep-alive: sequential requests reuse one connection")
    func http11KeepAlive() async throws {
        try await withLoopbackServer({ _ in .init(text: "ok") }) { server in
            let client = try CurlClient(options: CurlClientOptions(httpVersion: .http1_1))
            for index in 0..<4 {
                let response = try await client.send(CurlRequest(.get, url: server.baseURL.absoluteString + "/\(index)"))
                #expect(response.status == 200)
                #expect(response.httpVersion == .http1_1)
            }
            #expect(server.acceptedConnections == 1)
        }
    }

    @Test("a body over the limit fails the request instead of being buffered")
    func bodyLimit() async throws {
        let big = Data(repeating: 0x61, count: 10_000)
        try await withLoopbackServer({ _ in .init(body: big) }) { server in
            let client = try CurlClient(options: CurlClientOptions(maximumBodyBytes: 4_096))
            let error = await #expect(throws: CurlError.self) {
                try await client.send(CurlRequest(.get, url: server.baseURL.absoluteString + "/big"))
            }
            #expect(error?.kind == .bodyTooLarge)
            let roomy = try CurlClient(options: CurlClientOptions(maximumBodyBytes: 10_000))
            #expect(try await roomy.send(CurlRequest(.get, url: server.baseURL.absoluteString + "/big")).body == big)
        }
    }

    @Test("close fails the request in flight and every later one")
    func close() async throws {
        let latch = Latch()
        try await withLoopbackServer({ _ in latch.wait(); return .init(text: "late") }) { server in
            defer { latch.open() }
            let client = try CurlClient()
            let pending = Task { try await client.send(CurlRequest(.get, url: server.baseURL.absoluteString + "/slow")) }
            try await eventually { server.requests.count == 1 }
            client.close()
            let error = await #expect(throws: CurlError.self) { try await pending.value }
            #expect(error?.kind == .closed)
            let later = await #expect(throws: CurlError.self) {
                try await client.send(CurlRequest(.get, url: server.baseURL.absoluteString + "/after"))
            }
            #expect(later?.kind == .closed)
        }
    }

    @Test("only http and https are spoken")
    func otherSchemesRefused() async throws {
        let client = try CurlClient()
        let error = await #expect(throws: CurlError.self) {
            try await client.send(CurlRequest(.get, url: "file:///etc/hostname"))
        }
        #expect(error?.curlCode == 1, "CURLE_UNSUPPORTED_PROTOCOL")
    }
}
