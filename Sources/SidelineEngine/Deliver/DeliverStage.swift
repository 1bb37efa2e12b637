import Foundation
import Logging
import SidelineCore
import SidelineDelivery

/// The deliver stage: what the outbox owes `mode`'s sinks, then the device pushes. The
/// decisions are ``DeliveryMachine``'s (pure); the loops perform them. Device pushes are
/// real pushes: dry runs never make them.
struct DeliverStage {
    let store: any DeliveryStore
    let logger: Logger

    /// `horizon`: when today's games end, for pacing a daily allowance.
    func run(mode: PassMode, sinks: [any PushSink], at now: Date, horizon: Date, report: inout PassReport) async {
        report.absorb(await OutboxDelivery(store: store, logger: logger).deliverPending(mode: mode, sinks: sinks, at: now))
        guard mode == .live else { return }
        for case let sender as any DevicePushSender in sinks {
            report.absorb(await DeviceDelivery(store: store, logger: logger).deliver(with: sender, at: now, horizon: horizon))
        }
    }
}
