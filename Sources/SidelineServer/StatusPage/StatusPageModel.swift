import Foundation
import SidelineActivity
import SidelineCore
import SidelineEngine
import SidelineStore
import SidelineDelivery

/// What the status page shows, gathered in one place so the HTML is a pure function of it.
struct StatusPageModel: Sendable {
    struct Activity: Sendable {
        let activityID: String
        let username: String
        let phase: String
        let attributes: LiveActivityAttributes
        let state: LiveActivityContentState
    }

    let generatedAt: String
    let report: StatusReport
    let devices: [Device]
    let usernames: [String: String]
    let activities: [Activity]
    let events: [EventEnvelope]
    let deliveries: [RecentDelivery]

    static func load(_ environment: ServerEnvironment) async throws -> StatusPageModel {
        let now = environment.now()
        let report = try await environment.status(now)
        let store = environment.store
        let registrations = try store.activeRegistrations()
        let usernames = Dictionary(registrations.map { ($0.sleeperUserID, $0.username) }) { first, _ in first }
        let activities = try store.runningActivities(at: now).compactMap { running -> Activity? in
            guard let envelope = try? EventEnvelope.decode(running.payload) else { return nil }
            return Activity(activityID: running.activityID, username: envelope.username, phase: envelope.phase.rawValue, attributes: envelope.attributes, state: envelope.contentState)
        }
        return StatusPageModel(
            generatedAt: report.at,
            report: report,
            devices: try store.devices(),
            usernames: usernames,
            activities: activities,
            events: try store.recentEvents(limit: 15).compactMap { try? EventEnvelope.decode($0.payload) },
            deliveries: try store.recentDeliveries(limit: 15)
        )
    }
}
