import Foundation
import SidelineCore

extension PassReport {
    /// What is kept of this pass for `status`, the status page and `/readyz` (ADR 035),
    /// as it finished at `finishedAt` on the process's clock.
    public func summary(finishedAt: Date) -> PassSummary {
        PassSummary(
            at: finishedAt, dryRun: mode == .dryRun, calls: calls.count, unanswered: unanswered, events: events.count,
            delivered: delivered, deliveryFailures: deliveryFailures, problems: problems,
            openActivities: openActivities, nextKickoff: nextKickoff
        )
    }
}
