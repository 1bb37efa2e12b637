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
        (#"{"message":"clear_notification","data":{"tag":"sideline-1"}}"#, 200),
        (#"{"message":"end_live_activity"}"#, 200),
        (#"{"message":"clear_notification","data":{"tag":"sideline 1"}}"#, 400),
        (#"{"message":"Up 5.1","data":{"live_update":true}}"#, 400),
        (#"{"message":"Up 5.1","data":{"tag":"\#(String(repeating: "a", count: 65))","live_update":true}}"#, 400),
        (#"{"message":"Up 5.1","data":{"tag":"sideline-1","live_update":"true"}}"#, 400),
        (#"{"message":"Up 5.1","data":{"tag":"sideline-1","live_update":true,"progress":2.5}}"#, 400),
        (#"{"message":"Up {% 5.1","data":{"tag":"sideline-1","live_update":true}}"#, 400),
        (#"{"title":"no message"}"#, 400),
        (#"not json"#, 400),
    ] as [(String, Int)])
    func notifyBodiesAreCheckedAgainstTheContract(json: String, status: Int) async throws {
        try await withFake { fake, base, transport in
            let response = try await post(transport, base, "api/services/notify/\(Self.phone)", json)
            #expect(response.status == status, "\(fake.calls.only?.refusal ?? "")")
            #expect(fake.calls.only?.status == status)
            if status == 400, json != "not json" {
                // As HA: a bare plain-text 400 whatever the reason (the fake logs its own).
                #expect(String(decoding: response.body, as: UTF8.self) == "400: Bad Request")
                #expect(response.headers["Content-Type"]?.hasPrefix("text/plain") == true)
            }
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

/// The look-alike's phone, routed as HA core routes Live Activities.
@Suite("Home Assistant look-alike: the phone behind it")
struct FakeHomeAssistantPhoneTests {
    @Test("clear_notification with the tag ends the activity and is not counted; end_live_activity is an ordinary, counted notification")
    func endsAsHomeAssistantCoreDoes() async throws {
        try await withFakeHomeAssistant(token: "t", notifyServices: ["p"], clock: { Date(timeIntervalSince1970: 1_800_000_000) }) { fake, base in
            let transport = CurlTransport(timeout: 5)
            for json in [
                #"{"title":"A vs B","message":"Up 1","data":{"tag":"x","live_update":true}}"#,
                #"{"title":"ignored","message":"Up 2","data":{"tag":"x","live_update":true}}"#,
                #"{"message":"end_live_activity","data":{"tag":"x"}}"#,
                #"{"message":"clear_notification","data":{"tag":"x"}}"#,
            ] {
                let response = try await transport.post(base.appending(path: "api/services/notify/p"), headers: ["Authorization": "Bearer t"], body: Data(json.utf8), timeout: 5)
                #expect(response.status == 200)
            }
            let phone = fake.phone("p")
            #expect(phone.activities["x"] == FakeLiveActivity(tag: "x", title: "A vs B", message: "Up 2", pushes: 2, ended: true))
            #expect(phone.notifications == ["end_live_activity"])
            #expect(phone.counted == ["2027-01-15": 3], "two updates and the ordinary notification; not the clear")
        }
    }
}
