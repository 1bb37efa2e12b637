import Foundation
import Logging
import SidelineCore
import SidelineDelivery
import SidelineSleeper
import SidelineStore

extension FetchStage {
    /// What a failed call means for the rest of the pass. `false` stops the calls after it:
    /// the window is full, or the host pushed back (it then rests, ``Backoff``, and a push-back
    /// that ``PassBudget/slowsDown(status:consecutiveFailures:)`` slows the whole budget).
    /// Any other failure is retried on a later pass, but for a feed that rests on any failure
    /// (``restsOnAnyFailure(_:)``): its scope rests as after a push-back.
    @discardableResult
    func handle(_ error: SleeperError, for call: PlannedCall, at now: Date, report: inout PassReport) -> Bool {
        if case .budgetExhausted = error {
            report.problems.append("\(call): \(error)")
            logger.notice("\(call) postponed: \(error)")
            return false
        }
        report.failed(call, error)
        guard error.isBackoff || Self.restsOnAnyFailure(call) else {
            logger.warning("\(call) failed: \(error); will retry on a later pass")
            return true
        }
        let retryAfter: Double? = if case .http(_, _, let after) = error { after } else { nil }
        let until = report.recorded("\(call.scope.rawValue)'s rest", logger) { try store.recordBackoff(call.scope, at: now, retryAfter: retryAfter) } ?? now
        let failures: Int = report.recorded("the rests", logger) { try store.backoffs()[call.scope]?.failures ?? 1 } ?? 1
        if call.scope == .sleeper, case .http(let status, _, _) = error, PassBudget.slowsDown(status: status, consecutiveFailures: failures),
           let pressure = report.recorded("Sleeper's push-back", logger, { try store.recordPushBack(at: now) }) {
            logger.warning("\(Messages.Budget.pushedBack(share: pressure.share, until: EventEnvelope.timestamp(until)))")
        }
        logger.warning("\(call) failed: \(error); \(call.scope.rawValue) calls rest until \(EventEnvelope.timestamp(until))")
        return false
    }
}

extension FetchStage {
    /// The stats and projections feeds rest on any failure, each on its own scope: one call
    /// serves every league, nothing else marks it asked, and a mirror without those paths
    /// answered 404 on every pass, and again in a second pass that waited for the lock
    /// (issue 26). A league's call that fails is asked again with the league instead.
    static func restsOnAnyFailure(_ call: PlannedCall) -> Bool {
        if case .statLines = call { return true }
        return false
    }
}

extension SleeperError {
    var isBudgetExhausted: Bool {
        if case .budgetExhausted = self { return true }
        return false
    }

    /// No answer worth the name: nothing came back, or the server failed (5xx). A pass
    /// whose every call is like this failed (``PassSummary/failure``).
    var isUnanswered: Bool {
        switch self {
        case .unreachable: true
        case .http(let status, _, _): status >= 500
        case .userNotFound, .leagueNotFound, .malformed, .budgetExhausted: false
        }
    }
}
