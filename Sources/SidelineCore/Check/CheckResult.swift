import Foundation

/// One thing `sideline check` (or the credentials check at start-up) verified: what, whether
/// it holds, and in words what was seen or what to fix. Pure value: the probes that make
/// them live with each adapter.
public struct CheckResult: Sendable, Hashable, Codable {
    /// What was checked, as a configuration key or a part (`homeassistant.token`, `sleeper`).
    public let subject: String
    public let ok: Bool
    /// What was seen (✓) or what is wrong and the fix (✗): one line, never a secret.
    public let message: String

    public init(_ subject: String, ok: Bool, _ message: String) {
        self.subject = subject
        self.ok = ok
        self.message = message
    }

    public static func passed(_ subject: String, _ message: String) -> CheckResult { CheckResult(subject, ok: true, message) }
    public static func failed(_ subject: String, _ message: String) -> CheckResult { CheckResult(subject, ok: false, message) }
}

/// What one sink's credentials check said, as the store keeps it and `status` shows it.
public struct SinkCredentials: Sendable, Hashable, Codable {
    /// The sink's name (`apns`, `homeassistant`).
    public let sink: String
    /// How a person reads it (`APNs`, `Home Assistant`).
    public let label: String
    /// When it was checked (ISO 8601 UTC, as every instant of `status --json`).
    public let checkedAt: String
    public let results: [CheckResult]

    public init(sink: String, label: String, checkedAt: String, results: [CheckResult]) {
        self.sink = sink
        self.label = label
        self.checkedAt = checkedAt
        self.results = results
    }

    public var ok: Bool { results.allSatisfy(\.ok) }

    enum CodingKeys: String, CodingKey {
        case sink, label, results
        case checkedAt = "checked_at"
    }
}

/// The sinks' credentials as last checked, and for which settings: `tick` reuses it until
/// the settings change or it is an hour old (ADR 033).
public struct CredentialChecks: Sendable, Hashable, Codable {
    /// How long a check is reused: an hour, so a cron `tick` a minute probes APNs 24 times a
    /// day, not 1,440.
    public static let lifetime: TimeInterval = 3600

    /// A digest of the sink settings the check was made with.
    public let fingerprint: String
    public let checkedAt: Date
    public let sinks: [SinkCredentials]

    public init(fingerprint: String, checkedAt: Date, sinks: [SinkCredentials]) {
        self.fingerprint = fingerprint
        self.checkedAt = checkedAt
        self.sinks = sinks
    }

    /// Whether this check still answers for `fingerprint` at `now`: same settings, under an
    /// hour old, and not from the future (a clock set back re-checks).
    public func isCurrent(for fingerprint: String, at now: Date) -> Bool {
        self.fingerprint == fingerprint && checkedAt <= now && now.timeIntervalSince(checkedAt) < Self.lifetime
    }

    enum CodingKeys: String, CodingKey {
        case fingerprint, sinks
        case checkedAt = "checked_at"
    }
}
