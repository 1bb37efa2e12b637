import Foundation

/// When to make noise: each event's APNs priority, alert, relevance score, stale date and
/// dismissal date. Pure; the instant is passed in.
///
/// - Priority 10 only for a lead change, a swing of the favourite by win probability (with
///   hysteresis: ``winSwing(after:showing:at:)``) and the final (the end after the grace
///   period); everything else is 5, which has no budget. Overusing 10 makes APNs stop
///   delivering. Home Assistant's allowance counts priority 10 as a moment that matters too.
/// - A start must carry an alert: a quiet one (no sound). A rollover's start is quieter
///   still: no news in it, worded as a continuation ("Still following — 87.4 – 72.1").
/// - An update alerts only for a *late* lead change: no starter on either side is still to
///   play, so the lead may be the last one. Early lead changes get priority 10 but no alert.
/// - The final alerts; it plays a sound only once the result is decided (both lineups done).
public enum PushPolicy {
    /// A healthy server moves the stale date at least this often when nothing changes.
    public static let keepAliveInterval: TimeInterval = 10 * 60
    /// Three keep-alive intervals: a quiet spell (halftime, nobody scoring) with one
    /// delayed priority-5 push never shows stale; a dead server does within half an hour.
    public static let staleAfter: TimeInterval = 30 * 60
    /// How long a final stays on the Lock Screen.
    public static let finalDismissalDelay: TimeInterval = 30 * 60
    static let defaultSound = "default"

    /// The decision for one lifecycle event. `previous` is the view the activity last showed
    /// (`nil` for a start); `isWinSwing` is the event's ``LifecycleEvent/isWinSwing``.
    public static func decide(
        kind: LifecycleEventKind,
        reason: LifecycleReason,
        previous: MatchupView?,
        current: MatchupView,
        phase: DisplayPhase,
        at: Date,
        isWinSwing: Bool = false
    ) -> PushDecision {
        decide(kind: kind, reason: reason, previous: previous, reading: MatchupReading(view: current), phase: phase, at: at, isWinSwing: isWinSwing) {
            title(current)
        }
    }

    /// The same from a reading the caller already made, and the activity's title (asked
    /// only for an alert).
    static func decide(
        kind: LifecycleEventKind,
        reason: LifecycleReason,
        previous: MatchupView?,
        reading: MatchupReading,
        phase: DisplayPhase,
        at: Date,
        isWinSwing: Bool,
        title: () -> String
    ) -> PushDecision {
        let current = reading.view
        let relevance = relevanceScore(phase: phase, reading: reading)
        switch kind {
        case .start:
            return PushDecision(
                priority: 5, alert: startAlert(reason: reason, reading: reading, title: title()),
                relevanceScore: relevance, staleDate: at + staleAfter, dismissalDate: nil
            )
        case .update:
            if reason == .keepAlive { return keepAlive(relevance: relevance, at: at) }
            let change = leadChange(from: previous, to: current)
            return PushDecision(
                priority: change == nil && !isWinSwing ? 5 : 10,
                alert: change.flatMap { lateLeadChangeAlert($0, reading: reading, title: title) },
                relevanceScore: relevance, staleDate: at + staleAfter, dismissalDate: nil
            )
        case .end:
            return endDecision(reason: reason, reading: reading, relevance: relevance, at: at, title: title)
        }
    }

    /// The decision for a keep-alive: the same state again, only to move the stale date.
    public static func keepAlive(current: MatchupView, phase: DisplayPhase, at: Date) -> PushDecision {
        keepAlive(relevance: relevanceScore(current, phase: phase), at: at)
    }

    static func keepAlive(relevance: Double, at: Date) -> PushDecision {
        PushDecision(priority: 5, alert: nil, relevanceScore: relevance, staleDate: at + staleAfter, dismissalDate: nil)
    }

    /// Whether a keep-alive is due: at most one every ``keepAliveInterval`` since the last
    /// push of any kind for the activity.
    public static func keepAliveDue(lastSentAt: Date, now: Date) -> Bool {
        now.timeIntervalSince(lastSentAt) >= keepAliveInterval
    }

    private static func endDecision(reason: LifecycleReason, reading: MatchupReading, relevance: Double, at: Date, title: () -> String) -> PushDecision {
        switch reason {
        case .removed, .rollover:
            // Not a final: the person stopped following, or a fresh activity takes over.
            return PushDecision(priority: 5, alert: nil, relevanceScore: relevance, staleDate: nil, dismissalDate: at)
        default:
            let alert = PushAlert(
                title: title(),
                body: DisplayCopy.finalHeadline(reading),
                sound: reading.decided(phase: .ended) ? defaultSound : nil
            )
            return PushDecision(
                priority: 10, alert: alert, relevanceScore: relevance,
                staleDate: nil, dismissalDate: at + finalDismissalDelay
            )
        }
    }
}
