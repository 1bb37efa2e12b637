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
    /// Instants in the display time zone, and per registration (by handle) in its own zone
    /// where it set one: an event is shown in its user's zone.
    let times: LocalTime
    let registrationTimes: [String: LocalTime]

    /// When an event happened, in its registration's zone (the display zone for one removed).
    func eventTime(_ event: EventEnvelope) -> String {
        (event.registration.flatMap { registrationTimes[$0] } ?? times).label(iso: event.at)
    }

    static func load(_ environment: ServerEnvironment) async throws -> StatusPageModel {
        let now = environment.now()
        let report = try await environment.status(now)
        let store = environment.store
        let registrations = try store.activeRegistrations()
        let times = environment.configuration.localTime
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
            deliveries: try store.recentDeliveries(limit: 15),
            times: times,
            registrationTimes: Dictionary(uniqueKeysWithValues: registrations.map { ($0.handle, $0.localTime(default: times)) })
        )
    }
}
