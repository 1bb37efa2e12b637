import Foundation
import Testing
import SidelineCore
import SidelineEngine
@testable import SidelineServer
@testable import SidelineStore

extension ServerTests {
    /// Issue 27: the page showed `04:55` (UTC) beside cards in local time, and did not say
    /// which configuration and database it came from.
    @Suite("The status page's times and setup: local and labelled, the file and database named")
    struct StatusPageTimesTests {
        static let instant = "2026-11-23T04:55:00Z"
        static let eastern = LocalTime(zone: TimeZone(identifier: "America/New_York")!, localeIdentifier: "en_US")
        static let label = "Sun, Nov 22 at 11:55 PM EST"

        /// A report as `status --json` writes it, every instant in it 04:55Z.
        static func report(configurationFile: String?) throws -> StatusReport {
            var object: [String: Any] = [
                "at": instant, "week": "2026 week 12", "registrations": [], "next_polls": [["call": "scores", "due": instant]],
                "calls_last_minute": 3, "call_budget": 250, "backoff": ["scores": instant], "deliveries": [], "sink_problems": [],
                "polling": ["scheduler_budget": 240, "registration_headroom": 10, "budget_percent": 100, "live_leagues": 0,
                            "live_registrations": 0, "refresh_seconds": 60, "waiting_calls": 0],
                "homeassistant": [["service": "mobile_app_alex", "used_today": 4, "allowance": 300, "spacing_seconds": 90, "paused_until": instant]],
                "game_statuses": "from ESPN: Sleeper's scores feed is resting until \(instant) after HTTP 503",
                "live_points": "from each league's matchups only: the stats feed has not answered since \(instant)",
                "database": "/var/lib/sideline/state.sqlite",
            ]
            object["configuration_file"] = configurationFile
            return try JSONDecoder().decode(StatusReport.self, from: JSONSerialization.data(withJSONObject: object))
        }

        static func page(_ report: StatusReport) -> String {
            let delivery = RecentDelivery(eventID: 1, activityID: "1-2026w12-1", kind: "update", sink: "webhook", status: "sent", attempts: 1,
                                          updatedAt: try! Date(instant, strategy: .iso8601))
            let model = StatusPageModel(generatedAt: report.at, report: report, devices: [], usernames: [:], activities: [], events: [],
                                        deliveries: [delivery], times: eastern, registrationTimes: [:])
            return StatusPageTests.visibleText(StatusPageHTML.render(model))
        }

        @Test("Generated at, the backoff, the game-status and live-points lines, a paused target and a delivery: 11:55 PM EST, never 04:55")
        func localTimes() throws {
            let text = Self.page(try Self.report(configurationFile: nil))
            #expect(text.contains("as of \(Self.label)"), "\(text)")
            #expect(text.contains("backing off scores until \(Self.label)"))
            #expect(text.contains("Game statuses: from ESPN: Sleeper's scores feed is resting until \(Self.label) after HTTP 503"))
            #expect(text.contains("the stats feed has not answered since \(Self.label)"))
            #expect(text.components(separatedBy: Self.label).count - 1 == 6, "generated, backoff, two source lines, HA pause, delivery")
            #expect(!text.contains("04:55"), "\(text)")
        }

        @Test("The configuration file and database the server uses are named; no file read says so")
        func setupNamed() throws {
            let none = Self.page(try Self.report(configurationFile: nil))
            #expect(none.contains("configuration file: none"))
            #expect(none.contains("database: /var/lib/sideline/state.sqlite"))
            let file = Self.page(try Self.report(configurationFile: "/etc/sideline/config.json"))
            #expect(file.contains("configuration file: /etc/sideline/config.json"))
        }
    }
}
