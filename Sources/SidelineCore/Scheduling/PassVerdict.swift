import Foundation

/// "Is it working?", from the last pass (ADR 035): what `status`, the status page and
/// `/readyz` say. Pure.
public enum PassVerdict: Sendable, Hashable {
    /// No pass has finished yet.
    case noPass
    /// The last pass finished too long ago (the daemon or the cron job stopped).
    case stale(seconds: Int)
    /// The last pass failed (``PassSummary/failure``).
    case failed(String)
    /// Nothing live; the next kickoff with a registered starter, if one is known.
    case idle(nextKickoff: Date?)
    /// Activities are live or in grace.
    case live(activities: Int)

    /// The verdict at `now`: `lastPassAt` is when a pass was last recorded (older databases
    /// have it without a summary), `staleAfter` how long a pass may be away.
    public static func judge(lastPassAt: Date?, last: PassSummary?, now: Date, staleAfter: TimeInterval) -> PassVerdict {
        guard let finished = lastPassAt ?? last?.at else { return .noPass }
        let age = now.timeIntervalSince(finished)
        if age > staleAfter { return .stale(seconds: Int(age)) }
        // A summary from another pass than the one recorded (an older binary ran since,
        // recording only the instant) says nothing about the last pass.
        guard let last, abs(last.at.timeIntervalSince(finished)) < 1 else { return .idle(nextKickoff: nil) }
        if let failure = last.failure { return .failed(failure) }
        return last.openActivities > 0 ? .live(activities: last.openActivities) : .idle(nextKickoff: last.nextKickoff)
    }

    /// How long a pass may be away before Sideline is not ready: three pass intervals, and
    /// never less than three minutes, which a cron job once a minute also meets.
    public static func staleAfter(passInterval: TimeInterval) -> TimeInterval { max(3 * passInterval, 180) }

    /// Ready to serve: a pass ran recently and did not fail. Idle is ready.
    public var isReady: Bool {
        switch self {
        case .idle, .live: true
        case .noPass, .stale, .failed: false
        }
    }

    /// Nothing live, and the last pass fine: what the stats feed's silence is expected in.
    public var isIdle: Bool {
        if case .idle = self { return true }
        return false
    }

    /// A stable code for `--json` and `/readyz`.
    public var code: String {
        switch self {
        case .noPass: "no_pass"
        case .stale: "pass_too_old"
        case .failed: "pass_failed"
        case .idle: "idle"
        case .live: "live"
        }
    }

    /// The verdict in words; instants in ISO 8601 (the text labels them in the display zone).
    public var words: String {
        switch self {
        case .noPass: Messages.Server.noPassYet
        case .stale(let seconds): Messages.Server.passTooOld(seconds)
        case .failed(let why): why
        case .idle(let kickoff): Messages.Working.idle(until: kickoff.map { $0.formatted(.iso8601) })
        case .live(let activities): Messages.Working.live(activities)
        }
    }
}
