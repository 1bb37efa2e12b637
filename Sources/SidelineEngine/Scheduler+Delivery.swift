import Foundation
import Logging
import SidelineCore
import SidelineStore

extension Scheduler {
    // MARK: - Delivery

    static let maxAttempts = 20

    /// Exponential backoff between attempts: 5 s, 10 s, 20 s… capped at 15 minutes (20
    /// attempts then span about three and a half hours).
    static func retryDelay(afterAttempts attempts: Int) -> TimeInterval {
        min(15 * 60, 5 * pow(2, Double(max(0, attempts - 1))))
    }

    /// Delivers every pending event of `mode`, oldest first. After a failure the rest of that
    /// activity's events for that sink wait, so a sink never sees them out of order.
    func deliverPending(mode: PassMode, sinks: [any PushSink], at now: Date, report: inout PassReport) async {
        guard let pending = try? store.pendingDeliveries(mode: mode) else { return }
        let byName = Dictionary(sinks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var blocked: Set<String> = []
        for delivery in pending {
            let lane = "\(delivery.sink)|\(delivery.activityID)"
            guard let sink = byName[delivery.sink], !blocked.contains(lane) else { continue }
            // Backing off: this one and everything after it in its lane wait.
            guard delivery.notBefore <= now else {
                blocked.insert(lane)
                continue
            }
            do throws(DeliveryError) {
                let envelope: EventEnvelope
                do { envelope = try EventEnvelope.decode(delivery.payload) } catch {
                    throw DeliveryError("stored event \(delivery.eventID) is unreadable: \(error)", isPermanent: true)
                }
                try await sink.deliver(envelope, payload: delivery.payload)
                try? store.markDelivered(eventID: delivery.eventID, sink: delivery.sink, at: now)
                report.delivered += 1
            } catch {
                blocked.insert(lane)
                report.deliveryFailures += 1
                let giveUp = error.isPermanent || delivery.attempts + 1 >= Self.maxAttempts
                let retryAt = now + Self.retryDelay(afterAttempts: delivery.attempts + 1)
                try? store.markAttemptFailed(eventID: delivery.eventID, sink: delivery.sink, error: error.message, giveUp: giveUp, retryAt: retryAt, at: now)
                logger.warning("delivery of event \(delivery.eventID) to \(delivery.sink) failed\(giveUp ? " for good" : ", will retry from \(EventEnvelope.timestamp(retryAt))"): \(error.message)")
            }
        }
    }
}
