import Foundation
import SidelineCore
import SidelineDelivery
import SidelineStore

extension OutboxDraft {
    /// An event for the outbox, encoded once: the payload every sink gets and, for each
    /// device sink that is on, that sink's push. Throws for an event JSON cannot carry (a
    /// NaN somewhere): it must not be committed, since no sink could ever deliver it.
    init(_ envelope: EventEnvelope, event: LifecycleEvent, registrationID: Int64, mode: PassMode, at now: Date, deviceSinks: DeviceSinks) throws {
        var payloads: [DevicePayload] = []
        if deviceSinks.apns { payloads.append(.apns(try envelope.devicePushBody())) }
        if let dismissal = deviceSinks.homeAssistantDismissal {
            let notification = HomeAssistantNotification.forEvent(
                kind: event.kind, reason: event.reason, activityID: event.activityID, at: now,
                attributes: envelope.attributes, state: envelope.contentState, dismissalDelay: dismissal
            )
            let important = event.kind == .start || event.reason == .resumed || (envelope.push?.priority ?? 5) >= 10
            if let clearAt = HomeAssistantNotification.clearAt(kind: event.kind, reason: event.reason, at: now, dismissalDelay: dismissal) {
                // The final score stays up: the final state now, the clear when it is due.
                let clear = try HomeAssistantNotification.clear(activityID: event.activityID).encoded()
                payloads.append(.homeAssistantEnd(finalState: try notification.encoded(), clear: clear, clearAt: clearAt))
            } else {
                payloads.append(.homeAssistant(body: try notification.encoded(), important: important))
            }
        }
        self.init(
            mode: mode, registrationID: registrationID, activityID: event.activityID, kind: event.kind, reason: event.reason, at: now,
            payload: try envelope.encoded(), devicePayloads: payloads
        )
    }
}

/// Which device sinks a pass encodes pushes for (never in a dry run).
struct DeviceSinks: Sendable {
    var apns = false
    /// The dismissal delay, when Home Assistant is on.
    var homeAssistantDismissal: TimeInterval?

    static let none = DeviceSinks()

    init(apns: Bool = false, homeAssistantDismissal: TimeInterval? = nil) {
        self.apns = apns
        self.homeAssistantDismissal = homeAssistantDismissal
    }

    /// By the targets' addressing, not their names (ADR 031).
    init(mode: PassMode, sinks: some Sequence<PushRoute>, dismissalDelay: TimeInterval) {
        guard mode == .live else { return }
        let addressed = Set(sinks.map(\.addressing))
        apns = addressed.contains(.perDevice(.apns))
        homeAssistantDismissal = addressed.contains(.perDevice(.homeAssistant)) ? dismissalDelay : nil
    }
}
