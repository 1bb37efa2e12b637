import Foundation
import Logging
import SidelineCore
import SidelineSleeper
import SidelineDelivery
import SidelineStore

extension Scheduler {
    /// Steps the lifecycle of every registration whose inputs moved, for the current week
    /// and for any older week that still has an open activity. Returns only the states that
    /// changed, and the events.
    ///
    /// A registration's step is a pure function of its state, its league's snapshot, the
    /// week's schedule, the players index and, for an open activity, the clock (age limit,
    /// keep-alive, grace). So a registration is stepped only when one of those moved: its
    /// league was fetched this pass (a 304 too: the lineup-lock proof depends on when), a game
    /// one of the league's players plays in changed status, the index or anything in the
    /// database changed under us (then everyone), or one of its timers is due (then its last
    /// view is still its current view, since nothing else moved).
    ///
    /// At 50,000 registrations most are untouched in a given pass, so the pass works league
    /// by league: a league that neither moved nor has a timer due (its summed-up rows, see
    /// ``SchedulerCache/LeagueLifecycles``) is passed over without looking at its
    /// registrations. A row is decoded only when it is stepped. An idle registration is
    /// stepped only if its step could start an activity (``StartConfirmation/couldConfirm(fetchedAt:firstPlayingKickoff:)``,
    /// ADR 018): before a kickoff's snapshots are in, it could not, whatever its lineup.
    ///
    /// What a step changes (rows and events together) is committed in batches of about
    /// ``Batching/events`` events, each in one transaction, so a kickoff pass at 50,000
    /// registrations never holds all its payloads at once. Each registration's row and its
    /// events are in the same batch; a crash between batches leaves the later registrations
    /// unstepped, and the next pass steps them from the same inputs.
    func stepLifecycles(at now: Date, mode: PassMode, fetched: [SchedulerCache.LeagueWeek: [MatchupEntry]?], sinks: [String], report: inout PassReport) throws(StoreError) {
        guard let current = try currentWeek() else { return }
        try loadLifecycles(mode: mode, week: current)
        let summaries = cache.leagueLifecycles[mode] ?? [:]
        let registrations = cache.registrations
        let settings = configuration.lifecycle
        // Device pushes are encoded with each event only when a device sink is on (never in a dry run).
        let deviceSinks = DeviceSinks(mode: mode, sinks: sinks, dismissalDelay: configuration.dismissalDelay)

        // Which weeks each registration is stepped for: its open ones, and the current one.
        var weeksByRegistration: [Int64: [WeekKey]] = [:]
        for (leagueID, summary) in summaries where summary.openWeeks.contains(where: { $0 != current }) {
            for registration in cache.members(of: leagueID) {
                for week in summary.openWeeks where week != current && cache.header(LifecycleKey(registrationID: registration.id, week: week, mode: mode))?.isOpen == true {
                    weeksByRegistration[registration.id, default: []].append(week)
                }
            }
        }

        // What moved since the last step, per week.
        var allWeeks = Set(weeksByRegistration.values.flatMap { $0 })
        allWeeks.insert(current)
        let everything = cache.stepAll || cache.steppedPlayersAt != players?.fetchedAt
        var schedules: [WeekKey: WeekSchedule?] = [:]
        var changedTeams: [WeekKey: Set<TeamCode>] = [:]
        var wholeWeek: Set<WeekKey> = []
        for week in allWeeks {
            let aged = try cachedSchedule(week).map { GameStatusMerger.age($0.schedule, now: now).schedule }
            schedules[week] = .some(aged)
            if let previous = cache.steppedSchedules[week] {
                if previous != aged { changedTeams[week] = aged?.changedTeams(from: previous ?? nil) ?? [] }
            } else {
                wholeWeek.insert(week)
            }
        }

        // Leagues whose every registration is stepped this pass, per week.
        func leagueMoved(_ leagueID: String, _ week: WeekKey) -> Bool {
            if everything || wholeWeek.contains(week) { return true }
            let key = SchedulerCache.LeagueWeek(leagueID: leagueID, week: week)
            if fetched[key] != nil { return true }
            guard let teams = changedTeams[week] else { return false }
            if teams.isEmpty { return true }
            guard let shown = cache.leagueTeams[key]?.shown else { return true }
            return !shown.isDisjoint(with: teams)
        }

        // Snapshots: fetched ones are in hand; the others (leagues that moved without a new
        // body: a 304, a status change) are read from the store slice by slice while stepping
        // and dropped after their league's last registration (a kickoff moves every league,
        // and 5,000 decoded snapshots at once were ~65 MB).
        var snapshots: [SchedulerCache.LeagueWeek: StoredSnapshot] = [:]
        var timesByWeek: [WeekKey: [String: Date]] = [:]
        for week in allWeeks {
            let times = try cachedSnapshotTimes(week)
            timesByWeek[week] = times
            for (key, answer) in fetched where key.week == week {
                if case .some(let entries) = answer, let at = times[key.leagueID] {
                    let snapshot = StoredSnapshot(entries: entries, fetchedAt: at)
                    snapshots[key] = snapshot
                    noteTeams(key, snapshot: snapshot)
                }
            }
        }

        // Whether a league moved, worked out once per league and week, not per registration.
        var movedMemo: [WeekKey: [String: Bool]] = [:]
        func moved(_ leagueID: String, _ week: WeekKey) -> Bool {
            if let known = movedMemo[week]?[leagueID] { return known }
            let result = leagueMoved(leagueID, week)
            movedMemo[week, default: [:]][leagueID] = result
            return result
        }

        // Before a start can be confirmed (no game in progress, or the league's snapshot is
        // older than a minute after the first kickoff of one), an idle registration's step
        // starts nothing and changes nothing: it is passed over, view and all. Before a
        // kickoff's snapshots are in that is every idle registration of a moved league.
        // Activities start only in the current week of a league in season (`LifecycleInput.mayStart`).
        func mayStart(_ week: WeekKey, _ league: League) -> Bool { week == current && league.status == .inSeason }
        let firstPlayingKickoff = schedules.mapValues { StartConfirmation.firstPlayingKickoff($0 ?? nil) }
        func couldStart(_ leagueID: String, _ week: WeekKey, league: League) -> Bool {
            guard mayStart(week, league), let fetchedAt = timesByWeek[week]?[leagueID] else { return false }
            return StartConfirmation.couldConfirm(fetchedAt: fetchedAt, firstPlayingKickoff: firstPlayingKickoff[week] ?? nil)
        }

        // The registrations of leagues that moved or have a timer due, in registration order.
        var candidates: [Int] = []
        for (leagueID, members) in cache.registrationsByLeague {
            let due = everything || allWeeks.contains { moved(leagueID, $0) } || (summaries[leagueID]?.wake).map { $0 <= now } == true
            guard due else { continue }
            candidates.append(contentsOf: members)
        }
        candidates.sort()

        // What each candidate is stepped for, in order: its older open weeks, then the current
        // one. Positions, not copies: at a kickoff this list has 50,000 entries.
        var work: [WorkItem] = []
        var lastUse: [SchedulerCache.LeagueWeek: Int] = [:]
        var teamsUnknown: Set<SchedulerCache.LeagueWeek> = []
        for index in candidates {
            let registration = registrations[index]
            let olderWeeks = weeksByRegistration[registration.id]
            let inCurrent = registration.season == current.season
            guard olderWeeks != nil || inCurrent, let stored = cache.leagues[registration.leagueID] else { continue }
            for week in (olderWeeks ?? []).sorted() + (inCurrent ? [current] : []) {
                let key = LifecycleKey(registrationID: registration.id, week: week, mode: mode)
                let leagueMoved = moved(registration.leagueID, week)
                if !leagueMoved {
                    // Nothing but the clock moved: only open activities with a timer due.
                    guard let header = cache.header(key), let wake = SchedulerCache.wake(header, settings: settings), wake <= now else { continue }
                } else {
                    if cache.header(key)?.isOpen != true, !couldStart(registration.leagueID, week, league: stored.league) {
                        let leagueKey = SchedulerCache.LeagueWeek(leagueID: registration.leagueID, week: week)
                        if cache.leagueTeams[leagueKey] == nil, snapshots[leagueKey] == nil { teamsUnknown.insert(leagueKey) }
                        continue
                    }
                    lastUse[SchedulerCache.LeagueWeek(leagueID: registration.leagueID, week: week)] = work.count
                }
                work.append(WorkItem(registrationIndex: index, week: week, leagueMoved: leagueMoved))
            }
        }

        report.stepped += work.count
        try learnTeams(teamsUnknown.filter { lastUse[$0] == nil }, times: timesByWeek)

        var batch = CommitBatch()
        var loaded: Set<SchedulerCache.LeagueWeek> = []
        var lineups: [SchedulerCache.LeagueWeek: [Int: LineupView]] = [:]
        var next = 0
        while next < work.count {
            let slice = work[next..<min(next + batching.rows, work.count)]
            next = slice.endIndex
            let keys = slice.map { LifecycleKey(registrationID: registrations[$0.registrationIndex].id, week: $0.week, mode: mode) }
            let rows = try store.lifecycleRows(keys.filter { cache.header($0) != nil })
            var toLoad: [WeekKey: Set<String>] = [:]
            for item in slice where item.leagueMoved {
                let leagueID = registrations[item.registrationIndex].leagueID
                let key = SchedulerCache.LeagueWeek(leagueID: leagueID, week: item.week)
                if snapshots[key] == nil, timesByWeek[item.week]?[leagueID] != nil { toLoad[item.week, default: []].insert(leagueID) }
            }
            for (week, ids) in toLoad {
                for (leagueID, snapshot) in try store.snapshots(week: week, leagueIDs: ids) {
                    let key = SchedulerCache.LeagueWeek(leagueID: leagueID, week: week)
                    snapshots[key] = snapshot
                    loaded.insert(key)
                    noteTeams(key, snapshot: snapshot)
                }
            }
            for (item, key) in zip(slice, keys) {
                let registration = registrations[item.registrationIndex]
                let leagueMoved = item.leagueMoved
                guard let stored = cache.leagues[registration.leagueID] else { continue }
                let week = key.week
                let state = try rows[key]?.state() ?? .idle
                let leagueKey = SchedulerCache.LeagueWeek(leagueID: registration.leagueID, week: week)
                let snapshot = snapshots[leagueKey]
                let schedule = schedules[week] ?? nil

                var view: MatchupView?
                if leagueMoved, let snapshot, let players {
                    // A league's lineups are the same for all its registrations: made once.
                    view = StarterMapper.view(rosterID: registration.rosterID, league: stored.league, snapshot: snapshot.entries,
                                              teamNames: stored.teamNames, week: week.week) { entry, teamName in
                        if let made = lineups[leagueKey]?[entry.rosterID] { return made }
                        let made = StarterMapper.lineup(entry: entry, teamName: teamName, bestBall: stored.league.isBestBall,
                                                        players: players.index, schedule: schedule)
                        lineups[leagueKey, default: [:]][entry.rosterID] = made
                        return made
                    }
                } else if !leagueMoved {
                    view = state.activity?.lastView
                }
                let fetchedAt = snapshot?.fetchedAt ?? timesByWeek[week]?[registration.leagueID] ?? .distantPast
                let input = LifecycleInput(
                    now: now,
                    view: view,
                    startConfirmed: view.map { StartConfirmation.confirms($0, fetchedAt: fetchedAt) } ?? false,
                    mayStart: mayStart(week, stored.league),
                    activityPrefix: Self.activityPrefix(registration: registration, week: week, mode: mode)
                )
                let (nextState, events) = LifecycleMachine.step(state, input, settings: configuration.lifecycle)
                guard !events.isEmpty else {
                    if nextState != state { batch.rows[key] = LifecycleRow(nextState) }
                    continue
                }
                let display = registration.displayContext(at: now, defaultTimeZone: configuration.timeZone, defaultLocale: configuration.localeIdentifier)
                do {
                    let drafts = try events.map { event in
                        let envelope = EventEnvelope(event, registration: registration, mode: mode, display: display, previous: state.activity?.lastView)
                        return try OutboxDraft(envelope, event: event, registrationID: registration.id, mode: mode, at: now, deviceSinks: deviceSinks)
                    }
                    batch.drafts.append(contentsOf: drafts)
                    report.events.append(contentsOf: events.map { PassEvent($0, registration: registration) })
                    if nextState != state { batch.rows[key] = LifecycleRow(nextState) }
                } catch {
                    // Not committed: the state stays where it was and the next pass steps it again.
                    report.problems.append(Messages.Delivery.undeliverableEvent(registration.handle, "\(error)"))
                    logger.error("\(Messages.Delivery.undeliverableEvent(registration.handle, "\(error)"))")
                }
            }
            if batch.drafts.count >= batching.events || next == work.count {
                try commit(&batch, mode: mode, sinks: sinks, at: now)
            }
            // The keys to drop are listed first: removing while iterating the collection
            // itself made Swift copy it whole on every removal.
            for key in loaded.filter({ (lastUse[$0] ?? 0) < next }) {
                snapshots[key] = nil
                loaded.remove(key)
            }
            for key in lineups.keys.filter({ (lastUse[$0] ?? 0) < next }) { lineups[key] = nil }
        }
        report.nextKickoff = nextKickoff(schedules[current] ?? nil, week: current, after: now)
        for (week, schedule) in schedules { cache.steppedSchedules[week] = .some(schedule) }
        cache.steppedPlayersAt = players?.fetchedAt
        cache.stepAll = false
    }

    /// One registration to step for one week.
    struct WorkItem {
        let registrationIndex: Int
        let week: WeekKey
        let leagueMoved: Bool
    }

    /// Rows and events stepped but not yet committed.
    struct CommitBatch {
        var rows: [LifecycleKey: LifecycleRow] = [:]
        var drafts: [OutboxDraft] = []
    }

    /// Commits a batch (states and events in one transaction) and writes the rows through to
    /// the cache. If the commit fails, the cache no longer matches the database: it is
    /// dropped, and the next pass reads everything again.
    func commit(_ batch: inout CommitBatch, mode: PassMode, sinks: [String], at now: Date) throws(StoreError) {
        guard !batch.rows.isEmpty || !batch.drafts.isEmpty else { return }
        do {
            try store.commitPass(rows: batch.rows, events: batch.drafts, sinks: [mode: sinks], at: now)
        } catch {
            invalidateCaches()
            throw error
        }
        cache.store(batch.rows, mode: mode, settings: configuration.lifecycle)
        batch = CommitBatch()
    }

    /// Notes the teams of leagues none of whose registrations a pass steps, from their stored
    /// snapshots, a slice at a time: stepping them would have (in a process's first pass,
    /// every league's), and the planner polls a league whose teams it does not know as if
    /// its starters played in every game.
    func learnTeams(_ leagues: Set<SchedulerCache.LeagueWeek>, times: [WeekKey: [String: Date]]) throws(StoreError) {
        for (week, keys) in Dictionary(grouping: leagues, by: \.week) {
            let ids = keys.map(\.leagueID).filter { times[week]?[$0] != nil }.sorted()
            var next = 0
            while next < ids.count {
                let slice = ids[next..<min(next + batching.rows, ids.count)]
                next = slice.endIndex
                for (leagueID, snapshot) in try store.snapshots(week: week, leagueIDs: Set(slice)) {
                    noteTeams(SchedulerCache.LeagueWeek(leagueID: leagueID, week: week), snapshot: snapshot)
                }
            }
        }
    }

    /// Remembers which teams a league's registered rosters (and everyone it shows) play for.
    /// Skipped when the league's lineups and the players index are what they were last time
    /// (points move every minute; who is in which lineup rarely does).
    func noteTeams(_ key: SchedulerCache.LeagueWeek, snapshot: StoredSnapshot) {
        guard let players else { return }
        var hasher = Hasher()
        hasher.combine(players.fetchedAt)
        for entry in snapshot.entries {
            hasher.combine(entry.rosterID)
            hasher.combine(entry.starters)
            hasher.combine(entry.players)
        }
        let lineups = hasher.finalize()
        if cache.leagueTeams[key] != nil, cache.leagueTeamsLineups[key] == lineups { return }
        cache.leagueTeamsLineups[key] = lineups
        let rosters = Set(cache.members(of: key.leagueID).map(\.rosterID))
        var starters: Set<TeamCode> = []
        var rostered: Set<TeamCode> = []
        var shown: Set<TeamCode> = []
        for entry in snapshot.entries {
            let mine = rosters.contains(entry.rosterID)
            for id in entry.starters {
                guard let team = players.index[id]?.team else { continue }
                shown.insert(team)
                if mine { starters.insert(team) }
            }
            // A starter is listed among the players too: looked up once, not twice (this
            // runs for every league at its first fetch of the week, 5,000 at a kickoff).
            for id in entry.players where !entry.starters.contains(id) {
                guard let team = players.index[id]?.team else { continue }
                shown.insert(team)
                if mine { rostered.insert(team) }
            }
        }
        cache.leagueTeams[key] = (starters, rostered.union(starters), shown)
        cache.starterTeams[key.week] = nil
    }

    /// The next kickoff of the current week in which a registered starter plays.
    func nextKickoff(_ schedule: WeekSchedule?, week: WeekKey, after now: Date) -> Date? {
        guard let schedule else { return nil }
        if cache.starterTeams[week] == nil {
            var teams: Set<TeamCode> = []
            var complete = true
            for leagueID in cache.registrationsByLeague.keys {
                if let known = cache.leagueTeams[.init(leagueID: leagueID, week: week)] { teams.formUnion(known.starters) } else { complete = false }
            }
            cache.starterTeams[week] = (teams, complete)
        }
        let (teams, complete) = cache.starterTeams[week] ?? ([], false)
        let unknown = !complete
        return schedule.games
            .filter { $0.status == .scheduled && $0.kickoff > now && (unknown || teams.contains($0.home) || teams.contains($0.away)) }
            .map(\.kickoff).min()
    }

    /// Activity ids name the registration, season, week and sequence: `3-2026w12-1`.
    /// Dry-run activities carry a `dry-` prefix so they can never be mistaken for real ones.
    static func activityPrefix(registration: Registration, week: WeekKey, mode: PassMode) -> String {
        let base = "\(registration.id)-\(week.season)\(week.seasonType == .post ? "p" : "w")\(week.week)"
        return mode == .dryRun ? "dry-\(base)" : base
    }
}
