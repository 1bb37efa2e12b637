import Foundation
import SidelineCore

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
}

extension DevicePayload {
    /// What of this push (of an event of `kind`) goes at `now`. The row holds both steps of a
    /// two-step end and the instant of the second, so which step is due follows from the
    /// clock alone: once the final state was taken the row waits (`not_before`) until the
    /// clear is due, and a restart neither repeats the clear nor loses it (ADR 032).
    public func step(kind: LifecycleEventKind, at now: Date) -> DevicePushStep {
        switch self {
        case .homeAssistantEnd(let finalState, let clear, let clearAt):
            now < clearAt
                ? DevicePushStep(payload: .homeAssistant(body: finalState, important: true), counted: true, nextStepAt: clearAt)
                : DevicePushStep(payload: .homeAssistant(body: clear, important: true), counted: false, nextStepAt: nil)
        case .apns, .homeAssistant:
            // An end is Home Assistant's clear command: not counted.
            DevicePushStep(payload: self, counted: kind != .end, nextStepAt: nil)
        }
    }

    /// Flag byte 2, the clear's instant (Unix seconds, 8 bytes big-endian), the final state's
    /// length (4 bytes big-endian), the final state's JSON, the clear's JSON.
    var homeAssistantEndStorage: Data {
        guard case .homeAssistantEnd(let finalState, let clear, let clearAt) = self else { return Data() }
        var bytes = Data([2])
        withUnsafeBytes(of: Int64(clearAt.timeIntervalSince1970.rounded(.down)).bigEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(finalState.count).bigEndian) { bytes.append(contentsOf: $0) }
        return bytes + finalState + clear
    }

    /// The inverse of ``homeAssistantEndStorage`` (after the flag byte).
    static func homeAssistantEnd(storageBytes: Data) throws -> DevicePayload {
        let bytes = [UInt8](storageBytes)
        guard bytes.count >= 12 else { throw DevicePushBody.StorageError(description: "a stored Home Assistant end is truncated") }
        let seconds = bytes[0..<8].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let length = Int(bytes[8..<12].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        guard bytes.count - 12 >= length else { throw DevicePushBody.StorageError(description: "a stored Home Assistant end is truncated") }
        return .homeAssistantEnd(
            finalState: Data(bytes[12..<(12 + length)]), clear: Data(bytes[(12 + length)...]),
            clearAt: Date(timeIntervalSince1970: TimeInterval(seconds))
        )
    }
}
