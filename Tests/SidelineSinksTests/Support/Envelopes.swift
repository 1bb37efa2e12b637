import Foundation
import SidelineCore
@testable import SidelineDelivery

/// Hand-built matchups and envelopes: Gridiron Gang (87.4) vs Taco Tuesday (72.1) in
/// Dynasty Bros, week 12 of 2026.
enum Envelopes {
    /// Sunday, November 22, 2026, 18:20 UTC.
    static let kickoff = Date(timeIntervalSince1970: 1_795_371_600)
    static let activity = "3-2026w12-1"

    static let registration = Registration(
        id: 3, sleeperUserID: "7310", username: "gridiron", displayName: "Gridiron",
        leagueID: "1180", leagueName: "Dynasty Bros", rosterID: 1, season: "2026", createdAt: kickoff - 86_400
    )

    static func starter(_ id: String, _ name: String, points: Double, _ state: StarterState) -> StarterLine {
        StarterLine(playerID: id, name: name, position: "WR", team: nil, points: points, state: state, kickoff: kickoff)
    }

    /// Both sides mid-game: one starter playing and one to play each.
    static let liveView = MatchupView(
        leagueName: "Dynasty Bros", season: "2026", week: 12,
        me: LineupView(rosterID: 1, teamName: "Gridiron Gang", points: 87.4, starters: [
            starter("1", "Ja'Marr Chase", points: 24.3, .playing), starter("2", "Puka Nacua", points: 0, .toPlay),
        ]),
        opponent: LineupView(rosterID: 2, teamName: "Taco Tuesday", points: 72.1, starters: [
            starter("3", "CeeDee Lamb", points: 12.1, .playing), starter("4", "Nico Collins", points: 0, .toPlay),
        ])
    )

    /// Everyone done, Gridiron Gang ahead: a decided win.
    static let finalView = MatchupView(
        leagueName: "Dynasty Bros", season: "2026", week: 12,
        me: LineupView(rosterID: 1, teamName: "Gridiron Gang", points: 112.4, starters: [
            starter("1", "Ja'Marr Chase", points: 31.2, .done), starter("2", "Puka Nacua", points: 18.0, .done),
        ]),
        opponent: LineupView(rosterID: 2, teamName: "Taco Tuesday", points: 98.7, starters: [
            starter("3", "CeeDee Lamb", points: 22.4, .done), starter("4", "Nico Collins", points: 9.8, .done),
        ])
    )

    static func make(
        _ kind: LifecycleEventKind, _ reason: LifecycleReason, at: Date = kickoff,
        view: MatchupView = liveView, phase: DisplayPhase = .live, activity: String = activity
    ) -> EventEnvelope {
        let event = LifecycleEvent(kind: kind, reason: reason, at: at, activityID: activity, view: view, phase: phase)
        return EventEnvelope(event, registration: registration, mode: .live, display: DisplayContext(now: at))
    }

    static let start = make(.start, .kickoff)
    static let pointsUpdate = make(.update, .points, at: kickoff + 600)
    static let resumed = make(.update, .resumed, at: kickoff + 3_600)
    static let final = make(.end, .graceExpired, at: kickoff + 4 * 3_600, view: finalView, phase: .ended)
}
