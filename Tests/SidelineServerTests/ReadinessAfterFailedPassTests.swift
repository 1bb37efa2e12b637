import Foundation
import Testing
import SidelineCore
import SidelineServer
import SidelineStore

extension ServerTests {
    @Suite("Readiness and the status page after a failed pass (ADR 035)")
    struct ReadinessAfterFailedPassTests {
        @Test("readyz is 503 with the reason while the last pass failed, 200 again after a pass with a 404, and the status page says which")
        func failedPassIsNotReady() async throws {
            try await withServer { h in
                let unreachable = "state/nfl: could not reach http://127.0.0.1:9/v1/state/nfl: Couldn't connect to server"
                try h.store.recordPass(PassSummary(at: h.clock.date, calls: 2, unanswered: 2, problems: [unreachable, unreachable]))
                let failed = try await HTTP.send("GET", h.url("/readyz"))
                #expect(failed.status == 503)
                #expect(failed.json?["reason"] as? String == "pass_failed")
                #expect((failed.json?["problem"] as? String)?.contains("could not reach") == true, "\(failed.text)")
                let page = try await HTTP.send("GET", h.url("/"), bearer: ServerHarness.adminToken)
                #expect(page.text.contains("data-state=\"pass_failed\""), "\(page.text.prefix(400))")
                #expect(page.text.contains("the last pass failed"))

                h.clock.advance(60)
                try h.store.recordPass(PassSummary(at: h.clock.date, calls: 3, problems: ["matchups: Sleeper answered HTTP 404"]))
                let recovered = try await HTTP.send("GET", h.url("/readyz"))
                #expect(recovered.status == 200, "\(recovered.text)")
                #expect(recovered.json?["reason"] == nil)

                h.clock.advance(60)
                try h.store.recordPass(.threw("database write failed: disk I/O error", at: h.clock.date))
                let threw = try await HTTP.send("GET", h.url("/readyz"))
                #expect(threw.status == 503)
                #expect((threw.json?["problem"] as? String)?.contains("disk I/O error") == true, "\(threw.text)")
            }
        }
    }
}
