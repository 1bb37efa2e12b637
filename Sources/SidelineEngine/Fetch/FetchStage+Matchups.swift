import Foundation
import Logging
import SidelineCore
import SidelineSleeper
import SidelineStore

/// What the matchups calls of a pass need to know beforehand, read out of the cache.
struct MatchupsRequest: Sendable {
    struct Target: Sendable {
        let league: SchedulerCache.LeagueWeek
        /// The ETag stored with the league's snapshot: a 304 then means exactly "the stored
        /// snapshot is current". `nil`: the call goes unconditional (a full body, never wrong).
        let etag: String?
    }

    let targets: [Target]
    /// The registered rosters of each league, to judge an answer's usability.
    let rosters: [String: [Int]]
    /// The unusable-answer marks the plan read, per week.
    let marks: [WeekKey: [String: Date]]
    /// The current week's stats and the leagues' rules, for each new body's stat-feed
    /// baseline (ADR 029); `nil` when no stats feed is wired.
    var livePoints: LivePoints?

    struct LivePoints: Sendable {
        let week: WeekKey
        /// Fresh enough to judge a body by (``LivePointsBlend/baselineFreshness``), and not
        /// set aside as wrong; `nil` otherwise.
        let stats: StatFeedLines?
        /// The stats being blended now (for the reconciliations); `nil` while they are not.
        let blended: StatFeedLines?
        let scoring: [String: ScoringSettings]

        func baseline(_ entries: [MatchupEntry], for league: SchedulerCache.LeagueWeek) -> [String: Double]? {
            guard league.week == week, let rules = scoring[league.leagueID] else { return nil }
            return LivePointsBlend.baseline(entries, scoring: rules, stats: stats)
        }
    }

    /// Whether a league has (or may have: its week's marks are not loaded) a mark to clear.
    func isMarked(_ league: SchedulerCache.LeagueWeek) -> Bool {
        marks[league.week].map { $0[league.leagueID] != nil } ?? true
    }
}

/// What came back from a pass's matchups calls, as stored.
struct MatchupsFetched {
    /// Per league: the new entries, or `nil` for a 304.
    var answers: [SchedulerCache.LeagueWeek: [MatchupEntry]?] = [:]
    var saves: [SnapshotUpdate] = []
    var marks: [UnusableAnswerMark] = []
}

extension FetchStage {
    /// Every planned league's matchups, `concurrency` at a time, stored in one transaction.
    /// `nil` when they could not be stored (the cache then keeps what it had).
    func matchups(_ request: MatchupsRequest, at now: Date, report: inout PassReport) async -> MatchupsFetched? {
        guard !request.targets.isEmpty else { return MatchupsFetched() }
        var fetched = MatchupsFetched()
        var stopped = false
        for (target, result) in await calls(request.targets) {
            let call = PlannedCall.matchups(leagueID: target.league.leagueID, week: target.league.week)
            switch result {
            case .success(let answer):
                report.calls.append(call)
                keep(answer, for: target.league, request: request, at: now, into: &fetched, report: &report)
            case .failure(let error) where stopped && error.isBackoff:
                // The rest of a batch that was in flight when Sleeper pushed back: one push-back, not eight.
                report.failed(call, error)
            case .failure(let error):
                if !handle(error, for: call, at: now, report: &report) { stopped = true }
            }
        }
        // Before the new bodies replace the old: what the blend showed just before them.
        if let live = request.livePoints { report.reconciliations += reconciliations(fetched.saves, live: live, report: &report) }
        do {
            if let fencing {
                let leagues = Set(fetched.saves.map(\.leagueID) + fetched.marks.map(\.leagueID))
                try fencing.store.saveSnapshots(fetched.saves, marks: fetched.marks, fences: fencing.leases.fences(leagues: leagues, persons: []), clock: fencing.clock)
            } else {
                try store.saveSnapshots(fetched.saves, marks: fetched.marks)
            }
        } catch {
            // A lost lease: these leagues are another poller's now, and its answers the ones kept.
            report.note(error.leaseLost ? error.message : "could not store \(fetched.saves.count) matchups snapshots: \(error)", logger)
            return nil
        }
        // Answers already in flight when Sleeper pushed back must not lift the rest it asked for.
        if !fetched.saves.isEmpty || !fetched.marks.isEmpty, !stopped {
            report.recorded("the end of Sleeper's rest", logger) { try store.clearBackoff(.sleeper) }
        }
        return fetched
    }

    /// One answer, judged (``SnapshotUsability``) against the league's registered rosters.
    private func keep(_ answer: MatchupsAnswer, for league: SchedulerCache.LeagueWeek, request: MatchupsRequest, at now: Date,
                      into fetched: inout MatchupsFetched, report: inout PassReport) {
        switch answer {
        case .unchanged:
            report.unchangedMatchups += 1
            fetched.answers[league] = .some(nil)
            fetched.saves.append(SnapshotUpdate(leagueID: league.leagueID, week: league.week, entries: nil, fetchedAt: now))
        case .changed(let entries, let etag):
            guard let problem = SnapshotUsability.problem(entries, rosterIDs: request.rosters[league.leagueID] ?? []) else {
                // A usable answer clears the league's mark (harmless if it had none).
                if request.isMarked(league) { fetched.marks.append(UnusableAnswerMark(leagueID: league.leagueID, week: league.week, at: nil)) }
                fetched.answers[league] = .some(entries)
                fetched.saves.append(SnapshotUpdate(leagueID: league.leagueID, week: league.week, entries: entries, etag: etag, fetchedAt: now,
                                                    statsBaseline: request.livePoints?.baseline(entries, for: league)))
                return
            }
            // An answer that proves no lineup lock marks the league (the planner keeps asking
            // for its kickoff snapshot). `[]` or unusable numbers are not kept: the stored
            // snapshot (and its fetch time, which says the lock is unproven) stays.
            report.note(Messages.Matchups.unusable(league: league.leagueID, week: league.week.week, problem: problem), logger)
            fetched.marks.append(UnusableAnswerMark(leagueID: league.leagueID, week: league.week, at: now))
            guard problem.keepsAnswer else { return }
            fetched.answers[league] = .some(entries)
            fetched.saves.append(SnapshotUpdate(leagueID: league.leagueID, week: league.week, entries: entries, etag: etag, fetchedAt: now,
                                                statsBaseline: request.livePoints?.baseline(entries, for: league)))
        }
    }

    /// The calls themselves, `concurrency` in flight; after a push-back (or a full window)
    /// nothing more is launched this pass.
    private func calls(_ targets: [MatchupsRequest.Target]) async -> [(MatchupsRequest.Target, Result<MatchupsAnswer, SleeperError>)] {
        let sleeper = sleeper
        let fetchOne: @Sendable (MatchupsRequest.Target) async -> (MatchupsRequest.Target, Result<MatchupsAnswer, SleeperError>) = { target in
            do throws(SleeperError) {
                return (target, .success(try await sleeper.matchups(leagueID: target.league.leagueID, week: target.league.week.week, ifNoneMatch: target.etag)))
            } catch {
                return (target, .failure(error))
            }
        }
        return await withTaskGroup(of: (MatchupsRequest.Target, Result<MatchupsAnswer, SleeperError>).self) { group in
            var answers: [(MatchupsRequest.Target, Result<MatchupsAnswer, SleeperError>)] = []
            var next = 0
            while next < min(concurrency, targets.count) {
                let target = targets[next]
                group.addTask { await fetchOne(target) }
                next += 1
            }
            var pushedBack = false
            while let answer = await group.next() {
                answers.append(answer)
                if case .failure(let error) = answer.1, error.isBackoff || error.isBudgetExhausted { pushedBack = true }
                if !pushedBack, next < targets.count {
                    let target = targets[next]
                    group.addTask { await fetchOne(target) }
                    next += 1
                }
            }
            return answers
        }
    }
}
