import Foundation
import SidelineCore
import SidelineFakeSleeper
import SidelineHTTP
import SidelineTestSupport
import Testing

/// `http.source_address` over real loopback HTTP (issue 32): Linux routes all of
/// 127.0.0.0/8 to `lo`, so transports bound to 127.0.0.2 and 127.0.0.3 are two pollers with
/// two egress addresses, and the fake Sleeper sees each call's client address.
@Suite("Source address: transports bound to their own address, the fake Sleeper's per-address limit")
struct SourceAddressLoopbackTests {
    static let state = "v1/state/nfl"

    func get(_ transport: CurlTransport, _ base: URL, _ path: String = state) async throws -> HTTPTransportResponse {
        try await transport.get(base.appendingPathComponent(path), headers: [:])
    }

    /// The scripted world with the per-address limit on; `start` is its clock when the limit went on.
    func withLimitedSleeper(calls: Int, _ body: (URL, FakeSleeperWorld, Date) async throws -> Void) async throws {
        let world = scriptedWorld()
        let start = world.now
        world.limitCallsPerAddress(FakeAddressLimit(calls: calls))
        try await withFakeSleeper(world) { base, world async throws in try await body(base, world, start) }
    }

    @Test("Transports bound to 127.0.0.2 and 127.0.0.3 reach the fake Sleeper, which records each call's address")
    func eachTransportLeavesFromItsAddress() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world async throws in
            let second = CurlTransport(sourceAddress: "127.0.0.2"), third = CurlTransport(sourceAddress: "127.0.0.3")
            #expect(try await get(second, base).status == 200)
            #expect(try await get(third, base).status == 200)
            #expect(try await get(second, base, "v1/league/\(GameDayScript.leagueID)").status == 200)
            #expect(try await get(CurlTransport(), base).status == 200)
            #expect(world.requests.map(\.remoteAddress) == ["127.0.0.2", "127.0.0.3", "127.0.0.2", "127.0.0.1"])
            #expect(world.requestCountsByAddress() == ["127.0.0.2": 2, "127.0.0.3": 1, "127.0.0.1": 1])
        }
    }

    @Test("Past its per-address limit one address is answered 429 with Retry-After while another still gets 200; the window follows the world's clock")
    func perAddressLimit() async throws {
        try await withLimitedSleeper(calls: 3) { base, world, start async throws in
            let second = CurlTransport(sourceAddress: "127.0.0.2"), third = CurlTransport(sourceAddress: "127.0.0.3")
            for _ in 0..<3 { #expect(try await get(second, base).status == 200) }
            world.setNow(start.addingTimeInterval(20))
            let refused = try await get(second, base)
            #expect(refused.status == 429)
            // The first call leaves the window 60 s after it was made: 40 s from here.
            #expect(refused.headers["retry-after"] == "40")
            #expect(try await get(third, base).status == 200)
            // ESPN's scoreboard is not Sleeper's: it is not counted.
            #expect(try await get(second, base, "apis/site/v2/sports/football/nfl/scoreboard").status == 200)
            #expect(world.rateLimitedCount(address: "127.0.0.2") == 1)
            #expect(world.rateLimitedCount(address: "127.0.0.3") == 0)
            #expect(world.requests.filter(\.rateLimited).map(\.remoteAddress) == ["127.0.0.2"])

            // A minute after the first three, the address has its budget back.
            world.setNow(start.addingTimeInterval(60))
            #expect(try await get(second, base).status == 200)
            #expect(world.rateLimitedCount() == 1)
        }
    }

    @Test("The limit holds over any 60 s, not per clock minute: three calls late in one minute still count early in the next")
    func slidingWindow() async throws {
        try await withLimitedSleeper(calls: 3) { base, world, start async throws in
            let transport = CurlTransport(sourceAddress: "127.0.0.2")
            world.setNow(start.addingTimeInterval(50))
            for _ in 0..<3 { #expect(try await get(transport, base).status == 200) }
            world.setNow(start.addingTimeInterval(61))
            let refused = try await get(transport, base)
            #expect(refused.status == 429)
            #expect(refused.headers["retry-after"] == "49")
            world.setNow(start.addingTimeInterval(110))
            #expect(try await get(transport, base).status == 200)
        }
    }

    @Test("Without a limit installed nobody is refused, however many calls one address makes")
    func limitOffByDefault() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world async throws in
            let transport = CurlTransport(sourceAddress: "127.0.0.2")
            for _ in 0..<20 { #expect(try await get(transport, base).status == 200) }
            #expect(world.rateLimitedCount() == 0)
        }
    }

    @Test("An address this host does not have fails each GET and POST clearly, naming the address and the setting")
    func addressNotLocal() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world async throws in
            let transport = CurlTransport(timeout: 5, sourceAddress: "192.0.2.1")
            let getError = await #expect(throws: HTTPUnreachable.self) { _ = try await get(transport, base) }
            #expect(getError?.reason == "cannot send from 192.0.2.1: not an address of this host (http.source_address)")
            let postError = await #expect(throws: HTTPPostError.self) {
                _ = try await transport.post(base.appendingPathComponent("hook"), headers: [:], body: Data("{}".utf8), timeout: 5)
            }
            #expect(postError?.reason.hasPrefix("cannot send from 192.0.2.1") == true)
            #expect(world.requests.isEmpty)
        }
    }

    @Test("The probe `check` uses binds a local address and names why a foreign one cannot be bound")
    func probe() {
        #expect(SourceAddressProbe.bindFailure("127.0.0.2") == nil)
        #expect(SourceAddressProbe.bindFailure("::1") == nil)
        #expect(SourceAddressProbe.bindFailure("192.0.2.1") == "Cannot assign requested address")
        #expect(SourceAddressProbe.bindFailure("eth0") == "not an IP address")
    }
}
