import Foundation

/// The Live Activity state machine, for a registration's activity and a person's alike
/// (``LifecycleView``). Pure: a state and a pass's input in,
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
    public typealias Transition = Step<MatchupView>
    public typealias Step<View: LifecycleView> = (state: ActivityLifecycle<View>, events: [ActivityEvent<View>])

    public static func step<View>(_ state: ActivityLifecycle<View>, _ input: ActivityInput<View>, settings: LifecycleSettings) -> Step<View> {
        guard let activity = state.activity else { return idle(state, input) }
        return running(state, activity, input, settings)
    }

    /// Ends a running activity because its registration is being removed.
    public static func remove<View>(_ state: ActivityLifecycle<View>, at now: Date) -> Step<View> {
        guard let activity = state.activity else { return (state, []) }
        var next = state
        next.activity = nil
        next.lastEndedAt = now
        let event = ActivityEvent(kind: .end, reason: .removed, at: now, activityID: activity.id, view: activity.lastView, phase: .ended)
        return (next, [event])
    }

    // MARK: - Phases

    private static func idle<View>(_ state: ActivityLifecycle<View>, _ input: ActivityInput<View>) -> Step<View> {
        guard input.mayStart, input.startConfirmed, let view = input.view, view.hasStarterPlaying else {
            return (state, [])
        }
        return start(state, view: view, reason: .kickoff, input: input)
    }

    private static func running<View>(_ state: ActivityLifecycle<View>, _ activity: ActivityRun<View>, _ input: ActivityInput<View>, _ settings: LifecycleSettings) -> Step<View> {
        let now = input.now
        let view = input.view ?? activity.lastView
        let playing = view.hasStarterPlaying
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
    private static func bridges<View: LifecycleView>(_ view: View, expiry: Date, settings: LifecycleSettings) -> Bool {
        guard let next = view.nextStarterKickoff else { return false }
        return next <= expiry.addingTimeInterval(settings.bridge)
    }

    // MARK: - Events

    /// `winSwing` is the favourite a rollover's ended activity remembered: the matchup goes
    /// on, so its swings stay spaced across the two activities.
    private static func start<View>(_ state: ActivityLifecycle<View>, view: View, reason: LifecycleReason, input: ActivityInput<View>, winSwing: WinSwing? = nil) -> Step<View> {
        var next = state
        next.startedCount += 1
        let id = "\(input.activityPrefix)-\(next.startedCount)"
        // A start is never a swing moment: it only notes the side it starts from.
        let mark = winSwing ?? swing(after: nil, showing: view, at: input.now).mark
        next.activity = ActivityRun(id: id, startedAt: input.now, phase: .live, lastView: view, lastEventAt: input.now, winSwing: mark)
        let event = ActivityEvent(kind: .start, reason: reason, at: input.now, activityID: id, view: view, phase: .live)
        return (next, [event])
    }

    private static func rollover<View>(_ state: ActivityLifecycle<View>, _ activity: ActivityRun<View>, view: View, input: ActivityInput<View>) -> Step<View> {
        let ended = end(state, activity, view: view, reason: .rollover, at: input.now)
        let started = start(ended.state, view: view, reason: .rollover, input: input, winSwing: activity.winSwing)
        return (started.state, ended.events + started.events)
    }

    private static func end<View>(_ state: ActivityLifecycle<View>, _ activity: ActivityRun<View>, view: View, reason: LifecycleReason, at now: Date) -> Step<View> {
        var next = state
        next.activity = nil
        next.lastEndedAt = now
        let event = ActivityEvent(kind: .end, reason: reason, at: now, activityID: activity.id, view: view, phase: .ended)
        return (next, [event])
    }

    private static func update<View>(_ state: ActivityLifecycle<View>, _ activity: ActivityRun<View>, view: View, phase: ActivityRun<View>.Phase, reason: LifecycleReason, at now: Date) -> Step<View> {
        var next = state
        var updated = activity
        updated.phase = phase
        updated.lastView = view
        updated.lastEventAt = now
        // A keep-alive re-sends what the phone already shows: never news.
        let swing = reason == .keepAlive
            ? (mark: activity.winSwing, isMoment: false)
            : swing(of: activity, showing: view, at: now)
        updated.winSwing = swing.mark
        next.activity = updated
        let event = ActivityEvent(
            kind: .update, reason: reason, at: now, activityID: activity.id, view: view, phase: updated.displayPhase, isWinSwing: swing.isMoment
        )
        return (next, [event])
    }

    /// A change of the win probability alone is not news (it moves with every game clock):
    /// it goes out with the next real change or keep-alive, or at once as a swing moment
    /// (``PushPolicy/winSwing(after:showing:at:)``, with its hysteresis). ADR 028.
    private static func updateIfChanged<View>(_ state: ActivityLifecycle<View>, _ activity: ActivityRun<View>, view: View, phase: ActivityRun<View>.Phase, at now: Date) -> Step<View> {
        let changed = !view.sameApartFromChance(as: activity.lastView) || swing(of: activity, showing: view, at: now).isMoment
        guard changed else {
            if PushPolicy.keepAliveDue(lastSentAt: activity.lastEventAt ?? activity.startedAt, now: now) {
                return update(state, activity, view: view, phase: phase, reason: .keepAlive, at: now)
            }
            var next = state
            next.activity?.phase = phase
            return (next, [])
        }
        return update(state, activity, view: view, phase: phase, reason: View.updateReason(from: activity.lastView, to: view), at: now)
    }

    /// `players` when who is playing/done changed on either side, otherwise `points`.
    static func updateReason(from old: MatchupView, to new: MatchupView) -> LifecycleReason {
        MatchupView.updateReason(from: old, to: new)
    }

    // MARK: - Win swings

    /// The swing `view` makes of the activity's remembered favourite; when the matchup the
    /// swing follows is another one (a person's highlight moved), its memory starts afresh.
    private static func swing<View>(of activity: ActivityRun<View>, showing view: View, at now: Date) -> (mark: WinSwing?, isMoment: Bool) {
        let sameMatchup = activity.lastView.swingMatchup?.key == view.swingMatchup?.key
        return swing(after: sameMatchup ? activity.winSwing : nil, showing: view, at: now)
    }

    private static func swing<View: LifecycleView>(after mark: WinSwing?, showing view: View, at now: Date) -> (mark: WinSwing?, isMoment: Bool) {
        guard let matchup = view.swingMatchup?.view else { return (mark, false) }
        return PushPolicy.winSwing(after: mark, showing: matchup, at: now)
    }
}
