import Foundation
import SidelineCore
import SidelineDelivery

/// Home Assistant's device pushes (ADR 031, 032): the whole `notify` body, built with the
/// event, and whether it is a moment that matters; an end that keeps the final score up
/// (`display.dismissal_minutes`) is two steps in one push: the final state as a last
/// `live_update` until its clear is due, then the `clear_notification` command.
public struct HomeAssistantPushCoding: DevicePushCoding {
    public let sink = HomeAssistantSink.sinkName
    /// How long an ended activity's final score stays up.
    let dismissalDelay: TimeInterval

    public init(dismissalDelay: TimeInterval) {
        self.dismissalDelay = dismissalDelay
    }

    /// What a stored Home Assistant push is.
    enum Push: Hashable {
        /// One `notify` body; `important`: it may spend the allowance's reserve.
        case notify(body: Data, important: Bool)
        /// The final state until `clearAt`, then the clear.
        case end(finalState: Data, clear: Data, clearAt: Date)
    }

    /// One tag per activity (its id) and its attributes' title, for a league's activity or a
    /// person's alike: a person's title is fixed for the activity, so one notification is
    /// replaced in place all day.
    public func encode(_ envelope: EventEnvelope, at now: Date) throws -> DevicePayload {
        let notification = HomeAssistantNotification.forEvent(
            kind: envelope.event, reason: envelope.reason, activityID: envelope.activity, at: now,
            attributes: envelope.attributes, state: envelope.contentState, dismissalDelay: dismissalDelay
        )
        if let clearAt = HomeAssistantNotification.clearAt(kind: envelope.event, reason: envelope.reason, at: now, dismissalDelay: dismissalDelay) {
            // The final score stays up: the final state now, the clear when it is due.
            let clear = try HomeAssistantNotification.clear(activityID: envelope.activity).encoded()
            return payload(.end(finalState: try notification.encoded(), clear: clear, clearAt: clearAt))
        }
        let important = envelope.event == .start || envelope.reason == .resumed || (envelope.push?.isMoment ?? false)
        return payload(.notify(body: try notification.encoded(), important: important))
    }

    /// For Home Assistant the newest body is the whole push (its title is the activity's,
    /// the same in every push of it); the start keeps its importance.
    public func carrying(_ start: DevicePayload, newer: DevicePayload) -> DevicePayload {
        // Unreadable either side: the start goes as it was, and its send is refused with the reason.
        guard case .notify(_, let important)? = try? push(start), case .notify(let body, _)? = try? push(newer) else { return start }
        return payload(.notify(body: body, important: important))
    }

    /// Which step of a push goes at `now`. The row holds both steps of a two-step end and
    /// the instant of the second, so which is due follows from the clock alone: once the
    /// final state was taken the row waits (`not_before`) until the clear is due, and a
    /// restart neither repeats the clear nor loses it (ADR 032).
    public func step(_ stored: DevicePayload, kind: LifecycleEventKind, at now: Date) -> DevicePushStep {
        guard case .end(let finalState, let clear, let clearAt)? = try? push(stored) else {
            // An end is the clear command: not counted. (Unreadable: sent as it is and refused.)
            return DevicePushStep(payload: stored, counted: kind != .end, nextStepAt: nil)
        }
        return now < clearAt
            ? DevicePushStep(payload: payload(.notify(body: finalState, important: true)), counted: true, nextStepAt: clearAt)
            : DevicePushStep(payload: payload(.notify(body: clear, important: true)), counted: false, nextStepAt: nil)
    }

    public func isImportant(_ stored: DevicePayload) -> Bool {
        // Unreadable: not a moment that matters; its send is refused with the reason.
        switch try? push(stored) {
        case .notify(_, let important)?: important
        case .end?: true
        case nil: false
        }
    }

    /// The `notify` body of a one-step push (what ``step(_:kind:at:)`` hands the sink).
    func notifyBody(_ stored: DevicePayload) throws -> Data {
        guard case .notify(let body, _) = try push(stored) else { throw StorageError("a two-step end was handed to the sink whole") }
        return body
    }

    // MARK: - Storage

    func payload(_ push: Push) -> DevicePayload { DevicePayload(sink: sink, bytes: Self.bytes(push)) }

    /// One flag byte (0, 1: a `notify` body, important or not; 2: a two-step end) and the
    /// JSON; an end: the clear's instant (Unix seconds, 8 bytes big-endian), the final
    /// state's length (4 bytes big-endian), the final state's JSON, the clear's JSON.
    static func bytes(_ push: Push) -> Data {
        switch push {
        case .notify(let body, let important):
            return Data([important ? 1 : 0]) + body
        case .end(let finalState, let clear, let clearAt):
            var bytes = Data([2])
            withUnsafeBytes(of: Int64(clearAt.timeIntervalSince1970.rounded(.down)).bigEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: UInt32(finalState.count).bigEndian) { bytes.append(contentsOf: $0) }
            return bytes + finalState + clear
        }
    }

    /// The inverse of ``bytes(_:)``.
    func push(_ stored: DevicePayload) throws -> Push {
        guard let flag = stored.bytes.first else { throw StorageError("a stored Home Assistant push is empty") }
        guard flag == 2 else { return .notify(body: Data(stored.bytes.dropFirst()), important: flag == 1) }
        let bytes = [UInt8](stored.bytes.dropFirst())
        guard bytes.count >= 12 else { throw StorageError("a stored Home Assistant end is truncated") }
        let seconds = bytes[0..<8].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let length = Int(bytes[8..<12].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        guard bytes.count - 12 >= length else { throw StorageError("a stored Home Assistant end is truncated") }
        return .end(finalState: Data(bytes[12..<(12 + length)]), clear: Data(bytes[(12 + length)...]),
                    clearAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    struct StorageError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
