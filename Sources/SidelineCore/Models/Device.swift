import Foundation

/// Which APNs host a device token belongs to. A token only works on its own host, so the
/// environment is stored with every device.
public enum PushEnvironment: String, Sendable, Codable, Hashable, CaseIterable {
    case sandbox, production
}

/// A phone or iPad of a Sleeper user. It serves all of that user's registrations: every
/// activity starts on each of the user's devices through the device's push-to-start token.
public struct Device: Sendable, Hashable, Identifiable {
    public let id: String
    public let sleeperUserID: String
    public let name: String
    public let environment: PushEnvironment
    /// `nil` once APNs rejected it (the app sends a fresh one on its next launch).
    public let pushToStartToken: String?
    public let pushToStartUpdatedAt: Date?
    public let createdAt: Date
    /// A Home Assistant target: the Companion app's notify service (`mobile_app_alex_iphone`).
    /// `nil` for an APNs device (the app Sideline pushes to itself).
    public let notifyService: String?
    /// `devices pause`: nothing is pushed to it before this instant.
    public let pausedUntil: Date?
    /// Why Home Assistant refused this target (400: unknown service, bad data); nothing is
    /// pushed to it until it is added again or HA lists its service.
    public let brokenReason: String?

    public init(id: String, sleeperUserID: String, name: String, environment: PushEnvironment, pushToStartToken: String?, pushToStartUpdatedAt: Date?, createdAt: Date,
                notifyService: String? = nil, pausedUntil: Date? = nil, brokenReason: String? = nil) {
        self.id = id
        self.sleeperUserID = sleeperUserID
        self.name = name
        self.environment = environment
        self.pushToStartToken = pushToStartToken
        self.pushToStartUpdatedAt = pushToStartUpdatedAt
        self.createdAt = createdAt
        self.notifyService = notifyService
        self.pausedUntil = pausedUntil
        self.brokenReason = brokenReason
    }

    /// How pushes reach it.
    public var kind: DeviceKind { notifyService == nil ? .apns : .homeAssistant }
}

/// How a device gets its Live Activity: pushed by Sideline over APNs to an app of your own,
/// or through Home Assistant's Companion app.
public enum DeviceKind: String, Sendable, Codable, Hashable {
    case apns
    case homeAssistant = "homeassistant"
}

/// APNs device tokens as Sideline accepts them: ASCII hex, normalised to lowercase.
///
/// The length is deliberately not fixed (Live Activity tokens are longer than the classic
/// 64 hex characters); only absurd lengths are refused.
public enum PushToken {
    public static let minimumLength = 16
    public static let maximumLength = 512

    /// The normalised token, or `nil` with the reason in ``problem(with:)``.
    public static func normalized(_ text: String) -> String? {
        problem(with: text) == nil ? text.lowercased() : nil
    }

    /// Why `text` is not a token, as one readable line; `nil` when it is fine.
    public static func problem(with text: String) -> String? {
        guard !text.isEmpty else { return Messages.Devices.tokenEmpty }
        guard text.count <= maximumLength else { return Messages.Devices.tokenTooLong(text.count, maximum: maximumLength) }
        guard text.allSatisfy(HexText.isDigit) else { return Messages.Devices.tokenNotHex }
        guard text.count >= minimumLength, text.count.isMultiple(of: 2) else { return Messages.Devices.tokenWrongLength(text.count) }
        return nil
    }

    /// A token as logs and listings show it: never whole.
    public static func shortened(_ token: String) -> String {
        token.count <= 12 ? token : "\(token.prefix(8))…\(token.suffix(4))"
    }
}
