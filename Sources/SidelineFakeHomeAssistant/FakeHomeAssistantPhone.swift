import Foundation
import SidelineCore

/// One Live Activity on the fake's phone, as HA core routes notify calls to it.
public struct FakeLiveActivity: Sendable, Hashable {
    public let tag: String
    /// The title it was started with: later pushes cannot change it.
    public let title: String
    /// The newest message, as rendered.
    public var message: String
    /// Pushes that started or updated it.
    public var pushes: Int
    /// Ended by `clear_notification` with its tag.
    public var ended: Bool

    public init(tag: String, title: String, message: String, pushes: Int, ended: Bool) {
        self.tag = tag
        self.title = title
        self.message = message
        self.pushes = pushes
        self.ended = ended
    }
}

/// What a phone behind the fake Home Assistant got, routed as HA core does (its
/// `mobile_app` live-activity code): `live_update: true` with a tag starts or updates that
/// tag's activity; `clear_notification` with a tag ends it (and clears a notification with
/// that tag); that command is not counted by the relay. Anything else, `end_live_activity`
/// included, is an ordinary notification, and counted.
public struct FakeHomeAssistantPhone: Sendable {
    public internal(set) var activities: [String: FakeLiveActivity] = [:]
    /// Ordinary notifications' rendered messages, oldest first.
    public internal(set) var notifications: [String] = []
    /// The relay's count per UTC day (`2026-11-22`): every push but a command.
    public internal(set) var counted: [String: Int] = [:]

    /// The message HA treats as the command that clears (and ends) by tag.
    public static let clearCommand = "clear_notification"

    mutating func receive(title: String?, message: String, data: JSONValue?, at: Date) {
        var tag: String?
        var live = false
        if case .object(let fields)? = data {
            if case .string(let value)? = fields["tag"] { tag = value }
            live = fields["live_update"] == .bool(true)
        }
        if message == Self.clearCommand {
            if let tag { activities[tag]?.ended = true }
            return
        }
        counted[PushAllowance.day(of: at), default: 0] += 1
        guard live, let tag else {
            notifications.append(message)
            return
        }
        if var activity = activities[tag], !activity.ended {
            activity.message = message
            activity.pushes += 1
            activities[tag] = activity
        } else {
            activities[tag] = FakeLiveActivity(tag: tag, title: title ?? "", message: message, pushes: 1, ended: false)
        }
    }
}
