import Foundation

/// One configuration key: its dotted name, type, default and allowed range.
///
/// The environment variable for a key follows one rule: `SIDELINE_` + the key upper-cased
/// with dots turned into underscores (`sleeper.max_calls_per_minute` →
/// `SIDELINE_SLEEPER_MAX_CALLS_PER_MINUTE`).
public struct ConfigurationKey: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case string
        case integer(ClosedRange<Int>)
        case number(ClosedRange<Double>)
        case url
        case timeZone
        case list(allowed: [String])
        /// Exactly one of `allowed`.
        case choice(allowed: [String])
        /// A string that must never appear in logs or errors.
        case secret
        /// An IPv4 or IPv6 address literal (no host name, interface name or port).
        case ipAddress
    }

    public let name: String
    public let kind: Kind
    /// The default as text (`nil`: derived at run time, see ``SidelineConfiguration``).
    public let defaultValue: String?
    public let help: String

    public var environmentName: String {
        "SIDELINE_" + name.uppercased().replacingOccurrences(of: ".", with: "_")
    }

    /// The sink whose settings this key holds (read only when that sink is enabled), or `nil`
    /// for a key that is always read.
    public var sink: String? {
        for (prefix, sink) in [("sinks.webhook.", "webhook"), ("sinks.ntfy.", "ntfy"), ("apns.", "apns"), ("homeassistant.", "homeassistant")]
        where name.hasPrefix(prefix) { return sink }
        return nil
    }
}

extension ConfigurationKey {
    /// Every key Sideline reads. `config/sideline.example.json` documents the same list,
    /// and a test keeps the two in step.
    public static let all: [ConfigurationKey] = [
        .init(name: "database", kind: .string, defaultValue: nil,
              help: "SQLite file holding registrations, lifecycle state, the call log and the outbox."),
        .init(name: "store.url", kind: .secret, defaultValue: nil,
              help: "The store: absent, the database file; sqlite:PATH or a path, that SQLite file; postgres://… a PostgreSQL server. May hold a password: never logged."),
        .init(name: "store.password_file", kind: .string, defaultValue: nil,
              help: "A file whose first line is the PostgreSQL password (instead of one in store.url; PGPASSWORD and ~/.pgpass work too). Only with a postgres:// store.url."),
        .init(name: "cluster.egress", kind: .string, defaultValue: nil,
              help: "Names the address this poller's Sleeper calls leave from (letters, digits, . - _; up to 63). Pollers sharing a PostgreSQL store and an egress share one call budget; absent, they all share one. Only with a postgres:// store.url."),
        .init(name: "cluster.poller_id", kind: .string, defaultValue: nil,
              help: "A fixed id for this poller (letters, digits, . - _). Absent: a new random id each process start. Set it for pollers run from cron, so one `tick` keeps the leases of the last. Needs cluster.egress."),
        .init(name: "cluster.lease_seconds", kind: .number(10...3600), defaultValue: "120",
              help: "How long a poller's leases (its leagues, persons, the feeds) last unless renewed: a poller that dies loses its work to the others after at most this long. At least twice polling.pass_seconds. Needs cluster.egress."),
        .init(name: "cluster.lease_clock", kind: .choice(allowed: ["database", "pass"]), defaultValue: "database",
              help: "Which clock leases run on: database (the server's, one clock for every host) or pass (the pass's instant, for `tick --now` replays and tests; every poller must agree). Needs cluster.egress."),
        .init(name: "cache_dir", kind: .string, defaultValue: nil,
              help: "Directory for downloaded data (the players index)."),
        .init(name: "sleeper.url", kind: .url, defaultValue: "https://api.sleeper.app",
              help: "Sleeper API base URL; the client appends /v1/…"),
        .init(name: "sleeper.max_calls_per_minute", kind: .integer(1...1000), defaultValue: "1000",
              help: "Most calls to Sleeper's hosts in any 60-second window, across passes and processes."),
        .init(name: "sleeper.registration_headroom", kind: .integer(0...500), defaultValue: "50",
              help: "Calls per minute the scheduler leaves free for registrations."),
        .init(name: "sleeper.timeout_seconds", kind: .number(1...120), defaultValue: "15",
              help: "Per-request timeout for Sleeper, the scores feed and ESPN."),
        .init(name: "http.source_address", kind: .ipAddress, defaultValue: nil,
              help: "A local IPv4 or IPv6 address of this host that Sleeper, scores feed and ESPN calls leave from (Sleeper counts calls per address). Unset: the routing table picks. Sinks are not bound to it."),
        .init(name: "scores.url", kind: .url, defaultValue: "https://api.sleeper.com",
              help: "Sleeper scores feed base URL (game statuses)."),
        .init(name: "espn.url", kind: .url, defaultValue: "https://site.api.espn.com",
              help: "ESPN scoreboard base URL (fallback for game statuses)."),
        .init(name: "polling.matchups_seconds", kind: .number(60...3600), defaultValue: "60",
              help: "Refresh interval for leagues with a live or grace activity (60 is the minimum: Sleeper's CDN caches matchups for 60 s)."),
        .init(name: "polling.pass_seconds", kind: .number(5...600), defaultValue: "30",
              help: "How often the daemon wakes up to run a pass."),
        .init(name: "lifecycle.grace_minutes", kind: .number(0...240), defaultValue: "30",
              help: "How long an activity stays after the last starter's game ends."),
        .init(name: "lifecycle.bridge_minutes", kind: .number(0...240), defaultValue: "30",
              help: "Hold an activity over a gap this short before a starter's kickoff instead of ending and restarting."),
        .init(name: "lifecycle.max_activity_hours", kind: .number(0.5...7.9), defaultValue: "7.5",
              help: "Roll an activity over (end + start) at this age; Apple ends activities at 8 hours."),
        .init(name: "activities.new_user_scope", kind: .choice(allowed: ["person", "league"]), defaultValue: "person",
              help: "What a user registered from now on gets: one Live Activity across all their leagues (person) or one per league (league). `sideline users scope` changes one user."),
        .init(name: "display.time_zone", kind: .timeZone, defaultValue: "America/New_York",
              help: "Time zone for times shown on the Lock Screen."),
        .init(name: "display.locale", kind: .string, defaultValue: "en_US",
              help: "Locale for times shown on the Lock Screen."),
        .init(name: "display.dismissal_minutes", kind: .number(0...240), defaultValue: nil,
              help: "How long an ended activity stays on the Lock Screen after its final push, on every sink (0, the default: it is removed at the end). Formerly apns.dismissal_minutes."),
        .init(name: "sinks.enabled", kind: .list(allowed: ["stdout", "apns", "homeassistant", "webhook", "ntfy"]), defaultValue: "stdout",
              help: "Push sinks for real (non-dry-run) passes, comma-separated: stdout, apns, homeassistant, webhook, ntfy."),
        .init(name: "sinks.webhook.url", kind: .url, defaultValue: nil,
              help: "Where the webhook sink POSTs each event (Standard Webhooks signatures). Required when webhook is enabled."),
        .init(name: "sinks.webhook.secret", kind: .secret, defaultValue: nil,
              help: "The webhook signing secret, whsec_<base64> (at least 24 bytes). Never logged. Required when webhook is enabled."),
        .init(name: "sinks.ntfy.url", kind: .url, defaultValue: "https://ntfy.sh",
              help: "The ntfy server."),
        .init(name: "sinks.ntfy.topic", kind: .string, defaultValue: nil,
              help: "The ntfy topic (letters, digits, _ or -). Required when ntfy is enabled."),
        .init(name: "sinks.ntfy.token", kind: .secret, defaultValue: nil,
              help: "An ntfy access token (tk_…), sent as a bearer token. Never logged. Optional."),
        .init(name: "apns.key_file", kind: .string, defaultValue: nil,
              help: "The APNs auth key (.p8) from the Apple developer account; keep it readable by Sideline only. Required when apns is enabled."),
        .init(name: "apns.key_id", kind: .string, defaultValue: nil,
              help: "The 10-character id of that key. Required when apns is enabled."),
        .init(name: "apns.team_id", kind: .string, defaultValue: nil,
              help: "The 10-character Apple team id. Required when apns is enabled."),
        .init(name: "apns.bundle_id", kind: .string, defaultValue: nil,
              help: "The iOS app's bundle id; pushes use the topic <bundle id>.push-type.liveactivity. Required when apns is enabled."),
        .init(name: "apns.url", kind: .url, defaultValue: nil,
              help: "Send every push to this base URL instead of Apple's hosts (a local test server)."),
        .init(name: "apns.ca_file", kind: .string, defaultValue: nil,
              help: "A PEM file of certificates to trust for apns.url (a local test server's self-signed certificate)."),
        .init(name: "apns.dismissal_minutes", kind: .number(0...240), defaultValue: nil,
              help: "The former name of display.dismissal_minutes, still read when that one is not set."),
        .init(name: "homeassistant.url", kind: .url, defaultValue: nil,
              help: "Home Assistant's base URL, e.g. http://homeassistant.local:8123. Required when homeassistant is enabled."),
        .init(name: "homeassistant.token", kind: .secret, defaultValue: nil,
              help: "A long-lived access token from your Home Assistant profile. Never logged. Required when homeassistant is enabled."),
        .init(name: "homeassistant.daily_pushes", kind: .integer(10...500), defaultValue: "300",
              help: "Live Activity starts and updates per notify service per UTC day; HA's relay allows 500 a phone, shared with your own automations."),
        .init(name: "homeassistant.ca_file", kind: .string, defaultValue: nil,
              help: "A PEM file of certificates to trust for homeassistant.url (an HA with a self-signed certificate)."),
        .init(name: "server.address", kind: .string, defaultValue: "127.0.0.1",
              help: "Address the device API and status page listen on (`sideline run`, `sideline serve`). Put TLS in a reverse proxy in front."),
        .init(name: "server.port", kind: .integer(0...65535), defaultValue: "8787",
              help: "Port of the device API and status page (0: any free port, logged at start)."),
        .init(name: "server.admin_token", kind: .secret, defaultValue: nil,
              help: "Bearer token for the admin endpoints and the status page (at least 24 characters). Never logged. Without it they answer 403."),
        .init(name: "server.public_url", kind: .url, defaultValue: nil,
              help: "The URL phones reach the API at (through your reverse proxy); put in the pairing QR code. Optional."),
        .init(name: "server.pairing_minutes", kind: .number(1...1440), defaultValue: "15",
              help: "How long a pairing code from `sideline devices invite` stays valid."),
        .init(name: "server.trusted_proxies", kind: .string, defaultValue: nil,
              help: "Comma-separated addresses of reverse proxies whose X-Forwarded-For names the client (for slowing down failed logins). Optional."),
        .init(name: "log.level", kind: .choice(allowed: ["trace", "debug", "info", "notice", "warning", "error"]), defaultValue: "info",
              help: "Log level (logs go to stderr)."),
    ]

    public static let byName: [String: ConfigurationKey] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}
