import Foundation
import Testing
import SidelineCore
import SidelineEngine
import SidelineFakeSleeper
import SidelineServer
import SidelineStore

extension ServerTests {
    @Suite("Pairing a phone: one-time codes, hashed secrets, token rotation")
    struct DevicePairingTests {
        @Test("A code pairs once: the app gets a device id and a secret that authenticates it")
        func pairOnce() async throws {
            try await withServer { h in
                try await h.register([GameDayScript.alex.username])
                let code = try h.invite("demo_alex")
                let token = String(repeating: "0a1b", count: 16)
                let paired = try await HTTP.send("POST", h.url("/v1/devices"), json: ["code": code.lowercased(), "environment": "production", "pushToStartToken": token.uppercased(), "name": "Alex's iPhone"])
                #expect(paired.status == 201, "\(paired.text)")
                let id = try #require(paired.json?["deviceId"] as? String)
                let secret = try #require(paired.json?["deviceSecret"] as? String)
                #expect(paired.json?["sleeperUserId"] as? String == GameDayScript.alex.userID)
                #expect(secret.hasPrefix(id + "."))

                let device = try #require(try h.store.device(id: id))
                #expect(device.pushToStartToken == token)
                #expect(device.environment == .production)
                #expect(device.name == "Alex's iPhone")
                // Only hashes are stored: neither the code nor the secret is anywhere in the file.
                let hash = try #require(try h.store.deviceSecretHash(id: id))
                #expect(hash != secret && hash.count == 64)
                let file = try Data(contentsOf: URL(fileURLWithPath: h.configuration.databasePath))
                let wal = (try? Data(contentsOf: URL(fileURLWithPath: h.configuration.databasePath + "-wal"))) ?? Data()
                for bytes in [file, wal] {
                    #expect(bytes.range(of: Data(secret.utf8)) == nil)
                    #expect(bytes.range(of: Data(Credentials.normalizedPairingCode(code)!.utf8)) == nil)
                }

                // The secret works; the same code again is refused and pairs nothing.
                let mine = try await HTTP.send("GET", h.url("/v1/me/activities"), bearer: secret)
                #expect(mine.status == 200)
                let again = try await HTTP.send("POST", h.url("/v1/devices"), json: ["code": code, "environment": "production"])
                #expect(again.status == 409)
                #expect(again.errorCode == "pairing_code_used")
                #expect(try h.store.devices().count == 1)
            }
        }

        @Test("Expired, unknown and malformed codes are refused and store nothing")
        func badCodes() async throws {
            try await withServer { h in
                try await h.register([GameDayScript.alex.username])
                let code = try h.invite("demo_alex")
                h.clock.advance(h.configuration.server.pairingLifetime + 1)
                let expired = try await HTTP.send("POST", h.url("/v1/devices"), json: ["code": code, "environment": "sandbox"])
                #expect(expired.status == 410)
                #expect(expired.errorCode == "pairing_code_expired")

                for guess in ["ABCD-EFGH", "not a code", "", String(repeating: "A", count: 500)] {
                    let response = try await HTTP.send("POST", h.url("/v1/devices"), json: ["code": guess, "environment": "sandbox"])
                    #expect(response.status == 401, "\(guess): \(response.text)")
                    #expect(response.errorCode == "pairing_code_invalid")
                    #expect(!(response.errorMessage ?? "").contains(guess) || guess.isEmpty)
                }
                #expect(try h.store.devices().isEmpty)
            }
        }

        @Test("A bad token or name with a good code is a 400 and leaves the code usable")
        func badTokenKeepsCode() async throws {
            try await withServer { h in
                try await h.register([GameDayScript.alex.username])
                let code = try h.invite("demo_alex")
                let cases: [([String: Any], String)] = [
                    (["code": code, "environment": "sandbox", "pushToStartToken": "zz-not-hex-zz-zz"], "not hexadecimal"),
                    (["code": code, "environment": "sandbox", "pushToStartToken": String(repeating: "ab", count: 300)], "characters long"),
                    (["code": code, "environment": "sandbox", "pushToStartToken": "abc"], "cannot be an APNs token"),
                    (["code": code, "environment": "sandbox", "name": String(repeating: "x", count: 65)], "device name"),
                    (["code": code, "environment": "staging"], "sandbox"),
                    (["code": code], "missing field \"environment\""),
                ]
                for (body, message) in cases {
                    let response = try await HTTP.send("POST", h.url("/v1/devices"), json: body)
                    #expect(response.status == 400, "\(body): \(response.text)")
                    #expect(response.errorMessage?.contains(message) == true, "\(response.text)")
                    #expect(!(response.text.contains("zz-not-hex")))
                }
                #expect(try h.store.devices().isEmpty)
                let ok = try await HTTP.send("POST", h.url("/v1/devices"), json: ["code": code, "environment": "sandbox"])
                #expect(ok.status == 201, "\(ok.text)")
            }
        }

        @Test("Rotating the push-to-start token replaces the old one at once; only the device itself may")
        func rotation() async throws {
            try await withServer { h in
                try await h.register()
                let alex = try await h.pair("demo_alex", token: String(repeating: "11", count: 32))
                let blake = try await h.pair("demo_blake")
                let fresh = String(repeating: "22", count: 40)

                let rotated = try await HTTP.send("PUT", h.url("/v1/devices/\(alex.id)/push-to-start-token"), json: ["token": fresh, "environment": "production"], bearer: alex.secret)
                #expect(rotated.status == 204, "\(rotated.text)")
                let device = try #require(try h.store.device(id: alex.id))
                #expect(device.pushToStartToken == fresh)
                #expect(device.environment == .production)

                // Another device's secret, no secret, a wrong secret, a removed device's secret.
                let other = try await HTTP.send("PUT", h.url("/v1/devices/\(alex.id)/push-to-start-token"), json: ["token": String(repeating: "33", count: 32)], bearer: blake.secret)
                #expect(other.status == 403)
                #expect(other.errorCode == "forbidden")
                let none = try await HTTP.send("PUT", h.url("/v1/devices/\(alex.id)/push-to-start-token"), json: ["token": String(repeating: "33", count: 32)])
                #expect(none.status == 401)
                #expect(none.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
                let wrong = try await HTTP.send("PUT", h.url("/v1/devices/\(alex.id)/push-to-start-token"), json: ["token": String(repeating: "33", count: 32)], bearer: alex.id + ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
                #expect(wrong.status == 401)
                #expect(wrong.errorMessage?.contains("AAAA") == false)
                #expect(try h.store.device(id: alex.id)?.pushToStartToken == fresh)

                let removed = try await HTTP.send("DELETE", h.url("/v1/devices/\(blake.id)"), bearer: blake.secret)
                #expect(removed.status == 204)
                #expect(try h.store.device(id: blake.id) == nil)
                let after = try await HTTP.send("GET", h.url("/v1/me/activities"), bearer: blake.secret)
                #expect(after.status == 401)
            }
        }
    }
}
