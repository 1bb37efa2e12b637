import Foundation

/// The Home Assistant sink's settings (`homeassistant.*`), validated when `sinks.enabled`
/// includes homeassistant: Live Activities through the Companion app, paced within HA's push
/// relay allowance (`../shared/docs/home-assistant-live-activities.md`, ADR 023).
public struct HomeAssistantSettings: Sendable, Hashable {
    public let baseURL: URL
    /// A long-lived access token; never logged.
    public let token: Secret
    /// Starts and updates per notify service per UTC day (the relay allows 500 a phone,
    /// shared with the person's own automations).
    public let dailyPushes: Int
    /// PEM certificates to trust (an HA with a self-signed certificate).
    public let caFile: String?

    init(values: [String: String]) throws(ConfigurationError) {
        func required(_ key: String) throws(ConfigurationError) -> String {
            guard let value = values[key], !value.isEmpty else { throw ConfigurationError("\(key) is required when sinks.enabled includes homeassistant") }
            return value
        }
        let url = try required("homeassistant.url")
        guard let baseURL = URL(string: url), let scheme = baseURL.scheme?.lowercased(), ["http", "https"].contains(scheme), baseURL.host != nil else {
            throw ConfigurationError("homeassistant.url must be an http:// or https:// URL like http://homeassistant.local:8123")
        }
        self.baseURL = baseURL
        token = Secret(try required("homeassistant.token"))
        dailyPushes = Int(values["homeassistant.daily_pushes"] ?? "300") ?? 300
        caFile = values["homeassistant.ca_file"]
    }
}
