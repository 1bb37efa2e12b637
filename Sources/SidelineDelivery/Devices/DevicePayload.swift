import Foundation
import SidelineCore

/// What one device push carries, encoded once when its event was committed.
public enum DevicePayload: Sendable, Hashable {
    /// APNs: the aps parts; the device's timestamp and dismissal date are spliced in at send time.
    case apns(DevicePushBody)
    /// Home Assistant: the whole `notify` body, and whether it is a moment that matters (a
    /// start, a resumed game, a lead change, a final), which may use the allowance's reserve.
    case homeAssistant(body: Data, important: Bool)
    /// Home Assistant's end that keeps the final score up (`display.dismissal_minutes`): the
    /// final state as a last `live_update` until `clearAt`, then the `clear_notification`
    /// command (see ``step(kind:at:)``).
    case homeAssistantEnd(finalState: Data, clear: Data, clearAt: Date)

    /// The sink a payload belongs to, as stored beside it.
    public var sink: String {
        switch self {
        case .apns: DevicePush.sinkName
        case .homeAssistant, .homeAssistantEnd: DevicePayload.homeAssistantSink
        }
    }

    public static let homeAssistantSink = "homeassistant"

    public var apns: DevicePushBody? {
        if case .apns(let body) = self { return body }
        return nil
    }

    /// This (a start), showing `newer`'s state: a start sent late carries the newest state
    /// queued behind it. For Home Assistant the newest body is the whole push (its title
    /// is the activity's, the same in every push of it).
    public func carrying(_ newer: DevicePayload) -> DevicePayload {
        switch (self, newer) {
        case (.apns(let start), .apns(let update)): .apns(start.carrying(update))
        case (.homeAssistant(_, let important), .homeAssistant(let body, _)): .homeAssistant(body: body, important: important)
        default: self
        }
    }

    /// Storage: APNs parts as ``DevicePushBody/storageBytes``; Home Assistant as one flag
    /// byte and the JSON (flag 2: an end in two steps, ``homeAssistantEndStorage``).
    public var storageBytes: Data {
        switch self {
        case .apns(let body): body.storageBytes
        case .homeAssistant(let body, let important): Data([important ? 1 : 0]) + body
        case .homeAssistantEnd: homeAssistantEndStorage
        }
    }

    public init(sink: String, storageBytes: Data) throws {
        if sink == Self.homeAssistantSink {
            guard let flag = storageBytes.first else { throw DevicePushBody.StorageError(description: "a stored Home Assistant push is empty") }
            if flag == 2 { self = try Self.homeAssistantEnd(storageBytes: storageBytes.dropFirst()); return }
            self = .homeAssistant(body: Data(storageBytes.dropFirst()), important: flag == 1)
        } else {
            self = .apns(try DevicePushBody(storageBytes: storageBytes))
        }
    }
}
