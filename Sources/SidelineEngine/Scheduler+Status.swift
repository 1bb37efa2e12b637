import Foundation
import SidelineCore
import SidelineStore
import SidelineDelivery

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

    /// The budget in use and what it buys: live leagues and how fresh their scores are.
    public struct Polling: Codable, Sendable {
        /// Calls a minute the scheduler may use now (its share, under any push-back).
        public let schedulerBudget: Int
        public let registrationHeadroom: Int
        /// 100 unless Sleeper pushed back recently.
        public let budgetPercent: Int
        /// Leagues with a live or grace activity, and those registrations.
        public let liveLeagues: Int
        public let liveRegistrations: Int
        /// The refresh interval the budget allows at this load (never below 60 s).
        public let refreshSeconds: Int
        /// Age of the live leagues' scores now, median and worst; `nil` with nothing live.
        public let freshnessMedianSeconds: Int?
        public let freshnessWorstSeconds: Int?
        /// Calls due now that the budget makes wait.
        public let waitingCalls: Int

        enum CodingKeys: String, CodingKey {
            case schedulerBudget = "scheduler_budget"
            case registrationHeadroom = "registration_headroom"
            case budgetPercent = "budget_percent"
            case liveLeagues = "live_leagues"
            case liveRegistrations = "live_registrations"
            case refreshSeconds = "refresh_seconds"
            case freshnessMedianSeconds = "freshness_median_seconds"
            case freshnessWorstSeconds = "freshness_worst_seconds"
            case waitingCalls = "waiting_calls"
        }
    }

    /// One Home Assistant notify service: today's allowance as the sink spends it.
    public struct HomeAssistantTarget: Codable, Sendable {
        public let service: String
        /// Starts and updates sent today (UTC day) to this service, by every device on it.
        public let usedToday: Int
        public let allowance: Int
        /// The gap between routine updates now; `nil` once only the reserve is left.
        public let spacingSeconds: Int?
        public let pausedUntil: String?
        /// Home Assistant refused the target (400): its message.
        public let refused: String?

        enum CodingKeys: String, CodingKey {
            case service, allowance, refused
            case usedToday = "used_today"
            case spacingSeconds = "spacing_seconds"
            case pausedUntil = "paused_until"
        }
    }

    public let at: String
    public let week: String?
    public let registrations: [RegistrationStatus]
    public let nextPolls: [DuePoll]
    public let callsLastMinute: Int
    public let callBudget: Int
    public let polling: Polling
    public let backoff: [String: String]
    public let deliveries: [Deliveries]
    /// Home Assistant targets (empty unless the sink is on).
    public let homeAssistant: [HomeAssistantTarget]
    /// A sink-wide problem to fix (Home Assistant refused the token).
    public let sinkProblems: [String]

    enum CodingKeys: String, CodingKey {
        case at, week, registrations, backoff, deliveries, polling
        case homeAssistant = "homeassistant"
        case sinkProblems = "sink_problems"
        case nextPolls = "next_polls"
        case callsLastMinute = "calls_last_minute"
        case callBudget = "call_budget"
    }
}

extension Scheduler {
    public func status(at now: Date) throws(StoreError) -> StatusReport {
        try refreshCache()
        let registrations = cache.registrations
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
        let plan = try planInput(at: now, mode: .live)
        let polls = PollPlanner.dueTimes(plan)
            .sorted { $0.due < $1.due }
            .map { StatusReport.DuePoll(call: $0.call.description, due: $0.due <= now ? "now" : EventEnvelope.timestamp($0.due)) }
        let calls = try store.callsInWindow(at: now)
        return StatusReport(
            at: EventEnvelope.timestamp(now),
            week: week?.description,
            registrations: rows,
            nextPolls: polls,
            callsLastMinute: calls,
            callBudget: configuration.maxCallsPerMinute,
            polling: try polling(plan, lifecycles: live, at: now),
            backoff: try store.backoffs().filter { $0.value.until > now }.reduce(into: [:]) { $0[$1.key.rawValue] = EventEnvelope.timestamp($1.value.until) },
            deliveries: try store.deliveryCounts().map { StatusReport.Deliveries(sink: $0.sink, status: $0.status, count: $0.count) },
            homeAssistant: try homeAssistantTargets(at: now),
            sinkProblems: try sinkProblems()
        )
    }

    /// Each Home Assistant notify service with today's use, the allowance and the spacing.
    func homeAssistantTargets(at now: Date) throws(StoreError) -> [StatusReport.HomeAssistantTarget] {
        guard let settings = configuration.homeAssistant else { return [] }
        let allowance = PushAllowance(limit: settings.dailyPushes)
        let horizon = dayEnd(at: now)
        var targets: [String: StatusReport.HomeAssistantTarget] = [:]
        for device in try store.devices() {
            guard let service = device.notifyService, targets[service] == nil else { continue }
            let use = try store.allowanceUse(target: service, at: now)
            targets[service] = StatusReport.HomeAssistantTarget(
                service: service, usedToday: use.used, allowance: allowance.limit,
                spacingSeconds: allowance.currentSpacing(use: use, now: now, horizon: horizon).map { Int($0.rounded()) },
                pausedUntil: device.pausedUntil.flatMap { $0 > now ? EventEnvelope.timestamp($0) : nil }, refused: device.brokenReason
            )
        }
        return targets.values.sorted { $0.service < $1.service }
    }

    /// Problems a sink holds its pushes for until the configuration changes.
    func sinkProblems() throws(StoreError) -> [String] {
        // The sink clears the note on its first run with a different token.
        guard configuration.homeAssistant != nil, let refused = try store.meta(Self.refusedTokenKey), !refused.isEmpty else { return [] }
        return [Messages.HomeAssistant.tokenRefused]
    }

    /// The meta key the Home Assistant sink keeps a refused token's hash under.
    public static let refusedTokenKey = "homeassistant.refused_token_sha256"

    /// The budget in use, live leagues and the freshness achieved (real passes).
    func polling(_ plan: PollPlanInput, lifecycles: [LifecycleKey: LifecycleState], at now: Date) throws(StoreError) -> StatusReport.Polling {
        let budget = configuration.rateBudget
        let pressure = try store.budgetPressure()
        let cap = pressure.cap(budget, at: now)
        let openKeys = lifecycles.filter { $0.value.isOpen }.map(\.key)
        var liveLeagues: Set<SchedulerCache.LeagueWeek> = []
        for key in openKeys {
            if let league = cache.leagueByRegistration[key.registrationID] { liveLeagues.insert(.init(leagueID: league, week: key.week)) }
        }
        var ages: [Int] = []
        for league in plan.leagues where liveLeagues.contains(.init(leagueID: league.leagueID, week: league.week)) {
            if let fetched = league.lastFetchedAt { ages.append(Int(now.timeIntervalSince(fetched).rounded())) }
        }
        ages.sort()
        let interval = PollPlanner.refreshInterval(liveLeagues: liveLeagues.count, callsPerMinute: cap, settings: configuration.poll)
        let due = PollPlanner.prioritized(plan).count { if case .matchups = $0.call { true } else { false } }
        let capacity = try store.schedulerCapacity(at: now, budget: budget).capacity
        return StatusReport.Polling(
            schedulerBudget: cap, registrationHeadroom: budget.headroom,
            budgetPercent: Int((pressure.share(at: now) * 100).rounded()),
            liveLeagues: liveLeagues.count, liveRegistrations: openKeys.count,
            refreshSeconds: Int(interval.rounded()),
            freshnessMedianSeconds: ages.isEmpty ? nil : ages[ages.count / 2],
            freshnessWorstSeconds: ages.last,
            waitingCalls: max(0, due - capacity)
        )
    }

    /// Delivers whatever is pending for `mode` (used after `users remove`).
    public func deliver(mode: PassMode, sinks: [any PushSink], at now: Date) async -> (delivered: Int, failed: Int) {
        var report = PassReport(at: now)
        await deliver(mode: mode, sinks: sinks, at: now, report: &report)
        return (report.delivered, report.deliveryFailures)
    }
}
