import Foundation
import SidelineCore
import SidelineStore

/// What `sideline status` shows.
public struct StatusReport: Codable, Sendable {
    public struct RegistrationStatus: Codable, Sendable {
        public let registration: String
        public let username: String
        public let leagueID: String
        public let leagueName: String
        public let season: String
        /// `idle`, `live` or `grace` for real passes, and the same for dry runs.
        public let lifecycle: String
        public let dryRunLifecycle: String
        public let activity: String?
        public let note: String?

        enum CodingKeys: String, CodingKey {
            case registration, username, season, lifecycle, activity, note
            case leagueID = "league_id"
            case leagueName = "league_name"
            case dryRunLifecycle = "dry_run_lifecycle"
        }
    }

    public struct DuePoll: Codable, Sendable {
        public let call: String
        public let due: String
    }

    public struct Deliveries: Codable, Sendable {
        public let sink: String
        public let status: String
        public let count: Int
    }

    public let at: String
    public let week: String?
    public let registrations: [RegistrationStatus]
    public let nextPolls: [DuePoll]
    public let callsLastMinute: Int
    public let callBudget: Int
    public let backoff: [String: String]
    public let deliveries: [Deliveries]

    enum CodingKeys: String, CodingKey {
        case at, week, registrations, backoff, deliveries
        case nextPolls = "next_polls"
        case callsLastMinute = "calls_last_minute"
        case callBudget = "call_budget"
    }
}

extension Scheduler {
    public func status(at now: Date) throws(StoreError) -> StatusReport {
        let registrations = try store.activeRegistrations()
        loadPlayersIndex()
        let week = try currentWeek()
        let live = try week.map { w throws(StoreError) in try store.lifecycleStates(mode: .live, week: w) } ?? [:]
        let dry = try week.map { w throws(StoreError) in try store.lifecycleStates(mode: .dryRun, week: w) } ?? [:]

        func describe(_ states: [LifecycleKey: LifecycleState], _ id: Int64) -> (String, String?) {
            let open = states.filter { $0.key.registrationID == id }.compactMap(\.value.activity).first
            guard let open else { return ("idle", nil) }
            return (open.displayPhase.rawValue, open.id)
        }

        let rows = registrations.map { registration in
            let (phase, activity) = describe(live, registration.id)
            let (dryPhase, dryActivity) = describe(dry, registration.id)
            return StatusReport.RegistrationStatus(
                registration: registration.handle, username: registration.username, leagueID: registration.leagueID,
                leagueName: registration.leagueName, season: registration.season, lifecycle: phase,
                dryRunLifecycle: dryPhase, activity: activity ?? dryActivity, note: registration.followNote
            )
        }
        let plan = try planInput(at: now, registrations: registrations, mode: .live)
        let polls = PollPlanner.dueTimes(plan)
            .sorted { $0.due < $1.due }
            .map { StatusReport.DuePoll(call: $0.call.description, due: $0.due <= now ? "now" : EventEnvelope.timestamp($0.due)) }
        let calls = try store.callTimes(since: now.addingTimeInterval(-RateBudget.window))
        return StatusReport(
            at: EventEnvelope.timestamp(now),
            week: week?.description,
            registrations: rows,
            nextPolls: polls,
            callsLastMinute: configuration.rateBudget.used(calls, now: now),
            callBudget: configuration.maxCallsPerMinute,
            backoff: try store.backoffs().filter { $0.value.until > now }.reduce(into: [:]) { $0[$1.key.rawValue] = EventEnvelope.timestamp($1.value.until) },
            deliveries: try store.deliveryCounts().map { StatusReport.Deliveries(sink: $0.sink, status: $0.status, count: $0.count) }
        )
    }

    /// Delivers whatever is pending for `mode` (used after `users remove`).
    public func deliver(mode: PassMode, sinks: [any PushSink], at now: Date) async -> (delivered: Int, failed: Int) {
        var report = PassReport(at: now)
        await deliverPending(mode: mode, sinks: sinks, at: now, report: &report)
        await deliverToDevices(mode: mode, sinks: sinks, at: now, report: &report)
        return (report.delivered, report.deliveryFailures)
    }
}
