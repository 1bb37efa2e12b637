import Foundation

/// The resolved, validated configuration. Build it with ``ConfigurationLoader``.
public struct SidelineConfiguration: Sendable, Hashable {
    public let databasePath: String
    /// Whether `database` was set by flag, environment or file. Its directory must then
    /// exist: a missing one is an unmounted volume, not a first run.
    public let databaseIsExplicit: Bool
    /// Where the store is (`store.url`); a SQLite one's path is ``databasePath`` too.
    public let store: StoreLocation
    /// The address this poller's Sleeper calls leave from (`cluster.egress`, issue 32): the
    /// pollers of one PostgreSQL store that name the same egress share one call budget.
    /// `""` (unset): the one egress.
    public let egress: String
    /// This poller's part in a cluster (issue 32): `nil` unless `cluster.egress` is set.
    public let cluster: ClusterSettings?
    public let cacheDirectory: String
    public let sleeperURL: URL
    public let scoresURL: URL
    public let espnURL: URL
    public let maxCallsPerMinute: Int
    public let registrationHeadroom: Int
    public let timeout: TimeInterval
    /// The local address Sleeper, scores feed and ESPN calls leave from
    /// (`http.source_address`, an IP literal checked at load), `nil` for the routing table's
    /// pick. The sinks are not bound to it (see `Wiring.sinkTransport`).
    public let sourceAddress: String?
    public let poll: PollSettings
    public let passInterval: TimeInterval
    public let lifecycle: LifecycleSettings
    /// The activity scope of users registered from now on (`activities.new_user_scope`, ADR 039).
    public let newUserScope: ActivityScope
    public let timeZone: TimeZone
    public let localeIdentifier: String
    public let sinks: [String]
    public let webhookURL: URL?
    public let webhookSecret: Secret?
    public let ntfyURL: URL
    public let ntfyTopic: String?
    public let ntfyToken: Secret?
    /// `nil` unless `sinks.enabled` includes apns.
    public let apns: APNsSettings?
    /// `nil` unless `sinks.enabled` includes homeassistant.
    public let homeAssistant: HomeAssistantSettings?
    /// How long an ended activity stays on the Lock Screen (`display.dismissal_minutes`, or
    /// its former name `apns.dismissal_minutes`), on every sink.
    public let dismissalDelay: TimeInterval
    public let logLevel: String
    public let server: ServerSettings
    /// The configuration file these values were read from (`nil`: none was read), for
    /// `status`, the status page and `sideline config show`.
    public let configurationFile: String?
    /// Every key that has a value, and where it came from (secrets without their value).
    public let settings: [ConfigurationSetting]

    init(values: [String: String], databaseIsExplicit: Bool, configurationFile: String? = nil, settings: [ConfigurationSetting] = []) throws(ConfigurationError) {
        self.configurationFile = configurationFile
        self.settings = settings
        func value(_ key: String) throws(ConfigurationError) -> String {
            guard let value = values[key] else { throw ConfigurationError("\(key) has no value") }
            return value
        }
        func url(_ key: String) throws(ConfigurationError) -> URL {
            guard let url = URL(string: try value(key)) else { throw ConfigurationError("\(key) is not a URL") }
            return url
        }
        func number(_ key: String) throws(ConfigurationError) -> Double { Double(try value(key)) ?? 0 }

        store = try StoreLocation.parse(values["store.url"], passwordFile: values["store.password_file"], database: try value("database"), databaseIsExplicit: databaseIsExplicit)
        // A SQLite `store.url` is the database: its lock file, backup and `status` line follow it.
        if case .sqlite(let path, let explicit) = store {
            databasePath = path
            self.databaseIsExplicit = explicit
        } else {
            databasePath = try value("database")
            self.databaseIsExplicit = databaseIsExplicit
        }
        egress = try ClusterEgress.parse(values["cluster.egress"], store: store)
        cacheDirectory = try value("cache_dir")
        sleeperURL = try url("sleeper.url")
        scoresURL = try url("scores.url")
        espnURL = try url("espn.url")
        maxCallsPerMinute = Int(try value("sleeper.max_calls_per_minute")) ?? 1000
        registrationHeadroom = Int(try value("sleeper.registration_headroom")) ?? 50
        guard registrationHeadroom < maxCallsPerMinute else {
            throw ConfigurationError("sleeper.registration_headroom (\(registrationHeadroom)) must be below sleeper.max_calls_per_minute (\(maxCallsPerMinute))")
        }
        timeout = try number("sleeper.timeout_seconds")
        sourceAddress = values["http.source_address"]
        poll = PollSettings(matchupsSeconds: try number("polling.matchups_seconds"))
        passInterval = try number("polling.pass_seconds")
        cluster = try ClusterSettings.parse(values, explicit: Set(settings.filter { $0.source != "default" }.map(\.key)), egress: egress, passInterval: passInterval)
        lifecycle = LifecycleSettings(
            graceMinutes: try number("lifecycle.grace_minutes"),
            bridgeMinutes: try number("lifecycle.bridge_minutes"),
            maxActivityHours: try number("lifecycle.max_activity_hours")
        )
        newUserScope = ActivityScope(rawValue: values["activities.new_user_scope"] ?? "person") ?? .person
        timeZone = TimeZone(identifier: try value("display.time_zone")) ?? .gmt
        localeIdentifier = try value("display.locale")
        sinks = try value("sinks.enabled").split(separator: ",").map(String.init)
        webhookURL = values["sinks.webhook.url"].flatMap(URL.init(string:))
        webhookSecret = values["sinks.webhook.secret"].map(Secret.init)
        ntfyURL = try url("sinks.ntfy.url")
        ntfyTopic = values["sinks.ntfy.topic"]
        ntfyToken = values["sinks.ntfy.token"].map(Secret.init)
        if sinks.contains("webhook") {
            guard webhookURL != nil else { throw ConfigurationError("sinks.webhook.url is required when sinks.enabled includes webhook") }
            guard webhookSecret != nil else { throw ConfigurationError("sinks.webhook.secret is required when sinks.enabled includes webhook") }
        }
        if sinks.contains("ntfy"), ntfyTopic == nil {
            throw ConfigurationError("sinks.ntfy.topic is required when sinks.enabled includes ntfy")
        }
        dismissalDelay = (Double(values["display.dismissal_minutes"] ?? values["apns.dismissal_minutes"] ?? "0") ?? 0) * 60
        apns = sinks.contains("apns") ? try APNsSettings(values: values, dismissalDelay: dismissalDelay) : nil
        homeAssistant = sinks.contains("homeassistant") ? try HomeAssistantSettings(values: values) : nil
        logLevel = try value("log.level")
        server = try ServerSettings(values: values)
    }

    public var rateBudget: RateBudget { RateBudget(limit: maxCallsPerMinute, headroom: registrationHeadroom) }
}
