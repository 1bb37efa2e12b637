import Foundation
import Testing
import SidelineCore
import SidelineStore

extension ServerTests {
    /// The sinks' last credentials check on the status page (ADR 033).
    @Suite("Sinks' credentials on the status page")
    struct SinkCredentialsStatusTests {
        @Test("Each sink's check: when, whether it holds and what was said, a failure also as a warning; escaped")
        func sinksSection() async throws {
            try await withServer { h in
                let basic = Data("admin:\(ServerHarness.adminToken)".utf8).base64EncodedString()
                let before = try await HTTP.send("GET", h.url("/"), headers: ["Authorization": "Basic \(basic)"])
                #expect(before.text.contains("id=\"sinks\"") && before.text.contains("Not checked yet"), "nothing checked yet")

                let refused = CheckResult.failed("homeassistant.token", "Home Assistant refused the access token (HTTP 401) <set homeassistant.token>")
                try h.store.saveCredentialChecks(CredentialChecks(fingerprint: "f", checkedAt: h.clock.date, sinks: [
                    SinkCredentials(sink: "homeassistant", label: "Home Assistant", checkedAt: "2026-11-22T14:33:00Z", results: [refused]),
                ]))
                let page = try await HTTP.send("GET", h.url("/"), headers: ["Authorization": "Basic \(basic)"])
                #expect(page.status == 200)
                #expect(page.text.contains("id=\"sinks\""))
                #expect(page.text.contains("<p class=\"warn\">Home Assistant refused the access token (HTTP 401) &lt;set homeassistant.token&gt;</p>"), "\(page.text)")
                #expect(page.text.contains("✗ fails"))
                #expect(page.text.contains("9:33 AM EST"), "in the display zone")
            }
        }
    }
}
