import Foundation
import SidelineCore
import SidelineDelivery
import SidelineStore

extension OutboxDraft {
    /// An event for the outbox, encoded once: the payload every sink gets and, for each
    /// per-device target that is on, that target's push, encoded by its own coding (ADR 031).
    /// Throws for an event JSON cannot carry (a NaN somewhere): it must not be committed,
    /// since no sink could ever deliver it.
    init(_ envelope: EventEnvelope, event: ActivityEvent<some LifecycleView>, registrationID: Int64, mode: PassMode, at now: Date, deviceSinks: DeviceSinks) throws {
        let payloads = try deviceSinks.codings.map { try $0.encode(envelope, event: event, at: now) }
        self.init(
            mode: mode, registrationID: registrationID, activityID: event.activityID, kind: event.kind, reason: event.reason, at: now,
            payload: try envelope.encoded(), devicePayloads: payloads
        )
    }
}

/// The per-device targets a pass encodes pushes for, by their codings (never in a dry run).
struct DeviceSinks: Sendable {
    let codings: [any DevicePushCoding]

    static let none = DeviceSinks(codings: [])

    init(codings: [any DevicePushCoding]) {
        self.codings = codings
    }

    /// The codings of the pass's per-device targets, in a live pass.
    init(mode: PassMode, sinks: some Sequence<PushRoute>) {
        codings = mode == .live ? sinks.compactMap(\.coding) : []
    }
}
