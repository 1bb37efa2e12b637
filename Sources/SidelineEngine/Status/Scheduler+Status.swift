import Foundation
import SidelineCore
import SidelineDelivery
import SidelineStore

extension Scheduler {
    public func status(at now: Date) throws(StoreError) -> StatusReport {
        try cache.refresh(from: store)
        let registrations = cache.registrations
        loadPlayersIndex()
        let week = cache.currentWeek
        let live = try week.map { w throws(StoreError) in try store.lifecycleStates(mode: .live, week: w) } ?? [:]
        let dry = try week.map { w throws(StoreError) in try store.lifecycleStates(mode: .dryRun, week: w) } ?? [:]

        func describe(_ states: [LifecycleKey: LifecycleState], _ id: Int64) -> (String, String?, String?) {
            let open = states.filter { $0.key.registrationID == id }.compactMap(\.value.activity).first
            guard let open else { return ("idle", nil, nil) }
            return (open.displayPhase.rawValue, open.id, DisplayBuilder.winChance(for: open.lastView, phase: open.displayPhase))
        }

        let rows = registrations.map { registration in
            let (phase, activity, chance) = describe(live, registration.id)
            let (dryPhase, dryActivity, dryChance) = describe(dry, registration.id)
            var row = StatusReport.RegistrationStatus(
                registration: registration.handle, username: registration.username, leagueID: registration.leagueID,
                leagueName: registration.leagueName, season: registration.season, lifecycle: phase,
                dryRunLifecycle: dryPhase, activity: activity ?? dryActivity, note: registration.followNote,
                winChance: activity == nil ? dryChance : chance
            )
            row.scope = (cache.personSettings[registration.sleeperUserID] ?? .unset).scope
            return row
        }
        let plan = try self.plan.input(cache: &cache, players: players, at: now, mode: .live)
        let polls = PollPlanner.dueTimes(plan)
            .sorted { $0.due < $1.due }
            .map { StatusReport.DuePoll(call: $0.call.description, due: $0.due <= now ? "now" : EventEnvelope.timestamp($0.due)) }
        let calls = try store.callsInWindow(at: now)
        var report = StatusReport(
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
        report.people = try people(week: week)
        let perLeague = Set(registrations.filter { (cache.personSettings[$0.sleeperUserID] ?? .unset).scope == .league }.map(\.sleeperUserID))
        report.scopeNote = perLeague.isEmpty ? nil : Messages.Scope.optionExists(perLeague.count)
        let last = try store.lastPass()
        let verdict = PassVerdict.judge(lastPassAt: try store.lastPassAt(), last: last, now: now,
                                        staleAfter: PassVerdict.staleAfter(passInterval: configuration.passInterval))
        report.working = StatusReport.Working(verdict, last: last, pushes: try store.pushes(since: PushAllowance.nextMidnight(after: now).addingTimeInterval(-86_400)))
        report.livePoints = try livePointsSource(at: now, idle: verdict.isIdle)
        report.gameStatuses = try gameStatusesSource(at: now)
        report.configurationFile = configuration.configurationFile
        report.database = configuration.store.name
        report.egress = configuration.egress.isEmpty ? nil : configuration.egress
        report.cluster = try clusterStatus(at: now)
        report.sinks = try store.credentialChecks()?.sinks ?? []
        return report
    }

    /// The `status` line on game statuses: the scores feed, or ESPN and why (ADR 030).
    func gameStatusesSource(at now: Date) throws(StoreError) -> String {
        let rest = try store.backoffs()[.scores].flatMap { $0.until > now ? $0.until : nil }
        return Messages.GameStatuses.source(try store.gameStatusSource(), restingUntil: rest)
    }

    /// The `status` line on live points, when a stats feed is wired. While `idle` the feed
    /// is not asked, and its silence is said as expected rather than as a fault.
    func livePointsSource(at now: Date, idle: Bool) throws(StoreError) -> String? {
        guard environment.stats != nil else { return nil }
        let stats = try cache.currentWeek.map { week throws(StoreError) in try cache.statFeed(.stats, week: week, from: store) } ?? nil
        let source = try cache.livePointsHealth(from: store).source(stats: stats, at: now)
        if idle, case .matchupsOnly = source { return Messages.Working.livePointsIdle }
        return Messages.LivePoints.source(source, now: now)
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
        // Each sink clears its note on its first run with different settings.
        var problems: [String] = []
        if configuration.apns != nil, let refused = Self.refusedCredentialsNote(try store.meta(Self.apnsRefusedCredentialsKey)) {
            problems.append(Messages.Pushes.apnsCredentialsHeld(refused.reason))
        }
        guard let settings = configuration.homeAssistant else { return problems }
        if let refused = try store.meta(Self.refusedTokenKey), !refused.isEmpty { problems.append(Messages.HomeAssistant.tokenRefused) }
        if let redirect = Self.redirectNote(try store.meta(Self.redirectKey)), redirect.baseURL == settings.baseURL.absoluteString {
            problems.append(redirect.message)
        }
        return problems
    }

    /// The meta key the APNs sink keeps credentials APNs refused under: their digest, a
    /// newline, APNs' answer.
    public static let apnsRefusedCredentialsKey = "apns.refused_credentials"

    /// The note as stored under ``apnsRefusedCredentialsKey``; `nil` for none.
    public static func refusedCredentialsNote(_ stored: String?) -> (digest: String, reason: String)? {
        guard let stored, let newline = stored.firstIndex(of: "\n") else { return nil }
        return (String(stored[..<newline]), String(stored[stored.index(after: newline)...]))
    }

    /// The meta key the Home Assistant sink keeps a refused token's hash under.
    public static let refusedTokenKey = "homeassistant.refused_token_sha256"
    /// The meta key the Home Assistant sink keeps a redirect its address answered under:
    /// the configured base URL, a newline, the message.
    public static let redirectKey = "homeassistant.redirect"

    /// The redirect note as stored under ``redirectKey``; `nil` for none.
    public static func redirectNote(_ stored: String?) -> (baseURL: String, message: String)? {
        guard let stored, let newline = stored.firstIndex(of: "\n") else { return nil }
        return (String(stored[..<newline]), String(stored[stored.index(after: newline)...]))
    }

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
        // What the next pass would postpone: the planner's own split, with the room left now.
        let waiting = PassPlan(due: PollPlanner.prioritized(plan), budget: try self.plan.passBudget(at: now), feedCalls: plan.schedules.count).postponed
        return StatusReport.Polling(
            schedulerBudget: cap, registrationHeadroom: budget.headroom,
            budgetPercent: Int((pressure.share(at: now) * 100).rounded()),
            liveLeagues: liveLeagues.count, liveRegistrations: openKeys.count,
            refreshSeconds: Int(interval.rounded()),
            freshnessMedianSeconds: ages.isEmpty ? nil : ages[ages.count / 2],
            freshnessWorstSeconds: ages.last,
            waitingCalls: waiting
        )
    }

    /// Delivers whatever is pending for `mode` (used after `users remove`).
    public func deliver(mode: PassMode, sinks: [any PushSink], at now: Date) async -> (delivered: Int, failed: Int) {
        var report = PassReport(at: now)
        await DeliverStage(store: store, logger: logger).run(mode: mode, sinks: sinks, at: now, horizon: dayEnd(at: now), report: &report)
        return (report.delivered, report.deliveryFailures)
    }
}
