import Foundation

/// `apns-priority`. Overusing 10 exhausts a per-device budget, after which updates stop
/// arriving without any error, so 5 is the default and 10 is for moments that matter now.
public enum APNsPriority: Int, Sendable, Hashable, Codable {
    /// 5: delivered when convenient for the device; no budget.
    case opportunistic = 5
    /// 10: delivered now; budgeted by the system.
    case immediate = 10
}

/// One Live Activity push: where it goes and the bytes it carries.
public struct APNsRequest: Sendable, Hashable, CustomStringConvertible {
    /// The activity's (or the app's push-to-start) token, lowercase hex. Its length is not
    /// checked: Live Activity tokens are longer than the 64 characters of device tokens.
    public let deviceToken: String
    /// The environment the token was issued in.
    public let environment: APNsEnvironment
    public let priority: APNsPriority
    /// `apns-expiration`: until when APNs should keep trying to deliver; `nil` sends `0`
    /// (deliver once now or never), right for a score that a newer push will supersede.
    public let expiration: Date?
    /// `apns-id`, echoed back by APNs and kept in the log to trace a push.
    public let apnsID: UUID
    /// The encoded `{"aps": …}` (see `LiveActivityPayload.encoded()`).
    public let payload: Data

    /// - Throws: ``APNsRequestError/invalidDeviceToken(_:)`` unless the token is non-empty
    ///   hex (surrounding whitespace is ignored, case is normalised to lowercase).
    public init(
        deviceToken: String, environment: APNsEnvironment, priority: APNsPriority = .opportunistic,
        expiration: Date? = nil, apnsID: UUID = UUID(), payload: Data
    ) throws(APNsRequestError) {
        let token = deviceToken.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !token.isEmpty, token.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }) else {
            throw .invalidDeviceToken(Self.redact(token))
        }
        self.deviceToken = token
        self.environment = environment
        self.priority = priority
        self.expiration = expiration
        self.apnsID = apnsID
        self.payload = payload
    }

    /// `<bundle id>.push-type.liveactivity`: the bare bundle id is refused for Live
    /// Activities with `DeviceTokenNotForTopic`.
    public static func topic(bundleID: String) -> String { bundleID + ".push-type.liveactivity" }

    /// `apns-expiration`: Unix seconds, `0` for none.
    public var expirationHeader: String {
        guard let expiration else { return "0" }
        return String(Int(expiration.timeIntervalSince1970.rounded(.down)))
    }

    /// The request path on the APNs host.
    public var path: String { "/3/device/" + deviceToken }

    /// Every header APNs needs for a Live Activity push, in a fixed order.
    public func headers(bearer jwt: String, bundleID: String) -> [(name: String, value: String)] {
        [
            ("authorization", "bearer " + jwt),
            ("apns-push-type", "liveactivity"),
            ("apns-topic", Self.topic(bundleID: bundleID)),
            ("apns-priority", String(priority.rawValue)),
            ("apns-expiration", expirationHeader),
            ("apns-id", apnsID.uuidString.lowercased()),
            ("content-type", "application/json"),
        ]
    }

    /// The token's first 8 characters and an ellipsis: enough to match log lines, not
    /// enough to push to the device.
    public var redactedToken: String { Self.redact(deviceToken) }

    public var description: String {
        "APNs push to \(redactedToken) (\(environment.rawValue), priority \(priority.rawValue), \(payload.count) bytes, apns-id \(apnsID.uuidString.lowercased()))"
    }

    static func redact(_ token: String) -> String {
        token.count <= 8 ? token : String(token.prefix(8)) + "…"
    }
}

public enum APNsRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Carries the redacted token only.
    case invalidDeviceToken(String)

    public var description: String {
        switch self {
        case .invalidDeviceToken(let redacted):
            "APNs device token \(redacted.isEmpty ? "(empty)" : redacted) is not a hex string"
        }
    }
}
