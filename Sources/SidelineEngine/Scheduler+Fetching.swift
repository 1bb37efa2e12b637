import Foundation
import Logging
import SidelineCore
import SidelineSleeper
import SidelineStore
import SidelineDelivery

extension Scheduler {
    /// Makes one planned call and stores what came back. Returns `false` when the budget is
    /// spent (the rest of the stage waits for a later pass).
    func fetch(_ call: PlannedCall, at now: Date, report: inout PassReport) async -> Bool {
        do throws(SleeperError) {
            switch call {
            case .nflState:
                let state = try await environment.sleeper.nflState()
                recorded("the NFL state", &report) { try store.saveNFLState(state, fetchedAt: now) }
                cache.nflState = (state, now)
            case .schedule(let week):
                let observation = try await environment.games.observe(season: week.season, seasonType: week.seasonType, week: week.week)
                let previous = recorded("the stored schedule of week \(week.week)", &report) { try cachedSchedule(week) }??.schedule
                let merged = GameStatusMerger.merge(previous: previous, observed: observation.schedule, now: now)
                merged.notes.forEach { logger.notice("\($0)") }
                recorded("the schedule of week \(week.week)", &report) { try store.saveSchedule(merged.schedule, for: week, fetchedAt: now) }
                cache.schedules[week] = (merged.schedule, now)
                cache.schedulesLoaded.insert(week)
                // The fallback answered for a scores feed that pushed back: keep its answer,
                // and rest the feed's host as it said, like any refusal.
                if let refusal = observation.refusal { return handle(refusal, for: call, at: now, report: &report) }
            case .players:
                let index = try await environment.sleeper.players()
                do {
                    try environment.playersStore.save(index, fetchedAt: now)
                } catch {
                    report.problems.append("could not save the players index: \(error)")
                    logger.warning("could not save the players index: \(error)")
                }
                players = (index, now)
                logger.info("players index refreshed: \(index.count) players")
            case .matchups:
                _ = await fetchMatchupsStage([call], at: now, report: &report)
                return true
            }
            report.calls.append(call)
            recorded("the end of \(call.scope.rawValue)'s rest", &report) { try store.clearBackoff(call.scope) }
            return true
        } catch {
            return handle(error, for: call, at: now, report: &report)
        }
    }

    /// The matchups stage: the players index first if it is due, then every league's
    /// matchups, `fetchConcurrency` at a time, stored in one transaction. Returns what came
    /// back per league: the entries, or `nil` for a 304 (unchanged).
    func fetchMatchupsStage(_ calls: [PlannedCall], at now: Date, report: inout PassReport) async -> [SchedulerCache.LeagueWeek: [MatchupEntry]?] {
        for call in calls where call == .players {
            guard await fetch(call, at: now, report: &report) else { return [:] }
        }
        let targets: [(leagueID: String, week: WeekKey)] = calls.compactMap {
            if case .matchups(let league, let week) = $0 { return (league, week) }
            return nil
        }
        guard !targets.isEmpty else { return [:] }
        let sleeper = environment.sleeper
        // The ETag each call sends is the one stored with the league's snapshot: a 304 then
        // means exactly "the stored snapshot is current".
        var etags: [SchedulerCache.LeagueWeek: String] = [:]
        for target in targets {
            // Without the stored ETags the calls go unconditional: full bodies, never wrong.
            guard let known = recorded("the stored matchups ETags", &report, { try cachedSnapshotETags(target.week) }) else { break }
            etags[.init(leagueID: target.leagueID, week: target.week)] = known[target.leagueID]
        }
        let sent = etags
        let fetchOne: @Sendable (String, WeekKey) async -> (String, WeekKey, Result<MatchupsAnswer, SleeperError>) = { leagueID, week in
            do throws(SleeperError) {
                let etag = sent[.init(leagueID: leagueID, week: week)]
                return (leagueID, week, .success(try await sleeper.matchups(leagueID: leagueID, week: week.week, ifNoneMatch: etag)))
            } catch {
                return (leagueID, week, .failure(error))
            }
        }
        let answers = await withTaskGroup(of: (String, WeekKey, Result<MatchupsAnswer, SleeperError>).self) { group in
            var answers: [(String, WeekKey, Result<MatchupsAnswer, SleeperError>)] = []
            var next = 0
            while next < min(Self.fetchConcurrency, targets.count) {
                let target = targets[next]
                group.addTask { await fetchOne(target.leagueID, target.week) }
                next += 1
            }
            var pushedBack = false
            while let answer = await group.next() {
                answers.append(answer)
                // Sleeper pushed back or the window is full: launch nothing more this pass.
                if case .failure(let error) = answer.2, error.isBackoff || error.isBudgetExhausted { pushedBack = true }
                if !pushedBack, next < targets.count {
                    let target = targets[next]
                    group.addTask { await fetchOne(target.leagueID, target.week) }
                    next += 1
                }
            }
            return answers
        }
        var results: [SchedulerCache.LeagueWeek: [MatchupEntry]?] = [:]
        var saves: [SnapshotUpdate] = []
        var marks: [UnusableAnswerMark] = []
        var stopped = false
        for (leagueID, week, result) in answers {
            let call = PlannedCall.matchups(leagueID: leagueID, week: week)
            switch result {
            case .success(let answer):
                report.calls.append(call)
                switch answer {
                case .unchanged:
                    report.unchangedMatchups += 1
                    results[.init(leagueID: leagueID, week: week)] = .some(nil)
                    saves.append(SnapshotUpdate(leagueID: leagueID, week: week, entries: nil, fetchedAt: now))
                case .changed(let entries, let etag):
                    let mark = unusableAnswerMark(entries, leagueID: leagueID, week: week, at: now, report: &report)
                    if let mark { marks.append(mark.mark) }
                    // `[]` or unusable numbers: not kept, so the stored snapshot (and its
                    // fetch time, which says the lock is unproven) stays, and nobody is stepped.
                    if let problem = mark?.problem, !problem.keepsAnswer { continue }
                    results[.init(leagueID: leagueID, week: week)] = .some(entries)
                    saves.append(SnapshotUpdate(leagueID: leagueID, week: week, entries: entries, etag: etag, fetchedAt: now))
                }
            case .failure(let error) where stopped && error.isBackoff:
                // The rest of a batch that was in flight when Sleeper pushed back: one push-back, not eight.
                report.calls.append(call)
                report.problems.append("\(call): \(error)")
            case .failure(let error):
                if !handle(error, for: call, at: now, report: &report) { stopped = true }
            }
        }
        do {
            try store.saveSnapshots(saves, marks: marks)
        } catch {
            report.problems.append("could not store \(saves.count) matchups snapshots: \(error)")
            logger.warning("could not store \(saves.count) matchups snapshots: \(error)")
            return [:]
        }
        // Answers already in flight when Sleeper pushed back must not lift the rest it asked for.
        if !saves.isEmpty || !marks.isEmpty, !stopped { recorded("the end of Sleeper's rest", &report) { try store.clearBackoff(.sleeper) } }
        for mark in marks where cache.unusableAnswers[mark.week] != nil {
            cache.unusableAnswers[mark.week]?[mark.leagueID] = mark.at
        }
        for save in saves {
            let key = SchedulerCache.LeagueWeek(leagueID: save.leagueID, week: save.week)
            // A 304 changes nothing but when the lineup was last seen; that matters only while
            // a kickoff's lineup lock is still unproven for the league (see `stepLifecycles`).
            if save.entries == nil, !lockUnproven(since: cache.snapshotTimes[save.week]?[save.leagueID], week: save.week, now: now) {
                results[key] = nil
            }
            if cache.snapshotTimes[save.week] != nil { cache.snapshotTimes[save.week]?[save.leagueID] = now }
            if save.entries != nil, cache.snapshotETags[save.week] != nil { cache.snapshotETags[save.week]?[save.leagueID] = save.etag }
        }
        return results
    }

    /// Judges a new matchups answer (``SnapshotUsability``) against the league's registered
    /// rosters. An answer that proves no lineup lock for one of them sets the league's mark
    /// (the planner then keeps asking for its kickoff snapshot) and is logged with what was
    /// wrong; a usable one clears a mark the league had. `nil`: nothing to write.
    func unusableAnswerMark(_ entries: [MatchupEntry], leagueID: String, week: WeekKey, at now: Date, report: inout PassReport) -> (mark: UnusableAnswerMark, problem: SnapshotProblem?)? {
        let registrations = cache.registrations
        let rosters = (cache.registrationsByLeague[leagueID] ?? []).lazy.map { registrations[$0].rosterID }
        guard let problem = SnapshotUsability.problem(entries, rosterIDs: rosters) else {
            // The plan read the week's marks; were they dropped since, clearing is harmless.
            let marked = cache.unusableAnswers[week].map { $0[leagueID] != nil } ?? true
            return marked ? (UnusableAnswerMark(leagueID: leagueID, week: week, at: nil), nil) : nil
        }
        let message = Messages.Matchups.unusable(league: leagueID, week: week.week, problem: problem)
        report.problems.append(message)
        logger.warning("\(message)")
        return (UnusableAnswerMark(leagueID: leagueID, week: week, at: now), problem)
    }

    /// Whether a game is in progress whose kickoff the snapshot fetched at `previous` cannot
    /// prove the lineup lock for (fetched less than the CDN lag after that kickoff).
    func lockUnproven(since previous: Date?, week: WeekKey, now: Date) -> Bool {
        guard let previous else { return true }
        guard let schedule = cache.schedules[week]?.schedule else { return true }
        return schedule.games.contains { game in
            (game.status == .inProgress || game.status == .final) && game.kickoff <= now
                && previous < game.kickoff.addingTimeInterval(StartConfirmation.cdnLag)
        }
    }

    private func handle(_ error: SleeperError, for call: PlannedCall, at now: Date, report: inout PassReport) -> Bool {
        if case .budgetExhausted = error {
            report.problems.append("\(call): \(error)")
            logger.notice("\(call) postponed: \(error)")
            return false
        }
        report.calls.append(call)
        report.problems.append("\(call): \(error)")
        if error.isBackoff {
            let retryAfter: Double? = if case .http(_, _, let after) = error { after } else { nil }
            let until = recorded("\(call.scope.rawValue)'s rest", &report) { try store.recordBackoff(call.scope, at: now, retryAfter: retryAfter) } ?? now
            // A 429 (or 403) says we are too fast; a second 5xx in a row says Sleeper is
            // struggling. Either way the whole budget slows down, not just this endpoint.
            let failures: Int = recorded("the rests", &report) { try store.backoffs()[call.scope]?.failures ?? 1 } ?? 1
            if call.scope == .sleeper, case .http(let status, _, _) = error, status == 429 || status == 403 || failures >= 2,
               let pressure = recorded("Sleeper's push-back", &report, { try store.recordPushBack(at: now) }) {
                logger.warning("\(Messages.Budget.pushedBack(share: pressure.share, until: EventEnvelope.timestamp(until)))")
            }
            logger.warning("\(call) failed: \(error); \(call.scope.rawValue) calls rest until \(EventEnvelope.timestamp(until))")
            return false
        }
        logger.warning("\(call) failed: \(error); will retry on a later pass")
        return true
    }

    /// Leagues are renewed each season under a new id (`previous_league_id` points back).
    /// Once Sleeper's `league_season` moves on, each registration looks for its league's
    /// renewal, at most once a day; `status` shows the ones that could not follow.
    func followRenewedLeagues(_ registrations: [Registration], at now: Date, report: inout PassReport) async {
        guard let state = cache.nflState?.state, state.seasonType != .off else { return }
        for registration in registrations where registration.season < state.leagueSeason {
            let key = "follow-attempt:\(registration.id)"
            let lastAttempt = recorded("the last renewal look-up", &report) { try store.meta(key) } ?? nil
            if let last = lastAttempt.flatMap({ Double($0) }), now.timeIntervalSince1970 - last < 24 * 3600 { continue }
            recorded("this renewal look-up", &report) { try store.setMeta(key, String(now.timeIntervalSince1970)) }
            do throws(SleeperError) {
                let leagues = try await environment.sleeper.leagues(userID: registration.sleeperUserID, season: state.leagueSeason)
                guard let renewed = leagues.first(where: { $0.previousLeagueID == registration.leagueID }) else {
                    recorded("a follow note", &report) { try store.setFollowNote(registrationID: registration.id, Messages.Registration.notRenewed(league: registration.leagueName, season: state.leagueSeason)) }
                    invalidateCaches()
                    continue
                }
                let rosters = try await environment.sleeper.rosters(leagueID: renewed.leagueID)
                guard let roster = rosters.first(where: { $0.isOwned(by: registration.sleeperUserID) }) else {
                    recorded("a follow note", &report) { try store.setFollowNote(registrationID: registration.id, Messages.Registration.noRosterInRenewal(league: renewed.name, season: state.leagueSeason)) }
                    invalidateCaches()
                    continue
                }
                let members = try await environment.sleeper.members(leagueID: renewed.leagueID)
                let stored = StoredLeague(league: renewed, teamNames: TeamNames.byRoster(rosters: rosters, members: members))
                recorded("the renewed league", &report) { try store.follow(registrationID: registration.id, to: stored, rosterID: roster.rosterID, at: now) }
                invalidateCaches()
                logger.info("registration \(registration.id) follows \(registration.leagueName) into \(state.leagueSeason) as league \(renewed.leagueID)")
            } catch {
                report.problems.append("following league \(registration.leagueID): \(error)")
                logger.warning("could not look for the \(state.leagueSeason) renewal of league \(registration.leagueID): \(error)")
            }
        }
    }
}

extension Scheduler {
    /// Runs a store read or write the pass can go on without this time (a later pass redoes
    /// it); a failure is logged and listed in the pass's problems, never dropped silently.
    @discardableResult
    func recorded<T>(_ what: String, _ report: inout PassReport, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            report.problems.append(Messages.Delivery.storeStepFailed(what, "\(error)"))
            logger.warning("\(Messages.Delivery.storeStepFailed(what, "\(error)"))")
            return nil
        }
    }
}

extension SleeperError {
    var isBudgetExhausted: Bool {
        if case .budgetExhausted = self { return true }
        return false
    }
}

/// Team names by roster id: the owner's `metadata.team_name`, else their display name.
public enum TeamNames {
    public static func byRoster(rosters: [Roster], members: [LeagueMember]) -> [Int: String] {
        let byUser = Dictionary(members.map { ($0.userID, $0) }, uniquingKeysWith: { first, _ in first })
        var names: [Int: String] = [:]
        for roster in rosters {
            if let owner = roster.ownerID, let member = byUser[owner] { names[roster.rosterID] = member.shownTeamName }
        }
        return names
    }
}
