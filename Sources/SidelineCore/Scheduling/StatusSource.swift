import Foundation

/// Where a week's game statuses are asked (ADR 030). The planner chooses it per call; the
/// fetch stage asks that source.
public enum StatusSource: String, Sendable, Codable, Hashable, CaseIterable {
    /// Sleeper's scores feed, the primary: ESPN answers in the same call when it fails or
    /// has no games for a week that has some.
    case scores
    /// ESPN's scoreboard, asked directly while the scores feed rests.
    case espn

    /// The rest a call to this source waits for, and that its refusals start.
    public var scope: BackoffScope {
        switch self {
        case .scores: .scores
        case .espn: .espn
        }
    }
}

/// Where game statuses come from now, and why (ADR 030). Pure; stored between passes, so a
/// switch is logged once, by whichever process saw it (cron runs a process per pass).
public struct GameStatusSourceState: Sendable, Hashable, Codable {
    /// The source of the last answer.
    public var source: StatusSource
    /// When statuses last switched to `source` (`nil`: never switched).
    public var since: Date?
    /// While ESPN answers: what the scores feed last did wrong ("HTTP 503").
    public var reason: String?

    public init(source: StatusSource = .scores, since: Date? = nil, reason: String? = nil) {
        self.source = source
        self.since = since
        self.reason = reason
    }

    /// After an answer from `source`; `primaryProblem` is what the scores feed did wrong in
    /// the same call, when it was asked (a feed asked again that fails again keeps ESPN on,
    /// with the newer reason). Returns whether the source switched: log that, once.
    public mutating func answered(by source: StatusSource, primaryProblem: String?, at now: Date) -> Bool {
        let switched = source != self.source
        if switched {
            self.source = source
            since = now
        }
        reason = source == .espn ? primaryProblem ?? reason : nil
        return switched
    }
}
