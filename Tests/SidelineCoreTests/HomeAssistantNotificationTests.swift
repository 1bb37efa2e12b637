import Foundation
import SidelineActivity
import Testing
@testable import SidelineCore

/// The Home Assistant notify body, field by field against the contract
/// (`../shared/docs/home-assistant-live-activities.md`).
@Suite("Home Assistant notification: what the Companion app is asked to show")
struct HomeAssistantNotificationTests {
    typealias F = DisplayFixtures
    static let view = F.matchup(F.myLineup(), F.theirLineup())
    static let attributes = DisplayBuilder.attributes(registration: "1", activity: "1-2026w12-1", view: view)
    static let state = DisplayBuilder.contentState(for: view, phase: .live, context: F.context)

    static func json(_ notification: HomeAssistantNotification) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: notification.encoded()) as? [String: Any])
    }

    @Test("A start or update: title, message with the as-of time, tag, live_update, critical text, progress, icon and colour")
    func liveUpdate() throws {
        for kind in [LifecycleEventKind.start, .update] {
            let notification = HomeAssistantNotification.forEvent(
                kind: kind, reason: .points, activityID: "1-2026w12-1", at: F.now, attributes: Self.attributes, state: Self.state, dismissalDelay: 0
            )
            let body = try Self.json(notification)
            #expect(body["title"] as? String == Self.attributes.title)
            #expect(body["message"] as? String == "\(Self.state.lockScreen.headline) · \(Self.state.myPlayersLine) · \(Self.state.asOf)")
            let data = try #require(body["data"] as? [String: Any])
            #expect(data["tag"] as? String == "sideline-1-2026w12-1")
            #expect(data["live_update"] as? Bool == true)
            #expect(data["critical_text"] as? String == Self.state.scoreLine)
            let counts = Self.state.myCounts
            #expect(data["progress"] as? Int == counts.done)
            #expect(data["progress_max"] as? Int == counts.playing + counts.toPlay + counts.done)
            #expect(data["notification_icon"] as? String == "mdi:football")
            #expect(data["notification_icon_color"] as? String == HomeAssistantNotification.colour(Self.state.sentiment))
            #expect(data["dismissal_policy"] == nil)
            #expect(Set(data.keys) == ["tag", "live_update", "critical_text", "progress", "progress_max", "notification_icon", "notification_icon_color"])
        }
    }

    @Test("The message follows the Lock Screen: its win chance after the headline, when it has one")
    func winChanceInMessage() {
        let view = F.matchup(F.myLineup(), F.theirLineup(), winProbability: 0.62)
        let state = DisplayBuilder.contentState(for: view, phase: .live, context: F.context)
        let notification = HomeAssistantNotification.forEvent(
            kind: .update, reason: .points, activityID: "1-2026w12-1", at: F.now, attributes: Self.attributes, state: state, dismissalDelay: 0
        )
        #expect(notification.message == "Up 15.3 — 87.4 – 72.1 · 62% to win · 3 playing · 2 to play · 4 done · as of 2:14 PM")
        #expect(notification.data.criticalText == state.scoreLine, "the short text stays the score")
    }

    @Test("The title never changes within an activity, whatever the score")
    func titleIsFixed() {
        let later = DisplayBuilder.contentState(for: F.matchup(F.myLineup(points: 120), F.theirLineup(points: 130)), phase: .live, context: F.context)
        let titles = [Self.state, later].map {
            HomeAssistantNotification.forEvent(kind: .update, reason: .points, activityID: "a", at: F.now, attributes: Self.attributes, state: $0, dismissalDelay: 0).title
        }
        #expect(Set(titles).count == 1)
    }

    @Test("An end that leaves at once is clear_notification with the tag; one that keeps the final score up is the final state, its clear due after the delay")
    func end() throws {
        func end(_ reason: LifecycleReason, _ delay: TimeInterval) throws -> (body: [String: Any], clearAt: Date?) {
            let body = try Self.json(HomeAssistantNotification.forEvent(
                kind: .end, reason: reason, activityID: "1-2026w12-1", at: F.now, attributes: Self.attributes, state: Self.state, dismissalDelay: delay
            ))
            return (body, HomeAssistantNotification.clearAt(kind: .end, reason: reason, at: F.now, dismissalDelay: delay))
        }
        for (reason, delay) in [(LifecycleReason.graceExpired, 0.0), (.rollover, 900), (.removed, 900)] {
            let (body, clearAt) = try end(reason, delay)
            #expect(body["message"] as? String == "clear_notification", "\(reason)")
            #expect(body["title"] == nil)
            #expect(body["data"] as? [String: String] == ["tag": "sideline-1-2026w12-1"], "the tag alone: a command, not a notification")
            #expect(clearAt == nil)
        }
        let (lingering, clearAt) = try end(.graceExpired, 900)
        #expect(lingering["title"] as? String == Self.attributes.title)
        #expect((lingering["data"] as? [String: Any])?["live_update"] as? Bool == true, "the final state as a last update")
        #expect(clearAt == F.now + 900)
        #expect(HomeAssistantNotification.clearAt(kind: .update, reason: .points, at: F.now, dismissalDelay: 900) == nil)
        #expect(try Self.json(HomeAssistantNotification.clear(activityID: "1-2026w12-1")) as NSDictionary
            == ["message": "clear_notification", "data": ["tag": "sideline-1-2026w12-1"]] as NSDictionary)
    }

    @Test("Tags keep HA's rule: letters, digits, - and _, at most 64 characters; one per activity")
    func tags() {
        let rule = /^[A-Za-z0-9_-]{1,64}$/
        for activity in ["1-2026w12-1", "dry-1-2026w12-2", "x y/z.é", String(repeating: "9", count: 200)] {
            #expect(HomeAssistantNotification.tag(forActivity: activity).wholeMatch(of: rule) != nil, "\(activity)")
        }
        #expect(HomeAssistantNotification.tag(forActivity: "1-2026w12-1") != HomeAssistantNotification.tag(forActivity: "1-2026w12-2"))
    }

    @Test("Every sentiment has a colour")
    func colours() {
        #expect(Set(LiveActivitySentiment.allCases.map(HomeAssistantNotification.colour)).count == LiveActivitySentiment.allCases.count)
    }
}
