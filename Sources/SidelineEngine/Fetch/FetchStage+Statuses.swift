import Foundation
import Logging
import SidelineCore
import SidelineDelivery
import SidelineSleeper
import SidelineStore

extension FetchStage {
    /// A week's game statuses from the source the plan chose (ADR 030). Each source asked
    /// that pushed back rests on its own scope; each that answered ends its own rest. Any
    /// answer is kept, whoever gave it, and a switch between the sources is logged once and
    /// stored for `status` (``GameStatusSourceState``).
    func statuses(_ week: WeekKey, from source: StatusSource, previous: WeekSchedule?, at now: Date, report: inout PassReport) async -> Answer {
        let observation = await games.observe(season: week.season, seasonType: week.seasonType, week: week.week, from: source)
        var goOn = true
        for asked in observation.asked {
            let call = PlannedCall.schedule(week, from: asked)
            if let error = observation.failures[asked] {
                goOn = handle(error, for: call, at: now, report: &report) && goOn
            } else {
                report.calls.append(call)
                report.recorded("the end of \(asked.scope.rawValue)'s rest", logger) { try store.clearBackoff(asked.scope) }
            }
        }
        guard let schedule = observation.schedule, let answeredBy = observation.answeredBy else { return Answer(fetched: nil, goOn: goOn) }
        let merged = GameStatusMerger.merge(previous: previous, observed: schedule, now: now)
        merged.notes.forEach { logger.notice("\($0)") }
        report.recorded("the schedule of week \(week.week)", logger) { try store.saveSchedule(merged.schedule, for: week, fetchedAt: now) }
        noteSource(answeredBy, primaryProblem: primaryProblem(observation, week: week), at: now, report: &report)
        return Answer(fetched: .schedule(week, merged.schedule), goOn: goOn)
    }

    /// What the scores feed did wrong in this call, when it was asked and ESPN answered.
    private func primaryProblem(_ observation: GameStatusObservation, week: WeekKey) -> String? {
        if observation.primaryWasEmpty { return Messages.GameStatuses.noGames(week: week.week) }
        switch observation.failures[.scores] {
        case nil: return nil
        case .http(let status, _, _)?: return Messages.GameStatuses.http(status)
        case .unreachable(_, let reason)?: return Messages.GameStatuses.unreachable(reason)
        case .budgetExhausted?: return Messages.GameStatuses.budgetSpent
        case .malformed?, .userNotFound?, .leagueNotFound?: return Messages.GameStatuses.malformed
        }
    }

    /// Records which source answered; a switch is logged once, whichever process sees it.
    private func noteSource(_ source: StatusSource, primaryProblem: String?, at now: Date, report: inout PassReport) {
        guard var state = report.recorded("where game statuses come from", logger, { try store.gameStatusSource() }) else { return }
        let before = state
        let espnSince = state.source == .espn ? state.since : nil
        let switched = state.answered(by: source, primaryProblem: primaryProblem, at: now)
        guard state != before else { return }
        report.recorded("where game statuses come from", logger) { try store.saveGameStatusSource(state) }
        guard switched else { return }
        switch source {
        case .espn:
            let rest = report.recorded("the rests", logger) { try store.backoffs()[.scores]?.until }.flatMap { $0 }
            logger.warning("\(Messages.GameStatuses.switchedToESPN(reason: state.reason, restingUntil: rest.flatMap { $0 > now ? $0 : nil }))")
        case .scores:
            logger.notice("\(Messages.GameStatuses.switchedBack(espnSince: espnSince))")
        }
    }
}
