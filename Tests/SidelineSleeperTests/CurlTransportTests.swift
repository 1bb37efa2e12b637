import Foundation
import SidelineCore
import SidelineCurl
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper
@testable import SidelineHTTP
import SidelineTestSupport

@Suite("CurlTransport (libcurl multi) on loopback")
struct CurlTransportTests {
    @Test("GETs carry User-Agent, Accept: application/json and an Accept-Encoding with gzip")
    func headers() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world in
            let transport = CurlTransport()
            let response = try await transport.get(base.appendingPathComponent("v1/state/nfl"), headers: [:])
            #expect(response.status == 200)
            let request = try #require(world.requests.last)
            #expect(request.headers["user-agent"] == "Sideline/\(SidelineVersion.current)")
            #expect(request.headers["accept"] == "application/json")
            #expect(request.headers["cookie"] == nil)
            let acceptEncoding = try #require(request.headers["accept-encoding"])
            print("CurlTransport sent Accept-Encoding: \(acceptEncoding)")
            #expect(acceptEncoding.contains("gzip"))
            #expect(acceptEncoding.contains("deflate"))
        }
    }

    @Test("a caller's header replaces a default of the same name, whatever its case")
    func callerHeadersWin() async throws {
        try await withLoopbackServer({ _ in .init(text: "{}") }) { server in
            let transport = CurlTransport(userAgent: "Sideline/test")
            _ = try await transport.get(server.baseURL.appendingPathComponent("x"), headers: ["accept": "text/plain", "If-None-Match": "\"v1\""])
            let request = try #require(server.requests.first)
            #expect(request.headers["accept"] == "text/plain")
            #expect(request.headers["if-none-match"] == "\"v1\"")
            #expect(request.headers["user-agent"] == "Sideline/test")
        }
    }

    @Test("response headers are found whatever the case they are asked in")
    func caseInsensitiveHeaders() async throws {
        let reply = LoopbackHTTPServer.Reply(headers: [("X-Sideline-Trace", "abc"), ("eTaG", "\"7\""), ("Retry-After", "30")], text: "{}")
        try await withLoopbackServer({ _ in reply }) { server in
            let response = try await CurlTransport().get(server.baseURL.appendingPathComponent("x"), headers: [:])
            #expect(response.headers["x-sideline-trace"] == "abc")
            #expect(response.headers["X-SIDELINE-TRACE"] == "abc")
            #expect(response.headers["ETag"] == "\"7\"")
            #expect(response.headers["retry-after"] == "30")
            #expect(response.headers.all["etag"] == "\"7\"")
        }
    }

    @Test("every status is an answer, with its headers and body")
    func statusesAreAnswers() async throws {
        let reply = LoopbackHTTPServer.Reply(status: 503, headers: [("Retry-After", "120")], text: "busy")
        try await withLoopbackServer({ _ in reply }) { server in
            let response = try await CurlTransport().get(server.baseURL.appendingPathComponent("x"), headers: [:])
            #expect(response.status == 503)
            #expect(response.headers["retry-after"] == "120")
            #expect(response.body == Data("busy".utf8))
        }
    }

    @Test("a gzip-encoded body arrives decoded")
    func gzip() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world in
            let compressed = try Fixture.data("state_nfl.json.gz")
            world.inject(.raw(status: 200, headers: ["Content-Encoding": "gzip"], body: compressed), forPathPrefix: "/v1/state", times: 1)
            let response = try await CurlTransport().get(base.appendingPathComponent("v1/state/nfl"), headers: [:])
            #expect(response.body == (try Fixture.data("state_nfl.json")))
            world.inject(.raw(status: 200, headers: ["Content-Encoding": "gzip"], body: compressed), forPathPrefix: "/v1/state", times: 1)
            let state = try await HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate()).nflState()
            #expect(state.week == 2)
        }
    }

    @Test("one transport reuses its connection across sequential requests")
    func keepAlive() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world in
            let transport = CurlTransport()
            for _ in 0..<5 {
                _ = try await transport.get(base.appendingPathComponent("v1/state/nfl"), headers: [:])
            }
            let ports = Set(world.requests.compactMap(\.remotePort))
            #expect(world.requests.count == 5)
            #expect(ports.count == 1, "client ports seen: \(ports)")
        }
        try await withLoopbackServer({ _ in .init(text: "{}") }) { server in
            let transport = CurlTransport()
            for index in 0..<5 {
                _ = try await transport.get(server.baseURL.appendingPathComponent("get/\(index)"), headers: [:])
                _ = try await transport.post(server.baseURL.appendingPathComponent("post/\(index)"), headers: [:], body: Data("{}".utf8), timeout: 5)
            }
            #expect(server.requests.count == 10)
            #expect(server.acceptedConnections == 1, "GETs and POSTs share the one kept-alive connection")
        }
    }

    @Test("50 concurrent GETs through one transport are all answered")
    func fiftyConcurrent() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world in
            let transport = CurlTransport()
            let url = base.appendingPathComponent("v1/state/nfl")
            let expected = try await transport.get(url, headers: [:]).body
            let answers = try await withThrowingTaskGroup(of: HTTPTransportResponse.self) { group in
                for _ in 0..<50 { group.addTask { try await transport.get(url, headers: [:]) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.count == 50)
            #expect(answers.allSatisfy { $0.status == 200 && $0.body == expected })
            #expect(world.requests.count == 51)
        }
    }

    @Test("the scheduler's 8 concurrent GETs are in flight at once, and the next pass reuses their connections")
    func eightAtOnce() async throws {
        // The server answers none of a round's 8 requests until all 8 are waiting: a
        // transport that ran them one after another, or held them back as PIPEWAIT does over
        // plain http, would never get an answer (and fail by its timeout).
        let arrived = Counter()
        let rounds = [Latch(), Latch()]
        let handler: LoopbackHTTPServer.Handler = { _ in
            let count = arrived.increment()
            let round = rounds[min((count - 1) / 8, rounds.count - 1)]
            if count % 8 == 0 { round.open() }
            round.wait()
            // Then one answer every 10 ms, as a pass's answers come: each transfer finishes
            // (and leaves the multi handle) before the next.
            usleep(useconds_t(((count - 1) % 8) * 10_000))
            return .init(text: "{}")
        }
        try await withLoopbackServer(handler) { server in
            defer { rounds.forEach { $0.open() } }
            let transport = CurlTransport(timeout: 20)
            for pass in 0..<2 {
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<8 {
                        group.addTask { try await transport.get(server.baseURL.appendingPathComponent("p\(pass)/m\(index)"), headers: [:]).status }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses == Array(repeating: 200, count: 8))
            }
            // HTTP/1.1: one connection per request in flight, all 8 kept for the next pass.
            // libcurl's default cache size (four per handle still added) closed one as the
            // first burst drained: 9 accepted.
            #expect(server.acceptedConnections == 8)
        }
    }

    @Test("GETs follow redirects; POSTs return the 3xx")
    func redirects() async throws {
        let handler: LoopbackHTTPServer.Handler = { request in
            switch request.path {
            case "/old": .init(status: 301, headers: [("Location", "/new")], text: "")
            case "/new": .init(text: "moved here")
            default: .init(status: 308, headers: [("Location", "/new")], text: "")
            }
        }
        try await withLoopbackServer(handler) { server in
            let transport = CurlTransport()
            let get = try await transport.get(server.baseURL.appendingPathComponent("old"), headers: [:])
            #expect(get.status == 200)
            #expect(get.body == Data("moved here".utf8))
            let post = try await transport.post(server.baseURL.appendingPathComponent("hook"), headers: [:], body: Data("{}".utf8), timeout: 5)
            #expect(post.status == 308)
            #expect(server.requests.map(\.path) == ["/old", "/new", "/hook"])
        }
    }

    @Test("a POST carries its body and headers; the answer's status, headers and body come back")
    func post() async throws {
        let reply = LoopbackHTTPServer.Reply(status: 202, headers: [("X-Receiver", "ok")], text: "accepted")
        try await withLoopbackServer({ _ in reply }) { server in
            let transport = CurlTransport()
            // Over 1 kB: a body libcurl would otherwise hold back for `Expect: 100-continue`.
            let body = Data(String(repeating: "{\"event\":\"touchdown\"}", count: 100).utf8)
            let headers = ["Content-Type": "application/json", "webhook-signature": "v1,abc=", "User-Agent": "Custom/1"]
            let response = try await transport.post(server.baseURL.appendingPathComponent("hook"), headers: headers, body: body, timeout: 5)
            #expect(response.status == 202)
            #expect(response.headers["x-receiver"] == "ok")
            #expect(response.body == Data("accepted".utf8))
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.body == body)
            #expect(request.headers["content-type"] == "application/json")
            #expect(request.headers["webhook-signature"] == "v1,abc=")
            #expect(request.headers["user-agent"] == "Custom/1")
            #expect(request.headers["expect"] == nil)
        }
    }

    @Test("a slow answer past a sub-second timeout is unreachable, \"timed out\"")
    func timeout() async throws {
        let latch = Latch()
        try await withLoopbackServer({ _ in latch.wait(); return .init(text: "{}") }) { server in
            defer { latch.open() }
            let transport = CurlTransport(timeout: 0.2)
            let started = ContinuousClock.now
            let error = await #expect(throws: HTTPUnreachable.self) {
                _ = try await transport.get(server.baseURL.appendingPathComponent("slow"), headers: [:])
            }
            let elapsed = ContinuousClock.now - started
            print("CurlTransport gave up after \(elapsed) with a 0.2 s timeout")
            #expect(error == HTTPUnreachable(url: server.baseURL.appendingPathComponent("slow").absoluteString, reason: "timed out"))
            // No upper bound: a loaded CI machine is slow. The lower bound shows the
            // milliseconds reach libcurl (URLSession truncated to whole seconds).
            #expect(elapsed >= .milliseconds(190))
        }
    }

    @Test("a POST past its timeout fails as timed out, so the sink does not retry at once")
    func postTimeout() async throws {
        let latch = Latch()
        try await withLoopbackServer({ _ in latch.wait(); return .init(text: "") }) { server in
            defer { latch.open() }
            let error = await #expect(throws: HTTPPostError.self) {
                _ = try await CurlTransport().post(server.baseURL.appendingPathComponent("hook?token=secret"), headers: [:], body: Data(), timeout: 0.2)
            }
            #expect(error == HTTPPostError(host: "http://127.0.0.1:\(server.port)", reason: "timed out", timedOut: true))
        }
    }

    @Test("cancelling the Swift task cancels the request in flight")
    func cancellation() async throws {
        let latch = Latch()
        try await withLoopbackServer({ _ in latch.wait(); return .init(text: "{}") }) { server in
            defer { latch.open() }
            let transport = CurlTransport(timeout: 15)
            let request = Task { try await transport.get(server.baseURL.appendingPathComponent("slow"), headers: [:]) }
            try await eventually { server.requests.count == 1 }
            request.cancel()
            // The answer is held until the latch opens, so "cancelled" proves the cancel.
            let result = await request.result
            guard case .failure(let error) = result, let reason = (error as? HTTPUnreachable)?.reason else {
                Issue.record("expected a cancelled request, got \(result)")
                return
            }
            #expect(reason == "cancelled")
            // The transport is still usable afterwards.
            latch.open()
            #expect(try await transport.get(server.baseURL.appendingPathComponent("after"), headers: [:]).status == 200)
        }
    }

    @Test("a closed port is unreachable, \"connection refused\"")
    func refused() async throws {
        // Port 9 (discard): below the ephemeral range, so no server of a test running beside
        // this one can be handed it (a stopped server's port could be, and then answers).
        let url = URL(string: "http://127.0.0.1:9/v1/state/nfl")!
        let error = await #expect(throws: HTTPUnreachable.self) { _ = try await CurlTransport(timeout: 5).get(url, headers: [:]) }
        #expect(error == HTTPUnreachable(url: url.absoluteString, reason: "connection refused"))
        let postError = await #expect(throws: HTTPPostError.self) {
            _ = try await CurlTransport().post(url, headers: [:], body: Data(), timeout: 5)
        }
        #expect(postError?.reason == "connection refused")
        #expect(postError?.timedOut == false)
    }

    @Test("libcurl failures map to the short reasons the engine logs")
    func reasons() {
        func reason(_ kind: CurlError.Kind, _ code: Int? = nil) -> String {
            CurlTransport.reason(for: CurlError(kind: kind, curlCode: code, message: "Failed to connect to api.sleeper.app port 443"))
        }
        #expect(reason(.timedOut, 28) == "timed out")
        #expect(reason(.connectionFailed, 7) == "connection refused")
        #expect(reason(.hostNotFound, 6) == "host not found")
        #expect(reason(.cancelled) == "cancelled")
        #expect(reason(.connectionLost, 56) == "network unavailable")
        // libcurl's fixed text for the code, never the error buffer (which names hosts).
        #expect(reason(.other, 47) == "Number of redirects hit maximum amount")
        #expect(reason(.tls, 60).hasPrefix("TLS: "))
    }
}
