import Foundation
import SidelineActivity
import SidelineCore

extension EventEnvelope {
    /// A person activity's event (scope `person`, issue 30): `registration` is `null`, the
    /// top-level league, score and starters are the highlighted league's (so consumers of
    /// league events keep working), and `leagues` lists every league shown. `leagues` maps
    /// each shown league's registration id to its registration (a league missing from it
    /// is named from its view). `previous` is the view the activity showed before (`nil`
    /// for a start); `lastMomentAt` when its last priority-10 push went (the push decision's
    /// ``PushDecision/isMoment`` says whether this one is).
    public init(
        _ event: PersonEvent, person: PersonIdentity, leagues: [Int64: Registration], mode: PassMode,
        display: DisplayContext, previous: PersonView?, lastMomentAt: Date?
    ) {
        let highlighted = event.view.highlighted
        let highlightedRegistration = highlighted.flatMap { leagues[$0.registrationID] }
        let (contentState, attributes, decision) = PersonDisplay.eventParts(
            kind: event.kind, reason: event.reason, view: event.view, previous: event.kind == .start ? nil : previous,
            phase: event.phase, at: event.at, context: display, person: person, activity: event.activityID,
            isWinSwing: event.isWinSwing, lastMomentAt: lastMomentAt
        )
        self.init(
            scope: .person, event: event.kind, reason: event.reason, at: Self.timestamp(event.at), registration: nil,
            activity: event.activityID, sleeperUserID: person.sleeperUserID, username: person.username,
            leagueID: highlightedRegistration?.leagueID ?? highlighted?.leagueID ?? "",
            leagueName: highlightedRegistration?.leagueName ?? highlighted?.view.leagueName ?? "",
            season: highlighted?.view.season ?? attributes.season, week: highlighted?.view.week ?? attributes.week,
            phase: event.phase, dryRun: mode == .dryRun,
            score: highlighted.map { Score($0.view) } ?? Score(team: 0, opponent: nil),
            starters: highlighted?.view.me.counts ?? .zero, contentState: contentState, attributes: attributes, push: decision,
            leagues: event.view.leagues.map { League($0, registration: leagues[$0.registrationID], activityPhase: event.phase) }
        )
    }

    /// Every field as given (the person's event assembles them above).
    private init(
        scope: ActivityScope, event: LifecycleEventKind, reason: LifecycleReason, at: String, registration: String?,
        activity: String, sleeperUserID: String, username: String, leagueID: String, leagueName: String, season: String,
        week: Int, phase: DisplayPhase, dryRun: Bool, score: Score, starters: StarterCounts,
        contentState: LiveActivityContentState, attributes: LiveActivityAttributes, push: PushDecision?, leagues: [League]?
    ) {
        self.scope = scope
        self.event = event
        self.reason = reason
        self.at = at
        self.registration = registration
        self.activity = activity
        self.sleeperUserID = sleeperUserID
        self.username = username
        self.leagueID = leagueID
        self.leagueName = leagueName
        self.season = season
        self.week = week
        self.phase = phase
        self.dryRun = dryRun
        self.score = score
        self.starters = starters
        self.contentState = contentState
        self.attributes = attributes
        self.push = push
        self.leagues = leagues
    }
}

extension EventEnvelope.Score {
    /// The matchup's points, rounded to hundredths.
    init(_ view: MatchupView) {
        self.init(team: EventEnvelope.rounded(view.me.points), opponent: view.opponent.map { EventEnvelope.rounded($0.points) })
    }
}

extension EventEnvelope.League {
    init(_ league: PersonLeague, registration: Registration?, activityPhase: DisplayPhase) {
        leagueID = registration?.leagueID ?? league.leagueID
        leagueName = registration?.leagueName ?? league.view.leagueName
        self.registration = registration?.handle ?? String(league.registrationID)
        score = EventEnvelope.Score(league.view)
        starters = league.view.me.counts
        phase = PersonDisplay.phase(of: league, activityPhase: activityPhase)
    }
}
