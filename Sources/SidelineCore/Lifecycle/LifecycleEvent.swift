import Foundation

/// What happens to a Live Activity.
public enum LifecycleEventKind: String, Sendable, Codable, Hashable {
    case start, update, end
}

/// Why it happened: a short, fixed vocabulary (documented in the README).
public enum LifecycleReason: String, Sendable, Codable, Hashable, CaseIterable {
    /// A starter's game kicked off and no activity was running.
    case kickoff
    /// Points moved (either side).
    case points
    /// Who is playing, to play or done changed.
    case players
    /// A starter kicked off while the activity was in its grace period.
    case resumed
    /// The grace period after the last starter's game ran out.
    case graceExpired = "grace_expired"
    /// Apple's 8-hour limit was near: the old activity ends and a new one starts.
    case rollover
    /// The registration was removed.
    case removed
    /// Nothing changed for ``PushPolicy/keepAliveInterval``: the same matchup, re-sent so its
    /// stale date moves forward and a quiet spell never looks like a dead server.
    case keepAlive = "keep_alive"
}

/// One lifecycle event for one activity, as the state machine emits it. The engine stores
/// it in the outbox before any sink sees it.
public struct ActivityEvent<View: LifecycleView>: Sendable, Codable, Hashable {
    public let kind: LifecycleEventKind
    public let reason: LifecycleReason
    public let at: Date
    public let activityID: String
    /// The matchup as shown in this event (the final state for an end).
    public let view: View
    /// Where the activity is after this event (live or grace; ended for an end).
    public let phase: DisplayPhase
    /// An update that shows the favourite by win probability swinging to the other side, as
    /// a moment that matters (``PushPolicy/winSwing(after:showing:at:)``): pushed at
    /// priority 10, like a lead change.
    public let isWinSwing: Bool

    public init(kind: LifecycleEventKind, reason: LifecycleReason, at: Date, activityID: String, view: View, phase: DisplayPhase, isWinSwing: Bool = false) {
        self.kind = kind
        self.reason = reason
        self.at = at
        self.activityID = activityID
        self.view = view
        self.phase = phase
        self.isWinSwing = isWinSwing
    }
}

/// One event of a registration's activity.
public typealias LifecycleEvent = ActivityEvent<MatchupView>
