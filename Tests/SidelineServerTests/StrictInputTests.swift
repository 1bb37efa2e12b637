import Foundation
import Testing
import SidelineCore
import SidelineFakeSleeper
import SidelineServer
import SidelineStore

extension ServerTests {
    @Suite("Strict input: ASCII hex only, no JSON key twice")
    struct StrictInputTests {
        /// A 64-character token of full-width digits and letters, which `isHexDigit` accepts.
        static let fullWidthToken = String(repeating: "９９ｃｃ", count: 16)

        @Test("Full-width digits are not hex: tokens and device ids of them are refused with 400 and nothing is stored")
        func fullWidthHexRefused() async throws {
            try await withServer { h in
                let original = ServerHarness.pairedToken
                let device = try await h.pairedAlex()

                let rotated = try await HTTP.send("PUT", h.url("/v1/devices/\(device.id)/push-to-start-token"), json: ["token": Self.fullWidthToken], bearer: device.secret)
                #expect(rotated.status == 400, "\(rotated.text)")
                #expect(rotated.errorMessage?.contains("not hexadecimal") == true, "\(rotated.text)")
                #expect(try h.store.device(id: device.id)?.pushToStartToken == original)

                let code = try h.invite("demo_alex")
                let paired = try await HTTP.send("POST", h.url("/v1/devices"), json: ["code": code, "environment": "sandbox", "pushToStartToken": Self.fullWidthToken])
                #expect(paired.status == 400, "\(paired.text)")
                #expect(try h.store.devices().count == 1)

                let fullWidthID = "dev-" + String(repeating: "０", count: 8)
                let path = "/v1/devices/" + fullWidthID.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)! + "/push-to-start-token"
                let badPath = try await HTTP.send("PUT", h.url(path), json: ["token": original], bearer: device.secret)
                #expect(badPath.status == 400, "\(badPath.text)")
                #expect(badPath.errorCode == "invalid_parameter")
                let badSecret = try await HTTP.send("GET", h.url("/v1/me/activities"), bearer: fullWidthID + "." + device.secret.split(separator: ".")[1])
                #expect(badSecret.status == 401)
            }
        }

        @Test("A JSON key twice is a 400 on the device and admin API, however spelt, and consumes nothing")
        func duplicateKeysRefused() async throws {
            try await withServer { h in
                try await h.register([GameDayScript.alex.username])
                let token = String(repeating: "ab", count: 32)
                let code = try h.invite("demo_alex")
                let bodies = [
                    #"{"code": "\#(code)", "environment": "production", "environment": "sandbox", "pushToStartToken": "\#(token)"}"#,
                    #"{"code": "\#(code)", "environment": "production", "\u0065nvironment": "sandbox"}"#,
                    #"{"code": "\#(code)", "code": "\#(code)", "environment": "sandbox"}"#,
                ]
                for body in bodies {
                    let response = try await HTTP.send("POST", h.url("/v1/devices"), body: Data(body.utf8))
                    #expect(response.status == 400, "\(body): \(response.text)")
                    #expect(response.errorCode == "invalid_body")
                    #expect(response.errorMessage?.contains("appears more than once") == true, "\(response.text)")
                    #expect(!response.text.contains("sandbox") && !response.text.contains(code))
                }
                #expect(try h.store.devices().isEmpty)
                // The code was not burnt: a well-formed request still pairs with it.
                let paired = try await HTTP.send("POST", h.url("/v1/devices"), json: ["code": code, "environment": "sandbox", "pushToStartToken": token])
                #expect(paired.status == 201, "\(paired.text)")

                let admin = try await HTTP.send("POST", h.url("/v1/registrations"), body: Data(#"{"user": "demo_alex", "user": "demo_blake"}"#.utf8), bearer: ServerHarness.adminToken)
                #expect(admin.status == 400, "\(admin.text)")
                #expect(admin.errorCode == "invalid_body")
                #expect(try h.store.activeRegistrations().count == 1)
            }
        }
    }
}
