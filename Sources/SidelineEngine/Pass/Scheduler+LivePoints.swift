import Foundation
import Logging
import SidelineCore
import SidelineStore

/// The live points' part of a pass (ADR 029): the stats and projections before any matchups
/// call (each new body's baseline is the stats at its fetch), the feed's health, what the
/// step makes its views with, and the weekly scoring-settings refresh.
extension Scheduler {
    /// The planned stats and projections calls. `false` (the window is full) stops the league
    /// calls after them; a failing stats feed never does.
    func fetchStatLines(_ calls: [PlannedCall], at now: Date, report: inout PassReport) async -> Bool {
        for case .statLines(let kind, let week) in calls {
            let held = report.recorded("the stored \(kind.rawValue)", logger) { () throws -> StatFeedLines? in try cache.statFeed(kind, week: week, from: store) } ?? nil
            let positions = FetchStage.statPositions(individualDefenders: cache.scoresIndividualDefenders)
            let fetched = await fetch.statLines(kind, week: week, positions: positions, held: held, at: now, report: &report)
            cache.keep(fetched, kind: kind, week: week)
            if kind == .stats { judge(fetched, week: week, at: now, report: &report) }
            if !fetched.goOn { return false }
            if fetched.restsFeed { break }
        }
        return true
    }

    /// A stats answer (or failure) against the health rules.
    private func judge(_ fetched: StatLinesFetched, week: WeekKey, at now: Date, report: inout PassReport) {
        var problem: String?
        if fetched.answered, let feed = fetched.feed {
            let previous = fetched.changedPlayers.isEmpty ? nil : feed.previous
            problem = StatsFeedCheck.problem(feed.lines, previous: previous, schedule: cache.schedules[week]?.schedule, players: players?.index, at: now)
        }
        updateHealth(report: &report) { health in
            if let failure = fetched.failure { health.lastFailure = failure } else if fetched.answered { health.lastFailure = nil }
            if let problem { health.suspend(problem, at: now) }
        }
        if let problem { report.note(Messages.LivePoints.suspended(problem, until: now.addingTimeInterval(LivePointsHealth.suspension)), logger) }
    }

    /// What each new matchups body's baseline is taken from: the stats when they are in use
    /// and fresh; without them each starter's official figure (``LivePointsBlend/baseline(_:scoring:stats:)``).
    func matchupsLivePoints(_ calls: [PlannedCall], at now: Date, report: inout PassReport) -> MatchupsRequest.LivePoints? {
        guard environment.stats != nil, let week = cache.currentWeek, let (stats, blends) = liveStats(week, at: now, report: &report) else { return nil }
        let leagues = calls.compactMap { call -> String? in if case .matchups(let id, week) = call { id } else { nil } }
        let fresh = stats.flatMap { blends && now.timeIntervalSince($0.fetchedAt) <= LivePointsBlend.baselineFreshness ? $0 : nil }
        return MatchupsRequest.LivePoints(week: week, stats: fresh, blended: blends ? stats : nil, scoring: cache.blendableScoring(leagues))
    }

    /// What the step makes its views with, and the teams whose live points moved since the
    /// last step (an empty set: every team; `nil`: none).
    func stepLivePoints(at now: Date, report: inout PassReport) -> (step: LivePointsStep?, moved: Set<TeamCode>?) {
        guard environment.stats != nil, let week = cache.currentWeek, let (stats, blends) = liveStats(week, at: now, report: &report) else { return (nil, nil) }
        let projections = report.recorded("the stored projections", logger) { () throws -> StatFeedLines? in try cache.statFeed(.projections, week: week, from: store) } ?? nil
        var moved: Set<TeamCode>?
        if cache.livePoints.steppedBlending != blends || cache.livePoints.projectionsMoved.contains(week) {
            moved = []
        } else if blends, let changed = cache.livePoints.changedPlayers[week], !changed.isEmpty {
            moved = Set(changed.compactMap { players?.index[$0]?.team })
        }
        let step = LivePointsStep(week: week, stats: blends ? stats : nil, projections: projections)
        return (step, moved)
    }

    /// After the step: what it saw is no longer news, and a reconciliation too far off
    /// Sleeper's totals suspends the feed.
    func finishLiveStep(_ step: LivePointsStep?, at now: Date, report: inout PassReport) {
        guard let step else { return }
        cache.livePoints.changedPlayers[step.week] = nil
        cache.livePoints.projectionsMoved.remove(step.week)
        cache.livePoints.steppedBlending = step.stats != nil
        // In a cluster only the leader judges the feed it fetches (issue 32): another poller
        // blends stats the leader stored up to a pass before the matchups it fetched itself,
        // and a touchdown in between is no sign of a broken feed. The health is shared.
        guard share.leads else { return }
        guard let worst = report.reconciliations.max(by: { $0.gap < $1.gap }), worst.gap > LivePointsHealth.tolerance else { return }
        let reason = Messages.LivePoints.offAtReconciliation(league: worst.leagueID, roster: worst.rosterID, shown: worst.blended, official: worst.official)
        updateHealth(report: &report) { $0.suspend(reason, at: now) }
        report.note(Messages.LivePoints.suspended(reason, until: now.addingTimeInterval(LivePointsHealth.suspension)), logger)
    }

    /// The planned scoring-settings look-ups, one after another.
    func refreshScoring(_ calls: [PlannedCall], at now: Date, report: inout PassReport) async {
        for case .leagueSettings(let id) in calls {
            guard let stored = cache.leagues[id] else { continue }
            let (league, goOn) = await fetch.leagueSettings(id, stored: stored, at: now, report: &report)
            if let league { cache.leagues[id] = league }
            if !goOn { break }
        }
    }

    /// The week's stats and whether they are blended now.
    private func liveStats(_ week: WeekKey, at now: Date, report: inout PassReport) -> (StatFeedLines?, Bool)? {
        guard let health = report.recorded("the live points' health", logger, { try cache.livePointsHealth(from: store) }) else { return nil }
        let stats = report.recorded("the stored stats", logger) { () throws -> StatFeedLines? in try cache.statFeed(.stats, week: week, from: store) } ?? nil
        return (stats, health.blends(stats: stats, at: now))
    }

    /// Changes the stored health, writing it only when it changed.
    private func updateHealth(report: inout PassReport, _ change: (inout LivePointsHealth) -> Void) {
        guard var health = report.recorded("the live points' health", logger, { try cache.livePointsHealth(from: store) }) else { return }
        let before = health
        change(&health)
        guard health != before else { return }
        cache.livePoints.health = health
        report.recorded("the live points' health", logger) { try store.saveLivePointsHealth(health) }
    }
}
