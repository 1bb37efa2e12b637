import Foundation
import SidelineActivity
import SidelineCore
import Synchronization

/// A lifecycle event as sinks and `--json` output see it. Stored verbatim in the outbox, so
/// a delivery after a crash sends exactly what was committed.
public struct EventEnvelope: Codable, Sendable, Hashable {
    public struct Score: Codable, Sendable, Hashable {
        public let team: Double
        public let opponent: Double?
    }

    /// One person's leagues (schema 3), one object each: the person event's `leagues`.
    public struct League: Codable, Sendable, Hashable {
        public let leagueID: String
        public let leagueName: String
        /// The registration's handle.
        public let registration: String
        public let score: Score
        public let starters: StarterCounts
        /// The league's own phase: a league's result may be in while others play.
        public let phase: DisplayPhase

        enum CodingKeys: String, CodingKey {
            case leagueID = "league_id"
            case leagueName = "league_name"
            case registration, score, starters, phase
        }
    }

    /// `league` (one registration's activity) or `person` (one person's, across their
    /// leagues). `nil` only in events stored before version 3 of the schema: a league's.
    public let scope: ActivityScope?
    public let event: LifecycleEventKind
    public let reason: LifecycleReason
    /// ISO-8601 UTC, the pass's instant.
    public let at: String
    /// The registration's handle; `null` for a person's event, which spans registrations.
    public let registration: String?
    public let activity: String
    public let sleeperUserID: String
    public let username: String
    public let leagueID: String
    public let leagueName: String
    public let season: String
    public let week: Int
    public let phase: DisplayPhase
    public let dryRun: Bool
    public let score: Score
    public let starters: StarterCounts
    public let contentState: LiveActivityContentState
    /// The activity's static attributes (a push-to-start sends them; other sinks show them).
    public let attributes: LiveActivityAttributes
    /// How loud the push is (APNs priority, alert, relevance, stale and dismissal dates),
    /// decided once when the event is made so a resend after a crash is identical.
    /// Optional only so events stored before it existed still decode.
    public let push: PushDecision?
    /// A person's event: every league it shows, in the activity's order (the top-level
    /// league, score and starters are the highlighted league's). `nil` for a league's.
    public let leagues: [League]?

    enum CodingKeys: String, CodingKey {
        case event, reason, at, registration, activity
        case sleeperUserID = "sleeper_user_id"
        case username
        case leagueID = "league_id"
        case leagueName = "league_name"
        case season, week, phase
        case dryRun = "dry_run"
        case score, starters
        case contentState = "content_state"
        case attributes, push, scope, leagues
    }

    /// `previous` is the view the activity showed before this event (`nil` for a start):
    /// the push policy compares the two to spot a lead change. A win swing comes with the
    /// event (``LifecycleEvent/isWinSwing``): only the lifecycle remembers the last one.
    public init(_ event: LifecycleEvent, registration: Registration, mode: PassMode, display: DisplayContext, previous: MatchupView? = nil) {
        scope = .league
        leagues = nil
        self.event = event.kind
        reason = event.reason
        at = Self.timestamp(event.at)
        self.registration = registration.handle
        activity = event.activityID
        sleeperUserID = registration.sleeperUserID
        username = registration.username
        leagueID = registration.leagueID
        leagueName = registration.leagueName
        season = event.view.season
        week = event.view.week
        phase = event.phase
        dryRun = mode == .dryRun
        score = Score(team: Self.rounded(event.view.me.points), opponent: event.view.opponent.map { Self.rounded($0.points) })
        // Destructured straight into the fields (see `DisplayBuilder.eventParts`).
        let decision: PushDecision // `push` is optional (older stored events): set apart
        (contentState, attributes, decision) = DisplayBuilder.eventParts(
            kind: event.kind, reason: event.reason, view: event.view, previous: event.kind == .start ? nil : previous,
            phase: event.phase, at: event.at, context: display, registration: registration.handle, activity: event.activityID,
            isWinSwing: event.isWinSwing
        )
        push = decision
        // The content state's counts are the lineup's counts: not counted a second time.
        let counts = contentState.myCounts
        starters = StarterCounts(playing: counts.playing, toPlay: counts.toPlay, done: counts.done)
    }

    /// The outbox payload: JSONEncoder's bytes with sorted keys and unescaped slashes,
    /// written field by field without `Codable` (EventEnvelope+JSON.swift, ADR 014).
    /// Throws for a NaN or infinite number, as JSONEncoder did: such an event is never
    /// committed (an outbox row no sink could read would be lost on delivery).
    public func encoded() throws(EventEncodingError) -> Data {
        guard let bytes = directJSON() else { throw EventEncodingError(activity: activity, event: event) }
        return bytes
    }

    public static func decode(_ data: Data) throws -> EventEnvelope {
        try JSONDecoder().decode(EventEnvelope.self, from: data)
    }

    static func rounded(_ points: Double) -> Double { (points * 100).rounded() / 100 }

    /// `2026-11-22T14:31:00Z`. Every event of a pass is at the pass's instant: the last text
    /// is kept and given again for the same exact instant.
    public static func timestamp(_ date: Date) -> String {
        if let last = lastTimestamp.withLock({ $0 }), last.date == date { return last.text }
        let text = date.formatted(Date.ISO8601FormatStyle())
        lastTimestamp.withLock { $0 = (date, text) }
        return text
    }

    private static let lastTimestamp = Mutex<(date: Date, text: String)?>(nil)
}

/// An event that cannot be written as JSON (a NaN or infinite number in it).
public struct EventEncodingError: Error, Sendable, CustomStringConvertible {
    public let activity: String
    public let event: LifecycleEventKind

    public var description: String { "the \(event.rawValue) event of activity \(activity) has a number JSON cannot carry (NaN or infinite)" }
}
