import Foundation
import Testing
@testable import SidelineCore
import SidelineStore
import SidelineFakeSleeper

extension ServerTests {
    /// A Home Assistant target's allowance, as the status page and `/metrics` show it.
    @Suite("Home Assistant targets on the status page and in /metrics")
    struct HomeAssistantStatusTests {
        @Test("Pushes used today, the allowance and the spacing per notify service; a refused target says so")
        func statusAndMetrics() async throws {
            try await withServer(overrides: [
                "sinks.enabled": "homeassistant", "homeassistant.url": "http://127.0.0.1:9", "homeassistant.token": "status-test-token",
                "homeassistant.daily_pushes": "120",
            ]) { h in
                _ = try await h.register([GameDayScript.alex.username])
                let target = try h.store.addHomeAssistantTarget(sleeperUserID: GameDayScript.alex.userID, name: "Alex's iPhone", service: "mobile_app_alex_iphone", at: h.clock.date)
                _ = try h.store.addHomeAssistantTarget(sleeperUserID: GameDayScript.alex.userID, name: "Tablet", service: "mobile_app_alex_tablet", at: h.clock.date)
                try h.store.markTargetBroken(deviceID: try #require(try h.store.devices().last?.id), reason: "400 Service notify.mobile_app_alex_tablet not found.")
                let allowance = PushAllowance(limit: 120)
                for _ in 0..<3 { _ = try h.store.admitPush(target: "mobile_app_alex_iphone", allowance: allowance, important: true, horizon: h.clock.date + 3600, at: h.clock.date) }
                #expect(target.kind == .homeAssistant)

                let metrics = try await HTTP.send("GET", h.url("/metrics")).text
                #expect(metrics.contains("sideline_homeassistant_pushes_today{service=\"mobile_app_alex_iphone\"} 3"), "\(metrics)")
                #expect(metrics.contains("sideline_homeassistant_allowance{service=\"mobile_app_alex_iphone\"} 120"))

                let basic = Data("admin:\(ServerHarness.adminToken)".utf8).base64EncodedString()
                let page = try await HTTP.send("GET", h.url("/"), headers: ["Authorization": "Basic \(basic)"])
                #expect(page.status == 200)
                #expect(page.text.contains("id=\"homeassistant\""))
                #expect(page.text.contains("mobile_app_alex_iphone"))
                #expect(page.text.contains("3 / 120"))
                #expect(page.text.contains("not found."), "the refused target's message")
                #expect(page.text.contains("notify.mobile_app_alex_iphone"), "the devices table shows the service")
            }
        }
    }
}
