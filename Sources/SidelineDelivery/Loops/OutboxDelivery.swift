import Foundation
import Logging
import SidelineCore

/// Delivers committed events to whole-event sinks (webhook, ntfy, stdout), oldest first.
/// Decisions are the ``DeliveryMachine``'s; this loop reads rows, sends, and records.
///
/// After a failure the rest of that activity's events for that sink wait (a lane), so a
/// sink never sees an activity's events out of order. If the store cannot record an
/// outcome, the run stops there and says so: the event stays pending and is sent again on
/// a later pass (at least once, with the same id).
public struct OutboxDelivery: Sendable {
    let store: any DeliveryStore
    let logger: Logger

    public init(store: any DeliveryStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    public func deliverPending(mode: PassMode, sinks: [any PushSink], at now: Date) async -> DeliveryReport {
        var report = DeliveryReport()
        let pending: [PendingDelivery]
        do { pending = try store.pendingDeliveries(mode: mode) } catch {
            report.problems.append(Messages.Delivery.storeUnreadable("\(error)"))
            logger.error("\(Messages.Delivery.storeUnreadable("\(error)"))")
            return report
        }
        let byName = Dictionary(sinks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var blocked: Set<String> = []
        for row in pending {
            let lane = "\(row.sink)|\(row.activityID)"
            guard let sink = byName[row.sink], !blocked.contains(lane) else { continue }
            let machine = DeliveryMachine(policy: sink.policy)
            guard machine.mayAttempt(row, now: now) else {
                blocked.insert(lane)
                continue
            }
            let answer = await attempt(row, on: sink)
            let settlement = machine.settle(answer, kind: row.kind, attempts: row.attempts, now: now)
            if !settlement.laneContinues { blocked.insert(lane) }
            do {
                try record(settlement, of: row, at: now, report: &report)
            } catch {
                let problem = Messages.Pushes.storeFailed("the outcome of event \(row.eventID) for \(row.sink)", "\(error)")
                report.problems.append(problem)
                logger.error("\(problem)")
                return report
            }
        }
        return report
    }

    /// One request; a sink's thrown error becomes an answer.
    func attempt(_ row: PendingDelivery, on sink: any PushSink) async -> DeliveryAnswer {
        let envelope: EventEnvelope
        do { envelope = try EventEnvelope.decode(row.payload) } catch {
            return .refused(reason: Messages.Pushes.unreadableEvent(row.eventID))
        }
        do throws(DeliveryError) {
            try await sink.deliver(envelope, payload: row.payload)
            return .accepted(receipt: nil)
        } catch {
            return error.answer
        }
    }

    func record(_ settlement: DeliveryMachine.Settlement, of row: PendingDelivery, at now: Date, report: inout DeliveryReport) throws {
        for action in settlement.actions {
            switch action {
            case .markDelivered:
                try store.markDelivered(eventID: row.eventID, sink: row.sink, at: now)
                report.delivered += 1
            case .retry(let at, let reason):
                report.failures += 1
                try store.markAttemptFailed(eventID: row.eventID, sink: row.sink, error: reason, giveUp: false, retryAt: at, at: now)
                logger.warning("delivery of event \(row.eventID) to \(row.sink) failed, will retry from \(EventEnvelope.timestamp(at)): \(reason)")
            case .fail(let reason):
                report.failures += 1
                try store.markAttemptFailed(eventID: row.eventID, sink: row.sink, error: reason, giveUp: true, retryAt: nil, at: now)
                logger.warning("delivery of event \(row.eventID) to \(row.sink) failed for good: \(reason)")
            case .reportConfigurationProblem(let reason):
                report.problems.append(Messages.Pushes.configurationProblem(row.sink, reason))
            case .forgetToken, .skipCarried, .markTargetBroken, .awaitNextStep, .hold:
                break  // device pushes only
            }
        }
    }
}
