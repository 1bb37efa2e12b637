import Foundation
import SidelineCore
import SidelineStore

/// The plan stage: what is due at the pass's instant, in priority order, and how much of it
/// the budget lets through. Its pure core is ``PollPlanner`` and ``PassPlan``; this shell
/// reads their input out of the cache (and the store, the first time) and the room left in
/// the call log's window.
struct PlanStage {
    typealias Store = CallLogStore & FeedStore & SnapshotStore & LifecycleStore & RegistrationStore & LivePointsStore & PersonStore

    let store: any Store
    let configuration: SidelineConfiguration
    /// A stats feed is wired: plan its calls and the leagues' scoring settings (ADR 029).
    var livePoints = false
    /// The work this poller does (issue 32): the calls of held leagues, the feeds if it leads.
    var share = WorkShare.everything

    /// Everything due, in priority order, with the input it was planned from.
    struct Due {
        let input: PollPlanInput
        let calls: [PrioritizedCall]
    }

    func due(cache: inout SchedulerCache, players: LoadedPlayers?, at now: Date, mode: PassMode) throws(StoreError) -> Due {
        let input = try input(cache: &cache, players: players, at: now, mode: mode)
        var calls = PollPlanner.prioritized(input)
        if share != .everything {
            let leagueOf = cache.leagueByRegistration
            calls = calls.filter { share.makes($0.call, leagueOf: { leagueOf[$0] }) }
        }
        return Due(input: input, calls: calls)
    }

    /// The league calls of `due` the window has room for now, after the feeds' own calls.
    /// An idle pass (no league call due) does not even read the call log.
    func budgeted(_ due: Due, at now: Date) throws(StoreError) -> PassPlan {
        let leagueCallsDue = due.calls.contains { !$0.call.isFeed }
        let budget = leagueCallsDue ? try passBudget(at: now) : PassBudget(capacity: 0, cap: 0)
        return PassPlan(due: due.calls, budget: budget, feedCalls: due.input.schedules.count)
    }

    func passBudget(at now: Date) throws(StoreError) -> PassBudget {
        let room = try store.schedulerCapacity(at: now, budget: configuration.rateBudget)
        return PassBudget(capacity: room.capacity, cap: room.cap)
    }

    /// Whether a feed call moved what `due` was planned from, so the calls still to come
    /// need a new plan: the week, a game's status or kickoff, a push-back from Sleeper, a new
    /// league season (renewals to look for).
    /// Most status calls change nothing, and at 5,000 leagues a plan costs ~10 ms of CPU:
    /// re-planning after each one was a tenth of a busy pass.
    func moved(_ due: Due, cache: inout SchedulerCache, mode: PassMode) throws(StoreError) -> Bool {
        guard cache.planWeeks(mode: mode) == due.input.schedules.map(\.week) else { return true }
        for planned in due.input.schedules where try cache.schedule(planned.week, from: store)?.schedule != planned.schedule { return true }
        if try renewals(cache: &cache) != due.input.renewals { return true }
        return try store.backoffs().mapValues(\.until) != due.input.backoffUntil
    }

    /// The planner's input at `now`, read out of the cache.
    func input(cache: inout SchedulerCache, players: LoadedPlayers?, at now: Date, mode: PassMode) throws(StoreError) -> PollPlanInput {
        let current = cache.currentWeek
        try cache.loadLifecycles(mode: mode, week: current, from: store, settings: configuration.lifecycle)
        let weeks = cache.planWeeks(mode: mode)
        var schedules: [ScheduleState] = []
        for week in weeks {
            let stored = try cache.schedule(week, from: store)
            schedules.append(ScheduleState(week: week, schedule: stored?.schedule, fetchedAt: stored?.fetchedAt))
        }
        return PollPlanInput(
            now: now,
            hasRegistrations: !cache.registrations.isEmpty,
            nflStateFetchedAt: cache.nflState?.fetchedAt,
            schedules: schedules,
            leagues: try leagues(weeks: weeks, current: current, cache: &cache, mode: mode),
            playersFetchedAt: players?.fetchedAt,
            backoffUntil: try store.backoffs().mapValues(\.until),
            settings: configuration.poll,
            renewals: try renewals(cache: &cache),
            statFeeds: try statFeeds(current: current, cache: &cache),
            scoring: livePoints ? scoring(cache) : [],
            schedulerCallsPerMinute: configuration.rateBudget.limit - configuration.rateBudget.headroom
        )
    }

    /// The current week's stats and projections, when live points are on.
    private func statFeeds(current: WeekKey?, cache: inout SchedulerCache) throws(StoreError) -> [StatFeedPollState] {
        guard livePoints, let current else { return [] }
        var feeds: [StatFeedPollState] = []
        for kind in StatFeedKind.allCases {
            feeds.append(StatFeedPollState(kind: kind, week: current, fetchedAt: try cache.statFeed(kind, week: current, from: store)?.fetchedAt))
        }
        return feeds
    }

    /// Registered leagues in season, for their weekly scoring-settings refresh.
    private func scoring(_ cache: SchedulerCache) -> [ScoringPollState] {
        cache.leagues.values.filter { $0.league.status == .inSeason && share.owns(league: $0.league.leagueID) }.map {
            ScoringPollState(leagueID: $0.league.leagueID, refreshedAt: $0.scoringRefreshedAt)
        }
    }

    /// Every registered league's polling state, for each planned week.
    private func leagues(weeks: [WeekKey], current: WeekKey?, cache: inout SchedulerCache, mode: PassMode) throws(StoreError) -> [LeaguePollState] {
        var openLeagues: Set<SchedulerCache.LeagueWeek> = []
        for (league, summary) in cache.leagueLifecycles[mode] ?? [:] {
            for week in summary.openWeeks { openLeagues.insert(.init(leagueID: league, week: week)) }
        }
        // A person's open activity keeps each of their leagues polled as an open one.
        openLeagues.formUnion(cache.personOpenLeagues(mode: mode))
        // Read out of the cache once: this loop runs for every league on every plan.
        let registrations = cache.registrations
        let byLeague = cache.registrationsByLeague
        let stored = cache.leagues
        let leagueTeams = cache.leagueTeams
        var leagues: [LeaguePollState] = []
        leagues.reserveCapacity(byLeague.count * weeks.count)
        for week in weeks {
            let fetched = try cache.snapshotTimes(week, from: store)
            let unusable = try cache.unusableAnswers(week, from: store)
            for (leagueID, members) in byLeague where share.owns(league: leagueID) {
                let key = SchedulerCache.LeagueWeek(leagueID: leagueID, week: week)
                let hasOpen = openLeagues.contains(key)
                let eligible = week == current
                    ? stored[leagueID]?.league.status == .inSeason && members.contains { registrations[$0].season == week.season }
                    : hasOpen
                let teams = leagueTeams[key]
                leagues.append(LeaguePollState(leagueID: leagueID, week: week, eligible: eligible, lastFetchedAt: fetched[leagueID],
                                               hasOpenActivity: hasOpen, starterTeams: teams?.starters, rosteredTeams: teams?.rostered,
                                               // Nearly always empty: no lookup (and no hashing of the id) then.
                                               unusableAnswerAt: unusable.isEmpty ? nil : unusable[leagueID]))
            }
        }
        return leagues
    }

    /// Registrations whose league may have been renewed: once Sleeper's `league_season` has
    /// moved past theirs (outside the off-season), each looks for its renewal once a day.
    private func renewals(cache: inout SchedulerCache) throws(StoreError) -> [RenewalPollState] {
        guard let state = cache.nflState?.state, state.seasonType != .off else { return [] }
        let behind = cache.registrations.filter { $0.season < state.leagueSeason && share.owns(league: $0.leagueID) }
        guard !behind.isEmpty else { return [] }
        let attempts = try cache.renewalAttempts(from: store)
        return behind.map { RenewalPollState(registrationID: $0.id, lastAttemptAt: attempts[$0.id]) }
    }
}
