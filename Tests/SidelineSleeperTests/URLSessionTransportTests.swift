import Foundation
import SidelineCore
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper

@Suite("URLSessionTransport (libcurl) on loopback")
struct URLSessionTransportTests {
    @Test("requests carry User-Agent and an Accept-Encoding that includes gzip")
    func headers() async throws {
        try await withFakeServer(scriptedWorld()) { base, world in
            let transport = URLSessionTransport()
            let response = try await transport.get(base.appendingPathComponent("v1/state/nfl"), headers: [:])
            #expect(response.status == 200)
            #expect(response.headers["etag"] == response.headers["ETag"])
            let request = try #require(world.requests.last)
            #expect(request.headers["user-agent"] == "Sideline/\(SidelineVersion.current)")
            let acceptEncoding = try #require(request.headers["accept-encoding"])
            print("URLSession sent Accept-Encoding: \(acceptEncoding)")
            #expect(acceptEncoding.contains("gzip"))
        }
    }

    @Test("a gzip-encoded body arrives decoded")
    func gzip() async throws {
        try await withFakeServer(scriptedWorld()) { base, world in
            let compressed = try Fixture.data("state_nfl.json.gz")
            world.inject(.raw(status: 200, headers: ["Content-Encoding": "gzip"], body: compressed), forPathPrefix: "/v1/state")
            let client = HTTPSleeperClient(baseURL: base)
            let state = try await client.nflState()
            #expect(state.week == 2)
        }
    }

    @Test("one transport reuses its connection across requests")
    func keepAlive() async throws {
        try await withFakeServer(scriptedWorld()) { base, world in
            let transport = URLSessionTransport()
            for _ in 0..<5 {
                _ = try await transport.get(base.appendingPathComponent("v1/state/nfl"), headers: [:])
            }
            let ports = Set(world.requests.compactMap(\.remotePort))
            #expect(world.requests.count == 5)
            #expect(ports.count == 1, "client ports seen: \(ports)")
        }
    }

    @Test("a slow answer past the per-request timeout is unreachable")
    func timeout() async throws {
        try await withFakeServer(scriptedWorld()) { base, world in
            // The answer would come (and succeed) after 6 s, so an `unreachable` error proves the
            // 1 s timeout fired. No upper bound on the elapsed time: a loaded CI machine is slow.
            world.inject(.delay(.seconds(6)), forPathPrefix: "/v1/state", times: 1)
            let transport = URLSessionTransport(timeout: 1)
            let started = ContinuousClock.now
            await #expect {
                _ = try await transport.get(base.appendingPathComponent("v1/state/nfl"), headers: [:])
            } throws: { error in
                if case .unreachable? = error as? SleeperError { return true }
                return false
            }
            let elapsed = ContinuousClock.now - started
            print("URLSession gave up after \(elapsed) with a 1 s timeout")
            #expect(elapsed >= .seconds(0.9))
        }
    }

    @Test("sub-second timeouts are rounded up to whole seconds, which libcurl needs")
    func subSecondTimeout() {
        #expect(URLSessionTransport(timeout: 0.5).timeout == 1)
        #expect(URLSessionTransport(timeout: 2.2).timeout == 3)
    }

    @Test("cancelling the Swift task cancels the request")
    func cancellation() async throws {
        try await withFakeServer(scriptedWorld()) { base, world in
            world.inject(.delay(.seconds(5)), forPathPrefix: "/v1/state", times: 1)
            let transport = URLSessionTransport(timeout: 15)
            let request = Task { try await transport.get(base.appendingPathComponent("v1/state/nfl"), headers: [:]) }
            // Real time here: the request must be in flight before it is cancelled.
            try await Task.sleep(for: .milliseconds(300))
            request.cancel()
            // A request that was not cancelled would succeed after 5 s; "cancelled" proves it was.
            let result = await request.result
            guard case .failure(let error) = result, case .unreachable(_, let reason)? = error as? SleeperError else {
                Issue.record("expected a cancelled request, got \(result)")
                return
            }
            #expect(reason == "cancelled")
        }
    }

    @Test("a closed port is unreachable")
    func refused() async throws {
        let server = FakeSleeperServer(world: FakeSleeperWorld())
        let base = try await server.start()
        await server.stop()
        let transport = URLSessionTransport(timeout: 2)
        await #expect {
            _ = try await transport.get(base.appendingPathComponent("v1/state/nfl"), headers: [:])
        } throws: { error in
            if case .unreachable? = error as? SleeperError { return true }
            return false
        }
    }
}
