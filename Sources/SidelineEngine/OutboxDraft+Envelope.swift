import Foundation
import SidelineCore
import SidelineDelivery
import SidelineStore

extension OutboxDraft {
    /// An event for the outbox, encoded once: the payload every sink gets and, when a device
    /// sink is on, the APNs push's parts. Throws for an event JSON cannot carry (a NaN
    /// somewhere): it must not be committed, since no sink could ever deliver it.
    init(_ envelope: EventEnvelope, event: LifecycleEvent, registrationID: Int64, mode: PassMode, at now: Date, withDevicePush: Bool) throws {
        self.init(
            mode: mode, registrationID: registrationID, activityID: event.activityID, kind: event.kind, reason: event.reason, at: now,
            payload: try envelope.encoded(), devicePushBody: withDevicePush ? try envelope.devicePushBody() : nil
        )
    }
}
