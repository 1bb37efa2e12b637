import Foundation

extension PushPolicy {
    /// The least time between two priority-10 pushes of one person's activity, but its
    /// final: a person in six leagues sees six times the lead changes, and overused
    /// priority 10 makes APNs stop delivering (and spends Home Assistant's reserve).
    public static let personMomentSpacing: TimeInterval = 5 * 60

    /// What the push policy reads of one person event.
    struct PersonMoment {
        let kind: LifecycleEventKind
        let reason: LifecycleReason
        /// The view the activity last showed; `nil` for a start.
        let previous: PersonView?
        let readings: PersonReadings
        let at: Date
        /// The highlighted league's favourite swung (the lifecycle follows the highlight).
        let isWinSwing: Bool
        /// When the activity's last priority-10 push went (``PushDecision/isMoment``).
        let lastMomentAt: Date?
        /// The activity's title, for alerts.
        let title: String
    }

    /// The decision for one event of a person's activity. Moments (priority 10): a lead
    /// change or a win-chance swing in the highlighted league, a late lead change (nothing
    /// left to play on either side) in any league, and the person's last final. One league's
    /// final while others play is a plain update; several moments in one event are one push;
    /// a moment within ``personMomentSpacing`` of the last goes out at priority 5, without
    /// its alert. The final is never held back: it is the last word of the activity.
    static func decide(person moment: PersonMoment) -> PushDecision {
        let readings = moment.readings, at = moment.at
        let relevance = readings.highlighted.map { relevanceScore(phase: readings.phase, reading: $0.reading) } ?? 0
        switch moment.kind {
        case .start:
            return PushDecision(
                priority: 5, alert: personStartAlert(moment), relevanceScore: relevance,
                staleDate: at + staleAfter, dismissalDate: nil
            )
        case .update:
            if moment.reason == .keepAlive { return keepAlive(relevance: relevance, at: at) }
            let late = lateLeadChange(moment)
            let isMoment = late != nil || moment.isWinSwing || highlightLeadChanged(moment)
            let spaced = moment.lastMomentAt.map { at.timeIntervalSince($0) < personMomentSpacing } ?? false
            let loud = isMoment && !spaced
            return PushDecision(
                priority: loud ? 10 : 5, alert: loud ? late : nil, relevanceScore: relevance,
                staleDate: at + staleAfter, dismissalDate: nil
            )
        case .end:
            if moment.reason == .removed || moment.reason == .rollover {
                return PushDecision(priority: 5, alert: nil, relevanceScore: relevance, staleDate: nil, dismissalDate: at)
            }
            let alert = PushAlert(
                title: moment.title, body: Messages.Person.finalBody(readings.summary),
                sound: readings.allDecided ? defaultSound : nil
            )
            return PushDecision(priority: 10, alert: alert, relevanceScore: relevance, staleDate: nil, dismissalDate: at + finalDismissalDelay)
        }
    }

    private static func personStartAlert(_ moment: PersonMoment) -> PushAlert {
        if moment.reason == .rollover, let highlighted = moment.readings.highlighted {
            return PushAlert(title: moment.title, body: Messages.Display.continuedBody(highlighted.reading.scoreLine), sound: nil)
        }
        let playing = moment.readings.leagues.reduce(0) { $0 + $1.reading.myCounts.playing }
        return PushAlert(
            title: moment.title,
            body: Messages.Person.startBody(leagues: moment.readings.leagues.count, playing: playing),
            sound: nil
        )
    }

    /// The highlighted league's lead changed: the same league highlighted before and now.
    private static func highlightLeadChanged(_ moment: PersonMoment) -> Bool {
        guard let now = moment.readings.highlighted?.league,
              let before = moment.previous?.highlighted, before.registrationID == now.registrationID else { return false }
        return leadChange(from: before.view, to: now.view) != nil
    }

    /// The alert of a late lead change in any league (the highlighted first, then in row
    /// order), naming its league; `nil` when there is none.
    private static func lateLeadChange(_ moment: PersonMoment) -> PushAlert? {
        guard let previous = moment.previous else { return nil }
        let highlight = moment.readings.highlighted?.league.registrationID
        let ordered = moment.readings.leagues.sorted { ($0.league.registrationID == highlight ? 0 : 1) < ($1.league.registrationID == highlight ? 0 : 1) }
        for league in ordered {
            guard let before = previous.league(registrationID: league.league.registrationID),
                  let leader = leadChange(from: before.view, to: league.league.view),
                  let alert = lateLeadChangeAlert(leader, reading: league.reading, title: { moment.title }) else { continue }
            let name = PersonRows.leagueName(league.league.view.leagueName)
            return PushAlert(title: alert.title, body: Messages.Person.lateLeadChange(league: name, body: alert.body), sound: alert.sound)
        }
        return nil
    }
}

extension PushDecision {
    /// A moment that matters (priority 10): a person's activity keeps the instant of its
    /// last one (`lastMomentAt`) to space the next (``PushPolicy/personMomentSpacing``).
    public var isMoment: Bool { priority >= 10 }
}
