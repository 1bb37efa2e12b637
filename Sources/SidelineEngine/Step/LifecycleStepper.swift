import Foundation
import SidelineCore
import SidelineDelivery
import SidelineStore

/// Steps registrations' lifecycles from values: each one's state, its league's lineup
/// snapshot, the week's games, the players index and the instant in; new rows, outbox
/// drafts and the pass's events out. Pure: no store, no network, no clock. The step
/// stage's shell (``StepStage``) reads the rows and snapshots and commits what comes out.
struct LifecycleStepper {
    let now: Date
    let mode: PassMode
    let configuration: SidelineConfiguration
    /// The device sinks whose pushes are encoded with each event (none in a dry run).
    let deviceSinks: DeviceSinks
    let players: PlayersIndex?
    /// The stats and projections the views are made with (ADR 029); `nil`: matchups alone.
    var livePoints: LivePointsStep? = nil
    /// A league's lineups are the same for all its registrations: made once per league and
    /// week, and dropped by the shell after the league's last registration.
    var lineups: [SchedulerCache.LeagueWeek: LeagueLineups] = [:]

    /// One league's entries as shown (live points blended in) and its lineups made so far.
    struct LeagueLineups {
        let entries: [MatchupEntry]
        var byRoster: [Int: LineupView] = [:]
    }

    /// One registration to step for one week, with everything its step reads.
    struct Item {
        let registration: Registration
        let league: StoredLeague
        let week: WeekKey
        let state: LifecycleState
        /// Its league was fetched, or a game one of its players plays in moved: the view is
        /// made anew from `snapshot`. Otherwise only the clock moved: the last view stands.
        let leagueMoved: Bool
        let snapshot: StoredSnapshot?
        /// When the league's snapshot was fetched (the lineup lock's proof).
        let fetchedAt: Date?
        let schedule: WeekSchedule?
        /// The current week of a league in season: the only place an activity may start.
        let mayStart: Bool
    }

    /// What a run of steps changed, not yet committed.
    struct Batch {
        var rows: [LifecycleKey: LifecycleRow] = [:]
        /// Person lifecycle rows (ADR 039), committed with the league rows.
        var personRows: [PersonKey: PersonRow] = [:]
        var drafts: [OutboxDraft] = []
        var events: [PassEvent] = []
        var problems: [String] = []
        /// Stat-feed baselines the stats caught up with, to store (``LivePointsBlend``).
        var baselines: [SchedulerCache.LeagueWeek: (fetchedAt: Date, baseline: [String: Double])] = [:]
        /// The leagues and persons stepped into the batch: in a cluster, the leases its
        /// commit is fenced by (issue 32).
        var leagues: Set<String> = []
        var persons: Set<String> = []
    }

    mutating func step(_ item: Item, into batch: inout Batch) {
        let key = LifecycleKey(registrationID: item.registration.id, week: item.week, mode: mode)
        let view = item.leagueMoved ? freshView(item, batch: &batch) : item.state.activity?.lastView
        let input = LifecycleInput(
            now: now,
            view: view,
            startConfirmed: view.map { StartConfirmation.confirms($0, fetchedAt: item.snapshot?.fetchedAt ?? item.fetchedAt ?? .distantPast) } ?? false,
            mayStart: item.mayStart,
            activityPrefix: Self.activityPrefix(registration: item.registration, week: item.week, mode: mode)
        )
        let (next, events) = LifecycleMachine.step(item.state, input, settings: configuration.lifecycle)
        guard !events.isEmpty else {
            if next != item.state { batch.rows[key] = LifecycleRow(next) }
            return
        }
        let registration = item.registration
        let display = registration.displayContext(at: now, defaultTimeZone: configuration.timeZone, defaultLocale: configuration.localeIdentifier)
        do {
            let drafts = try events.map { event in
                let envelope = EventEnvelope(event, registration: registration, mode: mode, display: display, previous: item.state.activity?.lastView)
                return try OutboxDraft(envelope, event: event, registrationID: registration.id, mode: mode, at: now, deviceSinks: deviceSinks)
            }
            batch.drafts.append(contentsOf: drafts)
            batch.events.append(contentsOf: events.map { PassEvent($0, registration: registration) })
            if next != item.state { batch.rows[key] = LifecycleRow(next) }
        } catch {
            // Not committed: the state stays where it was and the next pass steps it again.
            batch.problems.append(Messages.Delivery.undeliverableEvent(registration.handle, "\(error)"))
        }
    }

    /// The registration's matchup as its league's snapshot and the live points show it now.
    mutating func freshView(_ item: Item, batch: inout Batch) -> MatchupView? {
        guard let snapshot = item.snapshot, let players else { return nil }
        let leagueKey = SchedulerCache.LeagueWeek(leagueID: item.registration.leagueID, week: item.week)
        let league = item.league
        if lineups[leagueKey] == nil {
            lineups[leagueKey] = LeagueLineups(entries: shownEntries(snapshot, league: league.league, key: leagueKey, batch: &batch))
        }
        let entries = lineups[leagueKey]?.entries ?? snapshot.entries
        let view = StarterMapper.view(rosterID: item.registration.rosterID, league: league.league, snapshot: entries,
                                      teamNames: league.teamNames, week: item.week.week) { entry, teamName in
            if let made = lineups[leagueKey]?.byRoster[entry.rosterID] { return made }
            let made = StarterMapper.lineup(entry: entry, teamName: teamName, bestBall: league.league.isBestBall,
                                            players: players, schedule: item.schedule)
            lineups[leagueKey]?.byRoster[entry.rosterID] = made
            return made
        }
        return view.map { withChance($0, league: league.league, week: item.week, schedule: item.schedule) }
    }

    /// Activity ids name the registration, season, week and sequence: `3-2026w12-1`.
    /// Dry-run activities carry a `dry-` prefix so they can never be mistaken for real ones.
    static func activityPrefix(registration: Registration, week: WeekKey, mode: PassMode) -> String {
        let base = "\(registration.id)-\(week.season)\(week.seasonType == .post ? "p" : "w")\(week.week)"
        return mode == .dryRun ? "dry-\(base)" : base
    }
}
