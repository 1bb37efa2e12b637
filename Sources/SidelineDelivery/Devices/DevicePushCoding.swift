import Foundation
import SidelineCore

/// How a per-device target turns an event into its push and reads that push back (ADR 031).
/// Each per-device sink declares one beside its name; the engine encodes with it at commit
/// (it never depends on the sinks module) and the delivery loop asks it what goes when.
/// Nothing else looks inside a ``DevicePayload``.
public protocol DevicePushCoding: Sendable {
    /// The target's name (`PushTarget.name`): what its payloads are stored under.
    var sink: String { get }
    /// The push for an event, encoded once when the event is committed. Throws only for an
    /// event its encoding cannot carry (a NaN somewhere): such an event must not be committed.
    /// The envelope is the whole event (its kind, reason and activity), of either scope.
    func encode(_ envelope: EventEnvelope, at now: Date) throws -> DevicePayload
    /// `start` (sent late) showing `newer`'s state, the newest queued behind it.
    func carrying(_ start: DevicePayload, newer: DevicePayload) -> DevicePayload
    /// What of a push (of an event of `kind`) goes at `now`: most pushes are one step.
    func step(_ payload: DevicePayload, kind: LifecycleEventKind, at now: Date) -> DevicePushStep
    /// Whether the push is a moment that matters (a lead change, a final): it may spend a
    /// daily allowance's reserve.
    func isImportant(_ payload: DevicePayload) -> Bool
}

extension DevicePushCoding {
    /// The push for `event`, whose envelope is `envelope`: a league's or a person's.
    public func encode(_ envelope: EventEnvelope, event: ActivityEvent<some LifecycleView>, at now: Date) throws -> DevicePayload {
        try encode(envelope, at: now)
    }

    public func carrying(_ start: DevicePayload, newer: DevicePayload) -> DevicePayload { start }
    public func step(_ payload: DevicePayload, kind: LifecycleEventKind, at now: Date) -> DevicePushStep {
        DevicePushStep(payload: payload, counted: kind != .end, nextStepAt: nil)
    }
}

/// The part of a push that goes at a given instant. Most pushes are one step; Home
/// Assistant's end that keeps the final score up is two: the final state (a counted push)
/// until its clear is due, then the clear (a command the relay does not count).
public struct DevicePushStep: Sendable, Hashable {
    /// What to send now.
    public let payload: DevicePayload
    /// Whether it spends the target's daily allowance: every push but a command (an end's clear).
    public let counted: Bool
    /// When the push's next step is due once this one is taken; `nil` when this is the last.
    public let nextStepAt: Date?

    public init(payload: DevicePayload, counted: Bool, nextStepAt: Date?) {
        self.payload = payload
        self.counted = counted
        self.nextStepAt = nextStepAt
    }
}
