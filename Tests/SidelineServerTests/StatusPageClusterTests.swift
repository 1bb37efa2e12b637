import Foundation
import Testing
import SidelineCore
import SidelineEngine
@testable import SidelineServer

extension ServerTests {
    /// The status page's pollers section (issue 32), rendered from a report as `status --json`
    /// writes it; the whole path on PostgreSQL is CLIClusterStatusTests'.
    @Suite("The status page's pollers: one row each, names from the database always text")
    struct StatusPageClusterTests {
        static func page(cluster: [String: Any]?) throws -> String {
            var object: [String: Any] = [
                "at": StatusPageTimesTests.instant, "registrations": [], "next_polls": [], "calls_last_minute": 0, "call_budget": 1000,
                "backoff": [:], "deliveries": [], "sink_problems": [], "homeassistant": [], "database": "PostgreSQL sideline@db/sideline",
                "polling": ["scheduler_budget": 950, "registration_headroom": 50, "budget_percent": 100, "live_leagues": 0,
                            "live_registrations": 0, "refresh_seconds": 60, "waiting_calls": 0],
            ]
            object["cluster"] = cluster
            let report = try JSONDecoder().decode(StatusReport.self, from: JSONSerialization.data(withJSONObject: object))
            return StatusPageHTML.render(StatusPageModel(generatedAt: report.at, report: report, devices: [], usernames: [:], activities: [], events: [],
                                                         deliveries: [], times: StatusPageTimesTests.eastern, registrationTimes: [:]))
        }

        static func poller(_ id: String, egress: String, host: String, leads: Bool) -> [String: Any] {
            ["poller_id": id, "egress": egress, "host": host, "pid": 4, "heartbeat_at": StatusPageTimesTests.instant, "heartbeat_age_seconds": 12,
             "leagues": 3, "persons": 1, "calls_last_minute": 40, "call_budget": 1000, "leads_feeds": leads]
        }

        @Test("A hostile egress and host are escaped; the leader, the heartbeat in the display zone and the totals are shown")
        func escaped() throws {
            let html = try Self.page(cluster: [
                "pollers": [Self.poller("p1", egress: "host-a", host: "alpha", leads: true),
                            Self.poller("p2", egress: "<img src=x onerror=alert(1)>", host: "\"><script>x()</script>", leads: false)],
                "feeds_leader": "p1", "leagues": ["held": 6, "free": 1], "persons": ["held": 2, "free": 0],
            ])
            #expect(html.contains("<section id=\"pollers\"><h2>Pollers (2 live on this store)</h2>"))
            #expect(!html.contains("<img src=x") && !html.contains("<script>x()"), "never markup")
            #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;") && html.contains("&quot;&gt;&lt;script&gt;x()&lt;/script&gt; · pid 4"))
            #expect(html.contains("<td>\(StatusPageTimesTests.label) (12 s ago)</td><td>leads the shared feeds</td>"), "\(html)")
            #expect(html.contains("fetched by p1") && html.contains("Leases: leagues 6 held, 1 free · persons 2 held, 0 free"))
        }

        @Test("One poller (no cluster part) has no pollers section; no leader is a warning")
        func absentAndLeaderless() throws {
            #expect(!(try Self.page(cluster: nil)).contains("id=\"pollers\""))
            let html = try Self.page(cluster: ["pollers": [Self.poller("p1", egress: "", host: "alpha", leads: false)],
                                               "leagues": ["held": 0, "free": 0], "persons": ["held": 0, "free": 0]])
            #expect(html.contains("<p class=\"warn\">Shared feeds: no poller leads them now"), "\(html)")
            #expect(html.contains("<td>default (none named)</td>"))
        }
    }
}
