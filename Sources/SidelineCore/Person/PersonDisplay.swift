import Foundation
import SidelineActivity

/// Builds what the phone renders for a person's activity (one Lock Screen across their
/// leagues, issue 30). Pure, like ``DisplayBuilder``, which it builds on: every legacy field
/// of the content state is the highlighted league's, so an app built for schema version 2
/// shows the person's title over the highlighted score; the rows, summary, highlight and
/// "+N more" (schema 3) say the rest. See docs/person-activity.md.
public enum PersonDisplay {
    /// What a person activity's ``LiveActivityAttributes/registration`` holds, before the
    /// Sleeper user id: it spans registrations, and the app reports tokens by activity id.
    public static let registrationPrefix = "person:"
    /// The highlighted league's performers a person's state lists: the rows take the room
    /// the other two had (twelve leagues of emoji names must fit 4 KB). The Lock Screen
    /// line of a version-2 app still names three.
    public static let maxPerformers = 1

    /// Everything one person event carries for the phone: the content state, the attributes
    /// and the push decision (``PushPolicy/decide(person:)``).
    package static func eventParts(
        kind: LifecycleEventKind,
        reason: LifecycleReason,
        view: PersonView,
        previous: PersonView?,
        phase: DisplayPhase,
        at: Date,
        context: DisplayContext,
        person: PersonIdentity,
        activity: String,
        isWinSwing: Bool,
        lastMomentAt: Date?
    ) -> (contentState: LiveActivityContentState, attributes: LiveActivityAttributes, push: PushDecision) {
        let readings = PersonReadings(view: view, phase: phase)
        let attributes = attributes(person: person, activity: activity, view: view)
        let push = PushPolicy.decide(
            person: PushPolicy.PersonMoment(
                kind: kind, reason: reason, previous: previous, readings: readings, at: at,
                isWinSwing: isWinSwing, lastMomentAt: lastMomentAt, title: attributes.title
            )
        )
        return (contentState(readings: readings, context: context), attributes, push)
    }

    /// The content state for `view` at `context.now`.
    public static func contentState(for view: PersonView, phase: DisplayPhase, context: DisplayContext) -> LiveActivityContentState {
        contentState(readings: PersonReadings(view: view, phase: phase), context: context)
    }

    /// The attributes of a person's activity: the person, never one league. They are the
    /// same for every event of one activity (Home Assistant titles every push with them):
    /// made of the person and the week only, not of which leagues play.
    public static func attributes(person: PersonIdentity, activity: String, view: PersonView) -> LiveActivityAttributes {
        let name = TeamNameFormat(person.displayName.isEmpty ? person.username : person.displayName)
        let matchup = view.highlighted?.view
        let week = matchup?.week ?? 0
        return LiveActivityAttributes(
            registration: registrationPrefix + person.sleeperUserID,
            activity: activity,
            leagueName: Messages.Person.allLeagues,
            season: matchup?.season ?? "",
            week: week,
            // The title's length, not a team name's: the start carries these beside six rows.
            myTeamName: name.title,
            myTeamShortName: name.short,
            opponentTeamName: nil,
            opponentTeamShortName: nil,
            title: Messages.Person.title(name: name.title),
            subtitle: Messages.Person.subtitle(week: week),
            scope: .person
        )
    }

    /// Where one league of a person's activity is: ended with the activity, else live while
    /// its starters play or are to play, else in its own grace (its result may be in while
    /// other leagues play).
    public static func phase(of league: PersonLeague, activityPhase: DisplayPhase) -> DisplayPhase {
        if activityPhase == .ended { return .ended }
        return league.hasStartersLeft ? .live : .grace
    }

    static func contentState(readings: PersonReadings, context: DisplayContext) -> LiveActivityContentState {
        let summary = readings.summary
        guard let highlighted = readings.highlighted else {
            return emptyState(phase: readings.phase, summary: summary, context: context)
        }
        let base = DisplayBuilder.contentState(reading: highlighted.reading, phase: highlighted.phase, context: context)
        let rows = PersonRows(readings)
        let league = PersonRows.leagueName(highlighted.league.view.leagueName)
        return LiveActivityContentState(
            updatedAt: base.updatedAt, phase: readings.phase.activityPhase, sentiment: base.sentiment,
            myScore: base.myScore, opponentScore: base.opponentScore, scoreLine: base.scoreLine, margin: base.margin,
            headline: base.headline, myCounts: base.myCounts, opponentCounts: base.opponentCounts,
            myPlayersLine: base.myPlayersLine, opponentPlayersLine: base.opponentPlayersLine,
            topPerformers: Array(base.topPerformers.prefix(maxPerformers)),
            next: base.next, asOf: base.asOf, staleText: base.staleText, medianNote: base.medianNote,
            compactLeading: base.compactLeading, compactTrailing: base.compactTrailing, minimal: base.minimal,
            expanded: base.expanded,
            // A version-2 app shows these under the person's title: they name the league
            // whose score is above them, and the footer speaks for every league.
            lockScreen: LiveActivityLockScreenText(
                headline: base.lockScreen.headline,
                detail: Messages.Person.inLeague(league, base.lockScreen.detail),
                footer: Messages.Display.joined(summary, base.asOf)
            ),
            small: base.small, winChance: base.winChance,
            scope: .person, leagues: rows.rows, summary: summary,
            highlight: PersonRows.highlight(highlighted.league.view),
            moreLeagues: rows.more
        )
    }

    /// No league left to show (the last was removed): the person's summary alone, true
    /// without any league's numbers.
    private static func emptyState(phase: DisplayPhase, summary: String, context: DisplayContext) -> LiveActivityContentState {
        let time = ClockFormat.time(context.now, context: context)
        let asOf = Messages.Display.asOf(time)
        let none = LiveActivityPlayerCounts(playing: 0, toPlay: 0, done: 0)
        return LiveActivityContentState(
            updatedAt: Int(context.now.timeIntervalSince1970.rounded(.down)), phase: phase.activityPhase, sentiment: .neutral,
            myScore: "", opponentScore: nil, scoreLine: "", margin: summary, headline: summary, myCounts: none,
            opponentCounts: nil, myPlayersLine: summary, opponentPlayersLine: nil, topPerformers: [], next: nil, asOf: asOf,
            staleText: Messages.Display.stale(since: time), medianNote: nil, compactLeading: "", compactTrailing: "",
            minimal: "", expanded: LiveActivityExpandedText(leading: "", trailing: "", center: summary, bottom: asOf),
            lockScreen: LiveActivityLockScreenText(headline: summary, detail: "", footer: asOf),
            small: LiveActivitySmallText(headline: summary, detail: ""),
            scope: .person, leagues: [], summary: summary
        )
    }
}
