import Foundation
import SidelineFakeHomeAssistant
import SidelineHTTP
import Testing
import SidelineTestSupport

/// The look-alike answers as the contract says (`../shared/docs/home-assistant-live-activities.md`),
/// so the sink's tests against it mean something.
@Suite("Home Assistant look-alike")
struct FakeHomeAssistantTests {
    static let token = "t0ken"
    static let phone = "mobile_app_alex_iphone"

    func withFake(_ body: (FakeHomeAssistant, URL, CurlTransport) async throws -> Void) async throws {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: [Self.phone], clock: { Date(timeIntervalSince1970: 1_800_000_000) }) { fake, base in
            try await body(fake, base, CurlTransport(timeout: 5))
        }
    }

    func post(_ transport: CurlTransport, _ base: URL, _ path: String, _ json: String, token: String = token) async throws -> HTTPTransportResponse {
        try await transport.post(base.appending(path: path), headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: Data(json.utf8), timeout: 5)
    }

    @Test func theAPIAnswersItIsRunningWithTheTokenOnly() async throws {
        try await withFake { fake, base, transport in
            let running = try await transport.get(base.appending(path: "api/"), headers: ["Authorization": "Bearer \(Self.token)"])
            #expect(running.status == 200)
            #expect(String(decoding: running.body, as: UTF8.self) == #"{"message":"API running."}"#)
            let refused = try await transport.get(base.appending(path: "api/"), headers: [:])
            #expect(refused.status == 401)
            #expect(String(decoding: refused.body, as: UTF8.self) == "401: Unauthorized")
            let elsewhere = try await transport.get(base.appending(path: "lovelace"), headers: ["Authorization": "Bearer \(Self.token)"])
            #expect(elsewhere.status == 404)
            #expect(fake.calls.map(\.authorized) == [true, false, true])
            #expect(fake.calls.allSatisfy { $0.receivedAt == Date(timeIntervalSince1970: 1_800_000_000) })
        }
    }

    @Test(arguments: [
        (#"{"message":"Up 5.1","data":{"tag":"sideline-1","live_update":true,"progress":2,"progress_max":9}}"#, 200),
        (#"{"message":"end_live_activity","data":{"tag":"sideline-1","dismissal_policy":"after:1800000600"}}"#, 200),
        (#"{"message":"end_live_activity"}"#, 400),
        (#"{"message":"Up 5.1","data":{"live_update":true}}"#, 400),
        (#"{"message":"Up 5.1","data":{"tag":"\#(String(repeating: "a", count: 65))","live_update":true}}"#, 400),
        (#"{"message":"Up 5.1","data":{"tag":"sideline-1","live_update":"true"}}"#, 400),
        (#"{"message":"Up 5.1","data":{"tag":"sideline-1","live_update":true,"progress":2.5}}"#, 400),
        (#"{"message":"end_live_activity","data":{"tag":"sideline-1","dismissal_policy":"soon"}}"#, 400),
        (#"{"title":"no message"}"#, 400),
        (#"not json"#, 400),
    ] as [(String, Int)])
    func notifyBodiesAreCheckedAgainstTheContract(json: String, status: Int) async throws {
        try await withFake { fake, base, transport in
            let response = try await post(transport, base, "api/services/notify/\(Self.phone)", json)
            #expect(response.status == status, "\(String(decoding: response.body, as: UTF8.self))")
            #expect(fake.calls.only?.status == status)
        }
    }

    @Test func scriptedAnswersComeFirstThenNormalOnes() async throws {
        try await withFake { fake, base, transport in
            fake.answer(Self.phone, with: 500, 429, retryAfter: "3")
            let body = #"{"message":"hi"}"#
            var statuses: [Int] = []
            for _ in 0..<3 {
                let response = try await post(transport, base, "api/services/notify/\(Self.phone)", body)
                statuses.append(response.status)
                if response.status != 200 { #expect(response.headers["Retry-After"] == "3") }
            }
            #expect(statuses == [500, 429, 200])
            #expect(fake.calls(to: Self.phone).count == 3)
        }
    }
}

extension Array {
    /// The one element, or `nil` when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
