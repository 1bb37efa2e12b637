import Foundation
import SidelineCore
import SidelineStore

/// What a step needs of the live points (ADR 029): the current week's stats when they are
/// blended, and its projections.
struct LivePointsStep {
    let week: WeekKey
    /// `nil` while live points come from the matchups alone.
    let stats: StatFeedLines?
    let projections: StatFeedLines?
}

extension LifecycleStepper {
    /// A league's entries with live points blended in, when the stats are in use, the
    /// snapshot has a baseline for them, and the stats are no older than the ones the
    /// baseline could have been taken from (older ones would take a fresh body back in
    /// time: ``LivePointsBlend/baselineFreshness``); the snapshot's own entries otherwise.
    func shownEntries(_ snapshot: StoredSnapshot, league: League, key: SchedulerCache.LeagueWeek, batch: inout LifecycleStepper.Batch) -> [MatchupEntry] {
        guard let live = livePoints, live.week == key.week, let stats = live.stats,
              stats.fetchedAt >= snapshot.fetchedAt.addingTimeInterval(-LivePointsBlend.baselineFreshness), !league.isBestBall,
              let scoring = league.liveScoring, let baseline = snapshot.statsBaseline else { return snapshot.entries }
        let blended = LivePointsBlend.blend(snapshot.entries, baseline: baseline, fetchedAt: snapshot.fetchedAt, scoring: scoring, stats: stats)
        if let corrected = blended.correctedBaseline { batch.baselines[key] = (snapshot.fetchedAt, corrected) }
        return blended.entries
    }

    /// The view with its win probability, when the week's projections are in hand.
    func withChance(_ view: MatchupView, league: League, week: WeekKey, schedule: WeekSchedule?) -> MatchupView {
        guard let live = livePoints, live.week == week, let projections = live.projections?.lines, let scoring = league.liveScoring else { return view }
        let chance = MatchupChance.of(view, schedule: schedule) { id in projections[id].map(scoring.points) }
        // To the percent shown: a finer figure would only make views differ that look the same.
        return view.with(winProbability: chance.map { ($0 * 100).rounded() / 100 })
    }
}
