import Foundation
import Testing
import SidelineCore
import SidelineFakeSleeper
import SidelineServer
import SidelineStore

extension ServerTests {
    @Suite("Bad input: a clear 4xx, nothing stored, nothing leaked")
    struct BadInputTests {
        @Test("Malformed JSON, wrong types, unknown fields, big bodies and bad tokens are refused")
        func refused() async throws {
            try await withServer { h in
                let original = ServerHarness.pairedToken
                let device = try await h.pairedAlex()
                let rotate = h.url("/v1/devices/\(device.id)/push-to-start-token")
                let secretToken = "feedfacefeedface0badc0de"

                let cases: [(body: Data, status: Int, code: String, message: String)] = [
                    (Data("{\"token\": ".utf8), 400, "malformed_json", "not valid JSON"),
                    (Data("not json at all".utf8), 400, "malformed_json", "not valid JSON"),
                    (Data("[\"\(secretToken)\"]".utf8), 400, "invalid_body", "JSON object"),
                    (Data("{\"token\": 1234}".utf8), 400, "invalid_body", "must be a string"),
                    (Data("{\"token\": true}".utf8), 400, "invalid_body", "must be a string"),
                    (Data("{\"token\": [\"\(secretToken)\"]}".utf8), 400, "invalid_body", "must be a string"),
                    (Data("{\"token\": \"\(secretToken)\", \"extra\": 1}".utf8), 400, "invalid_body", "unknown field \"extra\""),
                    (Data("{}".utf8), 400, "invalid_body", "missing field \"token\""),
                    (Data("{\"token\": \"\(secretToken)\", \"environment\": 3}".utf8), 400, "invalid_body", "must be a string"),
                    (Data("{\"token\": \"not-hex-\(secretToken)\"}".utf8), 400, "invalid_request", "not hexadecimal"),
                    (Data("{\"token\": \"\(String(repeating: "ab", count: 257))\"}".utf8), 400, "invalid_request", "characters long"),
                    (Data("{\"token\": \"\(String(repeating: "a", count: 15))\"}".utf8), 400, "invalid_request", "cannot be an APNs token"),
                    (Data("{\"token\": \"\"}".utf8), 400, "invalid_request", "empty"),
                    (Data(("{\"token\": \"" + String(repeating: "ab", count: 9_000) + "\"}").utf8), 413, "body_too_large", "16 KB"),
                ]
                for item in cases {
                    let response = try await HTTP.send("PUT", rotate, body: item.body, bearer: device.secret)
                    #expect(response.status == item.status, "\(String(decoding: item.body.prefix(60), as: UTF8.self)): \(response.text)")
                    #expect(response.errorCode == item.code, "\(response.text)")
                    #expect(response.errorMessage?.contains(item.message) == true, "\(response.text)")
                    #expect(!response.text.contains(secretToken), "the body is never echoed")
                    #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
                }
                let form = try await HTTP.send("PUT", rotate, body: Data("token=aa".utf8), bearer: device.secret, headers: ["Content-Type": "application/x-www-form-urlencoded"])
                #expect(form.status == 415)
                #expect(try h.store.device(id: device.id)?.pushToStartToken == original, "nothing was stored")

                // Path values that cannot be ids, unknown paths, wrong methods.
                let badID = try await HTTP.send("PUT", h.url("/v1/devices/dev-XYZ/push-to-start-token"), json: ["token": original], bearer: device.secret)
                #expect(badID.status == 400)
                #expect(badID.errorCode == "invalid_parameter")
                let longActivity = try await HTTP.send("PUT", h.url("/v1/activities/\(String(repeating: "9", count: 200))/token"), json: ["token": original], bearer: device.secret)
                #expect(longActivity.status == 400)
                let missing = try await HTTP.send("GET", h.url("/v1/nothing-here"))
                #expect(missing.status == 404)
                #expect(missing.errorCode == "not_found")
                let method = try await HTTP.send("GET", h.url("/v1/devices"))
                #expect(method.status == 405)
                #expect(method.header("Allow") == "POST")
            }
        }

        @Test("Repeated failed logins from one address are slowed down, then let through again")
        func throttled() async throws {
            try await withServer(throttle: AuthThrottle(limit: 5, window: 60)) { h in
                try await h.register([GameDayScript.alex.username])
                let device = try await h.pair("demo_alex")
                for _ in 0..<5 {
                    #expect(try await HTTP.send("GET", h.url("/v1/me/activities"), bearer: "dev-00000000.guess").status == 401)
                }
                let blocked = try await HTTP.send("GET", h.url("/v1/me/activities"), bearer: device.secret)
                #expect(blocked.status == 429)
                #expect(blocked.errorCode == "too_many_attempts")
                #expect(Int(blocked.header("Retry-After") ?? "") ?? 0 >= 1)
                // Pairing guesses from that address wait too.
                #expect(try await HTTP.send("POST", h.url("/v1/devices"), json: ["code": "AAAA-AAAA", "environment": "sandbox"]).status == 429)
                h.clock.advance(61)
                #expect(try await HTTP.send("GET", h.url("/v1/me/activities"), bearer: device.secret).status == 200)
            }
        }

        @Test("The throttle counts failures per address within its window")
        func throttleValue() {
            var throttle = AuthThrottle(limit: 3, window: 60)
            let t0 = Date(timeIntervalSince1970: 1_000_000)
            for i in 0..<3 { throttle.recordFailure("10.0.0.1", at: t0.addingTimeInterval(Double(i))) }
            #expect(throttle.check("10.0.0.1", at: t0.addingTimeInterval(10)) == .refuse(retryAfter: 50))
            #expect(throttle.check("10.0.0.2", at: t0.addingTimeInterval(10)) == .allow)
            #expect(throttle.check("10.0.0.1", at: t0.addingTimeInterval(60)) == .allow, "the oldest failure left the window")
            var small = AuthThrottle(limit: 1, window: 60, capacity: 2)
            small.recordFailure("a", at: t0)
            small.recordFailure("b", at: t0.addingTimeInterval(1))
            small.recordFailure("c", at: t0.addingTimeInterval(2))
            #expect(small.check("a", at: t0.addingTimeInterval(3)) == .allow, "the stalest address was forgotten")
            #expect(small.check("c", at: t0.addingTimeInterval(3)) != .allow)
        }
    }
}
