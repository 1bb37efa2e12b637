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

    public init(id: String, sleeperUserID: String, name: String, environment: PushEnvironment, pushToStartToken: String?, pushToStartUpdatedAt: Date?, createdAt: Date) {
        self.id = id
        self.sleeperUserID = sleeperUserID
        self.name = name
        self.environment = environment
        self.pushToStartToken = pushToStartToken
        self.pushToStartUpdatedAt = pushToStartUpdatedAt
        self.createdAt = createdAt
    }
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
