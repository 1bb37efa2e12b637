import Foundation

/// The per-registration Live Activity state machine. Pure: a state and a pass's input in,
/// the next state and the events to send out. The engine persists both in one transaction.
///
/// - start: a starter's game is in progress (on a post-kickoff snapshot).
/// - update: what the registration would see changed.
/// - grace: no starter playing, at least one done; the activity lingers `grace`, still updating.
/// - end: the grace ran out (unless a starter kicks off within `bridge` of its end: then hold).
/// - rollover: past `maxActivityAge` with a starter playing, end and start anew in one pass.
/// - keep-alive: nothing changed for ``PushPolicy/keepAliveInterval``: the same view again,
///   so the phone's stale date moves forward.
public enum LifecycleMachine {
    public typealias Transition = (state: LifecycleState, events: [LifecycleEvent])

    public static func step(_ state: LifecycleState, _ input: LifecycleInput, settings: LifecycleSettings) -> Transition {
        guard let activity = state.activity else { return idle(state, input) }
        return running(state, activity, input, settings)
    }

    /// Ends a running activity because its registration is being removed.
    public static func remove(_ state: LifecycleState, at now: Date) -> Transition {
        guard let activity = state.activity else { return (state, []) }
        var next = state
        next.activity = nil
        next.lastEndedAt = now
        let event = LifecycleEvent(kind: .end, reason: .removed, at: now, activityID: activity.id, view: activity.lastView, phase: .ended)
        return (next, [event])
    }

    // MARK: - Phases

    private static func idle(_ state: LifecycleState, _ input: LifecycleInput) -> Transition {
        guard input.mayStart, input.startConfirmed, let view = input.view, view.me.counts.playing > 0 else {
            return (state, [])
        }
        return start(state, view: view, reason: .kickoff, input: input)
    }

    private static func running(_ state: LifecycleState, _ activity: ActivityState, _ input: LifecycleInput, _ settings: LifecycleSettings) -> Transition {
        let now = input.now
        let view = input.view ?? activity.lastView
        let playing = view.me.counts.playing > 0
        let atAgeLimit = now.timeIntervalSince(activity.startedAt) >= settings.maxActivityAge

        switch activity.phase {
        case .live:
            if playing {
                if atAgeLimit { return rollover(state, activity, view: view, input: input) }
                return updateIfChanged(state, activity, view: view, phase: .live, at: now)
            }
            if atAgeLimit { return end(state, activity, view: view, reason: .rollover, at: now) }
            return update(state, activity, view: view, phase: .grace(since: now), reason: .players, at: now)

        case .grace(let since):
            if playing && input.startConfirmed {
                if atAgeLimit { return rollover(state, activity, view: view, input: input) }
                return update(state, activity, view: view, phase: .live, reason: .resumed, at: now)
            }
            if atAgeLimit { return end(state, activity, view: view, reason: .rollover, at: now) }
            // A kickoff whose lineup snapshot is not in yet wins over the expiry: wait for it.
            let awaitingLineup = playing
            let expiry = since.addingTimeInterval(settings.grace)
            if now >= expiry && !awaitingLineup && !bridges(view, expiry: expiry, settings: settings) {
                return end(state, activity, view: view, reason: .graceExpired, at: now)
            }
            return updateIfChanged(state, activity, view: view, phase: activity.phase, at: now)
        }
    }

    /// Whether a starter kicks off soon enough after the grace ends to hold the activity
    /// instead of ending it and starting again minutes later.
    private static func bridges(_ view: MatchupView, expiry: Date, settings: LifecycleSettings) -> Bool {
        guard let next = view.me.nextKickoff else { return false }
        return next <= expiry.addingTimeInterval(settings.bridge)
    }

    // MARK: - Events

    /// `winSwing` is the favourite a rollover's ended activity remembered: the matchup goes
    /// on, so its swings stay spaced across the two activities.
    private static func start(_ state: LifecycleState, view: MatchupView, reason: LifecycleReason, input: LifecycleInput, winSwing: WinSwing? = nil) -> Transition {
        var next = state
        next.startedCount += 1
        let id = "\(input.activityPrefix)-\(next.startedCount)"
        // A start is never a swing moment: it only notes the side it starts from.
        let mark = winSwing ?? PushPolicy.winSwing(after: nil, showing: view, at: input.now).mark
        next.activity = ActivityState(id: id, startedAt: input.now, phase: .live, lastView: view, lastEventAt: input.now, winSwing: mark)
        let event = LifecycleEvent(kind: .start, reason: reason, at: input.now, activityID: id, view: view, phase: .live)
        return (next, [event])
    }

    private static func rollover(_ state: LifecycleState, _ activity: ActivityState, view: MatchupView, input: LifecycleInput) -> Transition {
        let ended = end(state, activity, view: view, reason: .rollover, at: input.now)
        let started = start(ended.state, view: view, reason: .rollover, input: input, winSwing: activity.winSwing)
        return (started.state, ended.events + started.events)
    }

    private static func end(_ state: LifecycleState, _ activity: ActivityState, view: MatchupView, reason: LifecycleReason, at now: Date) -> Transition {
        var next = state
        next.activity = nil
        next.lastEndedAt = now
        let event = LifecycleEvent(kind: .end, reason: reason, at: now, activityID: activity.id, view: view, phase: .ended)
        return (next, [event])
    }

    private static func update(_ state: LifecycleState, _ activity: ActivityState, view: MatchupView, phase: ActivityState.Phase, reason: LifecycleReason, at now: Date) -> Transition {
        var next = state
        var updated = activity
        updated.phase = phase
        updated.lastView = view
        updated.lastEventAt = now
        // A keep-alive re-sends what the phone already shows: never news.
        let swing = reason == .keepAlive
            ? (mark: activity.winSwing, isMoment: false)
            : PushPolicy.winSwing(after: activity.winSwing, showing: view, at: now)
        updated.winSwing = swing.mark
        next.activity = updated
        let event = LifecycleEvent(
            kind: .update, reason: reason, at: now, activityID: activity.id, view: view, phase: updated.displayPhase, isWinSwing: swing.isMoment
        )
        return (next, [event])
    }

    /// A change of the win probability alone is not news (it moves with every game clock):
    /// it goes out with the next real change or keep-alive, or at once as a swing moment
    /// (``PushPolicy/winSwing(after:showing:at:)``, with its hysteresis). ADR 028.
    private static func updateIfChanged(_ state: LifecycleState, _ activity: ActivityState, view: MatchupView, phase: ActivityState.Phase, at now: Date) -> Transition {
        let changed = !view.sameApartFromChance(as: activity.lastView) || PushPolicy.winSwing(after: activity.winSwing, showing: view, at: now).isMoment
        guard changed else {
            if PushPolicy.keepAliveDue(lastSentAt: activity.lastEventAt ?? activity.startedAt, now: now) {
                return update(state, activity, view: view, phase: phase, reason: .keepAlive, at: now)
            }
            var next = state
            next.activity?.phase = phase
            return (next, [])
        }
        return update(state, activity, view: view, phase: phase, reason: updateReason(from: activity.lastView, to: view), at: now)
    }

    /// `players` when who is playing/done changed on either side, otherwise `points`.
    static func updateReason(from old: MatchupView, to new: MatchupView) -> LifecycleReason {
        if old.me.counts != new.me.counts || old.opponent?.counts != new.opponent?.counts { return .players }
        return .points
    }
}
