import Foundation
import SidelineActivity
import SidelineCore

/// A lifecycle event as sinks and `--json` output see it. Stored verbatim in the outbox, so
/// a delivery after a crash sends exactly what was committed.
public struct EventEnvelope: Codable, Sendable, Hashable {
    public struct Score: Codable, Sendable, Hashable {
        public let team: Double
        public let opponent: Double?
    }

    public let event: LifecycleEventKind
    public let reason: LifecycleReason
    /// ISO-8601 UTC, the pass's instant.
    public let at: String
    public let registration: String
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
        case attributes, push
    }

    /// `previous` is the view the activity showed before this event (`nil` for a start):
    /// the push policy compares the two to spot a lead change.
    public init(_ event: LifecycleEvent, registration: Registration, mode: PassMode, display: DisplayContext, previous: MatchupView? = nil) {
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
        starters = event.view.me.counts
        contentState = DisplayBuilder.contentState(for: event.view, phase: event.phase, context: display)
        attributes = DisplayBuilder.attributes(registration: registration.handle, activity: event.activityID, view: event.view)
        push = PushPolicy.decide(kind: event.kind, reason: event.reason, previous: event.kind == .start ? nil : previous, current: event.view, phase: event.phase, at: event.at)
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    public static func decode(_ data: Data) throws -> EventEnvelope {
        try JSONDecoder().decode(EventEnvelope.self, from: data)
    }

    static func rounded(_ points: Double) -> Double { (points * 100).rounded() / 100 }

    /// `2026-11-22T14:31:00Z`. (A format style is a value: no formatter to build per call.)
    public static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}
