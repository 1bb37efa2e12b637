import Foundation

/// A running Live Activity, as the state machine remembers it between passes: a league's
/// (``ActivityState``, over a ``MatchupView``) or a person's (over a ``PersonView``).
public struct ActivityRun<View: LifecycleView>: Sendable, Codable, Hashable {
    public enum Phase: Sendable, Codable, Hashable {
        /// At least one starter is playing (or a kickoff is awaiting its lineup snapshot).
        case live
        /// No starter is playing; the activity lingers from `since` for the grace period.
        case grace(since: Date)
    }

    public let id: String
    public let startedAt: Date
    public var phase: Phase
    /// What the phone was last told; an update is sent only when the view differs.
    public var lastView: View
    /// When the last event for this activity went out (for keep-alives).
    public var lastEventAt: Date?
    /// The favourite by win probability as the push policy last counted it: the side and
    /// time of the last swing moment (its hysteresis needs both), or the side first seen.
    public var winSwing: WinSwing?

    public init(id: String, startedAt: Date, phase: Phase, lastView: View, lastEventAt: Date? = nil, winSwing: WinSwing? = nil) {
        self.id = id
        self.startedAt = startedAt
        self.phase = phase
        self.lastView = lastView
        self.lastEventAt = lastEventAt ?? startedAt
        self.winSwing = winSwing
    }

    public var displayPhase: DisplayPhase {
        if case .grace = phase { return .grace }
        return .live
    }
}

/// A league's running activity: one registration's.
public typealias ActivityState = ActivityRun<MatchupView>

/// One activity's lifecycle for one NFL week: a registration's (``LifecycleState``) or a
/// person's across their leagues (``PersonLifecycleState``). Persisted after every pass.
public struct ActivityLifecycle<View: LifecycleView>: Sendable, Codable, Hashable {
    /// The running activity, if any.
    public var activity: ActivityRun<View>?
    /// How many activities this registration has started this week (names the next one).
    public var startedCount: Int
    public var lastEndedAt: Date?

    public init(activity: ActivityRun<View>? = nil, startedCount: Int = 0, lastEndedAt: Date? = nil) {
        self.activity = activity
        self.startedCount = startedCount
        self.lastEndedAt = lastEndedAt
    }

    public static var idle: Self { Self() }

    public var isOpen: Bool { activity != nil }
}

/// One registration's lifecycle for one NFL week.
public typealias LifecycleState = ActivityLifecycle<MatchupView>

/// The lifecycle's tunables (config keys `lifecycle.*`).
public struct LifecycleSettings: Sendable, Hashable {
    public var grace: TimeInterval
    public var bridge: TimeInterval
    public var maxActivityAge: TimeInterval

    public init(graceMinutes: Double = 30, bridgeMinutes: Double = 30, maxActivityHours: Double = 7.5) {
        grace = graceMinutes * 60
        bridge = bridgeMinutes * 60
        maxActivityAge = maxActivityHours * 3600
    }
}

/// What one pass knows about a registration (``LifecycleInput``) or a person.
public struct ActivityInput<View: LifecycleView>: Sendable, Hashable {
    public let now: Date
    /// The matchup as of the latest snapshot; `nil` before the first snapshot.
    public let view: View?
    /// The snapshot was fetched long enough after a playing starter's kickoff to show the
    /// locked lineup (see ``StartConfirmation``). Starting on an older snapshot could start
    /// for a player who was benched at the last minute.
    public let startConfirmed: Bool
    /// The league is in season and the NFL is in a fantasy part of the year.
    public let mayStart: Bool
    /// Prefix for the ids of activities started this week, e.g. `"3-2026w12"`.
    public let activityPrefix: String

    public init(now: Date, view: View?, startConfirmed: Bool, mayStart: Bool, activityPrefix: String) {
        self.now = now
        self.view = view
        self.startConfirmed = startConfirmed
        self.mayStart = mayStart
        self.activityPrefix = activityPrefix
    }
}

/// What one pass knows about a registration.
public typealias LifecycleInput = ActivityInput<MatchupView>
