import Foundation

/// The APNs sink's settings (`apns.*`), validated when `sinks.enabled` includes apns.
/// Reading the key file is the adapter's job; here it is only a path.
public struct APNsSettings: Sendable, Hashable {
    public let keyFile: String
    public let keyID: String
    public let teamID: String
    public let bundleID: String
    /// Replaces both of Apple's hosts (tests and local servers).
    public let baseURL: URL?
    public let caFile: String?
    /// ``SidelineConfiguration/dismissalDelay``, kept here for the sink's wiring.
    public let dismissalDelay: TimeInterval

    /// `apns-topic` for Live Activity pushes (the bare bundle id fails with DeviceTokenNotForTopic).
    public var topic: String { "\(bundleID).push-type.liveactivity" }

    init(values: [String: String], dismissalDelay: TimeInterval) throws(ConfigurationError) {
        func required(_ key: String) throws(ConfigurationError) -> String {
            guard let value = values[key] else { throw ConfigurationError("\(key) is required when sinks.enabled includes apns") }
            return value
        }
        keyFile = try required("apns.key_file")
        keyID = try required("apns.key_id")
        teamID = try required("apns.team_id")
        bundleID = try required("apns.bundle_id")
        for (key, value) in [("apns.key_id", keyID), ("apns.team_id", teamID)] where value.count != 10 || !value.allSatisfy({ $0.isLetter || $0.isNumber }) {
            throw ConfigurationError("\(key) must be Apple's 10-character id (letters and digits), got \"\(value)\"")
        }
        guard bundleID.contains("."), !bundleID.hasSuffix(".push-type.liveactivity") else {
            throw ConfigurationError("apns.bundle_id must be the app's bundle id like com.example.sideline (without .push-type.liveactivity), got \"\(bundleID)\"")
        }
        baseURL = values["apns.url"].flatMap(URL.init(string:))
        caFile = values["apns.ca_file"]
        self.dismissalDelay = dismissalDelay
    }
}
