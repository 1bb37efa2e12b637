import Foundation
import Testing
import SidelineCore
import SidelineFakeSleeper
import SidelineServer
import SidelineStore

extension ServerTests {
    @Suite("Health, readiness and Prometheus metrics")
    struct HealthAndMetricsTests {
        @Test("healthz is alive; readyz needs the database and a recent pass")
        func health() async throws {
            try await withServer { h in
                let alive = try await HTTP.send("GET", h.url("/healthz"))
                #expect(alive.status == 200)
                #expect(alive.json?["status"] as? String == "ok")

                let before = try await HTTP.send("GET", h.url("/readyz"))
                #expect(before.status == 503)
                #expect(before.json?["database"] as? String == "ok")
                #expect((before.json?["problem"] as? String)?.contains("no scheduler pass") == true)

                try h.store.recordPass(at: h.clock.date)
                let ready = try await HTTP.send("GET", h.url("/readyz"))
                #expect(ready.status == 200, "\(ready.text)")
                #expect(ready.json?["status"] as? String == "ready")

                h.clock.advance(600)
                let stale = try await HTTP.send("GET", h.url("/readyz"))
                #expect(stale.status == 503)
                #expect((stale.json?["problem"] as? String)?.contains("600 s ago") == true)
            }
        }

        @Test("metrics: Sleeper calls, budget in use, live activities, pushes by sink and status, pass duration")
        func metrics() async throws {
            try await withServer { h in
                try await h.liveSunday()
                let response = try await HTTP.send("GET", h.url("/metrics"))
                #expect(response.status == 200)
                #expect(response.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
                let text = response.text
                let lines = text.split(separator: "\n").map(String.init)
                func value(_ prefix: String) -> Double? {
                    lines.first { $0.hasPrefix(prefix + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
                }
                #expect(value("sideline_activities{phase=\"live\"}") == 1, "\(text)")
                #expect(value("sideline_activities{phase=\"grace\"}") == 0)
                #expect((value("sideline_sleeper_calls_total{call=\"matchups\"}") ?? 0) >= 1)
                #expect((value("sideline_sleeper_calls_total{call=\"state\"}") ?? 0) >= 1)
                #expect((value("sideline_sleeper_budget_used") ?? 0) >= 1)
                #expect(value("sideline_sleeper_budget_limit") == 1000)
                #expect(value("sideline_lifecycle_events_total{event=\"start\",reason=\"kickoff\"}") == 1)
                #expect((value("sideline_pushes{sink=\"stdout\",status=\"delivered\"}") ?? 0) >= 1)
                #expect(value("sideline_passes_total") == 7)
                #expect(value("sideline_pass_duration_seconds_count") == 7)
                #expect(lines.contains("# TYPE sideline_pass_duration_seconds histogram"))
            }
        }
    }
}
