import Foundation
import Testing
@testable import SidelineAPNs
import SidelineCurl
import SidelineTestSupport

/// The transport on its own, against the fake APNs over real TLS and HTTP/2.
@Suite("HTTP/2 over libcurl multi")
struct CurlHTTP2ClientTests {
    /// A complete valid request the fake server answers 200 (or as the token prefix says).
    func post(
        _ client: CurlHTTP2Client, _ server: FakeAPNs, tokens: APNsProviderToken, deviceToken: String = TestCredentials.deviceToken()
    ) async throws -> CurlResponse {
        let request = try APNsRequest(deviceToken: deviceToken, environment: .sandbox, payload: try LiveActivityFixtures.payload())
        return try await client.send(
            url: server.baseURL.appendingPathComponent(request.path),
            headers: request.headers(bearer: tokens.current().token, bundleID: TestCredentials.bundleID),
            body: request.payload
        )
    }

    func tokens(_ key: APNsSigningKey) throws -> APNsProviderToken {
        try APNsProviderToken(keyID: TestCredentials.keyID, teamID: TestCredentials.teamID, key: key)
    }

    @Test func speaksHTTP2OverTLSWithTheConfiguredCA() async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key) { server in
            let client = try CurlHTTP2Client(options: .init(timeout: 10, caFile: server.caFile))
            defer { client.close() }
            let response = try await post(client, server, tokens: tokens(key))
            #expect(response.status == 200)
            #expect(response.httpVersion == .http2)
            #expect(response.headers["apns-id"]?.count == 36)
            let recorded = try server.requests()
            #expect(recorded.map(\.httpVersion) == ["2"])
            #expect(recorded.first?.header("apns-id") == response.headers["apns-id"])
        }
    }

    @Test func fiftyConcurrentRequestsShareOneConnection() async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key) { server in
            let client = try CurlHTTP2Client(options: .init(timeout: 30, caFile: server.caFile))
            defer { client.close() }
            let tokens = try tokens(key)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<50 {
                    group.addTask { try await post(client, server, tokens: tokens, deviceToken: TestCredentials.deviceToken("a1", index)).status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 50))
            let recorded = try server.requests()
            #expect(recorded.count == 50)
            #expect(Set(recorded.map(\.peerPort)).count == 1, "one TCP connection, many streams")
            #expect(Set(recorded.map(\.httpVersion)) == ["2"])
            // Later requests reuse it too.
            _ = try await post(client, server, tokens: tokens)
            #expect(Set(try server.requests().map(\.peerPort)).count == 1)
        }
    }

    @Test func resetConnectionMovesLaterRequestsToANewConnection() async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key) { server in
            let client = try CurlHTTP2Client(options: .init(timeout: 10, caFile: server.caFile))
            defer { client.close() }
            let tokens = try tokens(key)
            _ = try await post(client, server, tokens: tokens)
            _ = try await post(client, server, tokens: tokens)
            client.resetConnection()
            _ = try await post(client, server, tokens: tokens)
            let ports = try server.requests().map(\.peerPort)
            try #require(ports.count == 3)
            #expect(ports[0] == ports[1])
            #expect(ports[2] != ports[1])
        }
    }

    @Test func withoutTheCAFileTheSelfSignedServerIsRefused() async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key) { server in
            let client = try CurlHTTP2Client(options: .init(timeout: 10))
            defer { client.close() }
            let error = await #expect(throws: CurlError.self) { try await post(client, server, tokens: tokens(key)) }
            #expect(error?.kind == .tls)
            #expect(try server.requests().isEmpty)
        }
    }

    @Test func aRefusedConnectionIsATransportError() async throws {
        let client = try CurlHTTP2Client(options: .init(timeout: 10))
        defer { client.close() }
        let error = await #expect(throws: CurlError.self) {
            try await client.send(url: URL(string: "https://127.0.0.1:1/3/device/ab")!, headers: [], body: Data("{}".utf8))
        }
        #expect(error?.kind == .connectionFailed)
        #expect(error?.curlCode == 7)
    }

    @Test func aSlowAnswerTimesOut() async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key, options: .init(slowSeconds: 30)) { server in
            let client = try CurlHTTP2Client(options: .init(timeout: 1, caFile: server.caFile))
            defer { client.close() }
            let error = await #expect(throws: CurlError.self) {
                try await post(client, server, tokens: tokens(key), deviceToken: TestCredentials.deviceToken("dddd"))
            }
            #expect(error?.kind == .timedOut)
        }
    }

    @Test func closeFailsPendingRequestsAndLaterOnes() async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key, options: .init(slowSeconds: 30)) { server in
            let client = try CurlHTTP2Client(options: .init(timeout: 60, caFile: server.caFile))
            let tokens = try tokens(key)
            let pending = Task { try await post(client, server, tokens: tokens, deviceToken: TestCredentials.deviceToken("dddd")) }
            try await waitUntil { try server.requests().count == 1 }
            client.close()
            let error = await #expect(throws: CurlError.self) { try await pending.value }
            #expect(error?.kind == .closed)
            let later = await #expect(throws: CurlError.self) { try await post(client, server, tokens: tokens) }
            #expect(later?.kind == .closed)
        }
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let key = try TestCredentials.newKey()
        try await withFakeAPNs(trusting: key, options: .init(slowSeconds: 30)) { server in
            let client = try CurlHTTP2Client(options: .init(timeout: 60, caFile: server.caFile))
            defer { client.close() }
            let tokens = try tokens(key)
            let pending = Task { try await post(client, server, tokens: tokens, deviceToken: TestCredentials.deviceToken("dddd")) }
            try await waitUntil { try server.requests().count == 1 }
            pending.cancel()
            let error = await #expect(throws: CurlError.self) { try await pending.value }
            #expect(error?.kind == .cancelled)
            // The client still works afterwards.
            #expect(try await post(client, server, tokens: tokens).status == 200)
        }
    }
}

/// Polls `condition` every 20 ms until it holds. The 5-minute cap only keeps a broken run
/// from hanging; it is not a timing expectation.
func waitUntil(_ condition: () throws -> Bool) async throws {
    for _ in 0..<15_000 {
        if try condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    throw HarnessError("condition never held")
}
