import Foundation
import SidelineActivity

/// What ``DisplayBuilder/event(kind:reason:view:previous:phase:at:context:registration:activity:isWinSwing:)`` builds.
public struct DisplayedEvent: Sendable, Hashable {
    public let contentState: LiveActivityContentState
    public let attributes: LiveActivityAttributes
    public let push: PushDecision
}

/// Where in its life an activity is, for the words on screen.
public enum DisplayPhase: String, Sendable, Codable, Hashable {
    case live, grace, ended
}

/// The registration's presentation settings and the instant of the change being shown.
public struct DisplayContext: Sendable, Hashable {
    /// Sideline's default `display.time_zone`: most NFL viewers' kickoff times are quoted in it.
    public static let defaultTimeZone = TimeZone(identifier: "America/New_York") ?? .gmt
    public static let defaultLocaleIdentifier = "en_US"

    /// When the shown change happened (the pass's instant). "as of" times use it.
    public let now: Date
    /// The registration's time zone for every time of day shown.
    public let timeZone: TimeZone
    /// The registration's locale for times of day (scores are locale-independent).
    public let localeIdentifier: String

    public init(now: Date, timeZone: TimeZone = DisplayContext.defaultTimeZone, localeIdentifier: String = DisplayContext.defaultLocaleIdentifier) {
        self.now = now
        self.timeZone = timeZone
        self.localeIdentifier = localeIdentifier
    }
}

/// Builds what the phone renders as-is. Pure: the same inputs give the same output, whatever
/// the server's clock, time zone or locale.
public enum DisplayBuilder {
    /// The most performers a content state lists: enough for the Lock Screen, small enough
    /// that the payload always fits in 4096 bytes.
    public static let maxPerformers = 3

    /// The content state for `view` at `context.now`.
    public static func contentState(for view: MatchupView, phase: DisplayPhase, context: DisplayContext) -> LiveActivityContentState {
        contentState(reading: MatchupReading(view: view), phase: phase, context: context)
    }

    /// Everything one lifecycle event carries for the phone — the content state, the
    /// activity's attributes and the push decision — from one reading of the matchup: each
    /// is what ``contentState(for:phase:context:)``, ``attributes(registration:activity:view:)``
    /// and ``PushPolicy/decide(kind:reason:previous:current:phase:at:isWinSwing:)`` return.
    public static func event(
        kind: LifecycleEventKind,
        reason: LifecycleReason,
        view: MatchupView,
        previous: MatchupView?,
        phase: DisplayPhase,
        at: Date,
        context: DisplayContext,
        registration: String,
        activity: String,
        isWinSwing: Bool = false
    ) -> DisplayedEvent {
        let parts = eventParts(
            kind: kind, reason: reason, view: view, previous: previous, phase: phase, at: at, context: context,
            registration: registration, activity: activity, isWinSwing: isWinSwing
        )
        return DisplayedEvent(contentState: parts.contentState, attributes: parts.attributes, push: parts.push)
    }

    /// ``event(kind:reason:view:previous:phase:at:context:registration:activity:isWinSwing:)`` as a
    /// tuple: `EventEnvelope.init` destructures it into its own fields, where taking them
    /// from a ``DisplayedEvent`` copied every string of the content state and then freed the
    /// originals, on every event.
    package static func eventParts(
        kind: LifecycleEventKind,
        reason: LifecycleReason,
        view: MatchupView,
        previous: MatchupView?,
        phase: DisplayPhase,
        at: Date,
        context: DisplayContext,
        registration: String,
        activity: String,
        isWinSwing: Bool = false
    ) -> (contentState: LiveActivityContentState, attributes: LiveActivityAttributes, push: PushDecision) {
        let reading = MatchupReading(view: view)
        let attributes = attributes(registration: registration, activity: activity, view: view)
        // The push decision first, so the content state can take the reading over rather
        // than copy it (each is pure: the order changes nothing they make).
        let push = PushPolicy.decide(
            kind: kind, reason: reason, previous: previous, reading: reading, phase: phase, at: at, isWinSwing: isWinSwing
        ) { attributes.title }
        return (contentState(reading: reading, phase: phase, context: context), attributes, push)
    }

    static func contentState(reading: consuming MatchupReading, phase: DisplayPhase, context: DisplayContext) -> LiveActivityContentState {
        // The copy keeps the reading; the facts below are read from it.
        let copy = DisplayCopy(reading: reading, phase: phase, context: context)
        return LiveActivityContentState(
            updatedAt: Int(context.now.timeIntervalSince1970.rounded(.down)),
            phase: phase.activityPhase,
            sentiment: copy.reading.sentiment,
            myScore: copy.reading.myScore,
            opponentScore: copy.reading.pair?.theirs,
            scoreLine: copy.reading.scoreLine,
            margin: copy.margin,
            headline: copy.headline,
            myCounts: LiveActivityPlayerCounts(copy.reading.myCounts),
            opponentCounts: copy.reading.opponentCounts.map(LiveActivityPlayerCounts.init),
            myPlayersLine: copy.myPlayersLine,
            opponentPlayersLine: copy.opponentPlayersLine,
            topPerformers: copy.performers,
            next: copy.next,
            asOf: copy.asOf,
            staleText: copy.staleText,
            medianNote: copy.medianNote,
            compactLeading: copy.reading.myScore,
            compactTrailing: copy.compactTrailing,
            minimal: copy.minimal,
            expanded: copy.expanded,
            lockScreen: copy.lockScreen,
            small: copy.small,
            winChance: copy.winChance,
            scope: .league
        )
    }

    /// The win chance the content state for `view` would show (`"62% to win"`), or `nil`:
    /// for the status page and `sideline status`, which show it without building a state.
    public static func winChance(for view: MatchupView, phase: DisplayPhase) -> String? {
        DisplayCopy.winChance(MatchupReading(view: view), phase: phase)
    }

    /// The static attributes for an activity starting on `view`.
    public static func attributes(registration: String, activity: String, view: MatchupView) -> LiveActivityAttributes {
        let mine = TeamNameFormat(view.me.teamName)
        let theirs = view.opponent.map { TeamNameFormat($0.teamName) }
        return LiveActivityAttributes(
            registration: registration,
            activity: activity,
            leagueName: TeamNameFormat.league(view.leagueName),
            season: view.season,
            week: view.week,
            myTeamName: mine.full,
            myTeamShortName: mine.short,
            opponentTeamName: theirs?.full,
            opponentTeamShortName: theirs?.short,
            title: title(mine: mine, theirs: theirs),
            subtitle: Messages.Display.subtitle(league: TeamNameFormat.leagueShort(view.leagueName), week: view.week),
            scope: .league
        )
    }

    /// `"Gridiron Gang vs Taco Tuesday"`, or the team alone: the attributes' title, which
    /// the push alerts repeat.
    static func title(mine: TeamNameFormat, theirs: TeamNameFormat?) -> String {
        theirs.map { Messages.Display.title(mine: mine.title, theirs: $0.title) }
            ?? Messages.Display.titleWithoutOpponent(mine: mine.full)
    }
}

extension DisplayPhase {
    var activityPhase: LiveActivityPhase {
        switch self {
        case .live: .live
        case .grace: .grace
        case .ended: .final
        }
    }
}

extension LiveActivityPlayerCounts {
    init(_ counts: StarterCounts) {
        self.init(playing: counts.playing, toPlay: counts.toPlay, done: counts.done)
    }
}
