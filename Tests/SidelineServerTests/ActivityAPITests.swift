import Foundation
import Testing
import SidelineActivity
import SidelineCore
import SidelineEngine
import SidelineFakeSleeper
import SidelineServer
import SidelineStore
@testable import SidelineDelivery

extension ServerTests {
    @Suite("Activity tokens, dismissal and the app's own polling, per user")
    struct ActivityAPITests {
        @Test("A device reports its activity's update token, swipes it away, and reads only its user's states")
        func tokensDismissalAndMine() async throws {
            try await withServer { h in
                try await h.liveSunday()
                let alex = try await h.pair("demo_alex")
                let blake = try await h.pair("demo_blake")

                let mine = try await HTTP.send("GET", h.url("/v1/me/activities"), bearer: alex.secret)
                #expect(mine.status == 200, "\(mine.text)")
                let activities = try #require(mine.json?["activities"] as? [[String: Any]])
                #expect(activities.count == 1)
                let first = try #require(activities.first)
                let activity = try #require(first["activityId"] as? String)
                #expect(activity.hasPrefix("1-2026w12-"))
                #expect(first["phase"] as? String == "live")
                #expect(first["dismissed"] as? Bool == false)
                #expect(mine.json?["retryAfterMs"] as? Int == 60_000)
                // The same content state the phone was pushed: decode it with the app's own type.
                let stateJSON = try JSONSerialization.data(withJSONObject: try #require(first["contentState"]))
                let state = try JSONDecoder().decode(LiveActivityContentState.self, from: stateJSON)
                let running = try #require(try h.store.runningActivities(at: h.clock.date).first)
                #expect(state == (try EventEnvelope.decode(running.payload)).contentState)
                #expect((first["attributes"] as? [String: Any])?["title"] as? String == "Alex's Audibles vs demo_casey")

                // Blake has nothing live at 9:33 ET and never sees Alex's activity.
                let theirs = try await HTTP.send("GET", h.url("/v1/me/activities"), bearer: blake.secret)
                #expect((theirs.json?["activities"] as? [Any])?.isEmpty == true)
                #expect(theirs.json?["retryAfterMs"] as? Int == 300_000)
                #expect(!theirs.text.contains(activity))

                let token = String(repeating: "c0ffee", count: 12)
                let set = try await HTTP.send("PUT", h.url("/v1/activities/\(activity)/token"), json: ["token": token], bearer: alex.secret)
                #expect(set.status == 204, "\(set.text)")
                #expect(try h.store.activityDevice(activityID: activity, deviceID: alex.id)?.updateToken == token)
                let rotated = String(repeating: "beef", count: 20)
                _ = try await HTTP.send("PUT", h.url("/v1/activities/\(activity)/token"), json: ["token": rotated], bearer: alex.secret)
                #expect(try h.store.activityDevice(activityID: activity, deviceID: alex.id)?.updateToken == rotated)

                // Another user's device may not touch it; an unknown activity is a 404.
                let foreign = try await HTTP.send("PUT", h.url("/v1/activities/\(activity)/token"), json: ["token": token], bearer: blake.secret)
                #expect(foreign.status == 403)
                #expect(try h.store.activityDevice(activityID: activity, deviceID: blake.id) == nil)
                let unknown = try await HTTP.send("PUT", h.url("/v1/activities/9-2026w12-1/token"), json: ["token": token], bearer: alex.secret)
                #expect(unknown.status == 404)
                let foreignDismiss = try await HTTP.send("POST", h.url("/v1/activities/\(activity)/dismissed"), bearer: blake.secret)
                #expect(foreignDismiss.status == 403)

                let dismissed = try await HTTP.send("POST", h.url("/v1/activities/\(activity)/dismissed"), bearer: alex.secret)
                #expect(dismissed.status == 204)
                #expect(try h.store.activityDevice(activityID: activity, deviceID: alex.id)?.dismissedAt != nil)
                let afterwards = try await HTTP.send("GET", h.url("/v1/me/activities"), bearer: alex.secret)
                #expect(((afterwards.json?["activities"] as? [[String: Any]])?.first?["dismissed"]) as? Bool == true)
            }
        }

        @Test("The polling interval follows what is running")
        func retryAfter() {
            #expect(ClientPolling.retryAfterMilliseconds(phases: [.grace], matchupsInterval: 90) == 90_000)
            #expect(ClientPolling.retryAfterMilliseconds(phases: [], matchupsInterval: 60) == 300_000)
            #expect(ClientPolling.retryAfterMilliseconds(phases: [.ended], matchupsInterval: 60) == 300_000)
        }
    }
}
