import Foundation
import SidelineActivity
import SidelineCore

/// A real Live Activity payload built by SidelineCore, as the engine will hand it to the
/// APNs client: a Sunday-afternoon update of a close matchup.
enum LiveActivityFixtures {
    /// Sunday 22 November 2026, 2:14 PM in New York.
    static let now = Date(timeIntervalSince1970: 1_795_374_840)
    static let kickoff = Date(timeIntervalSince1970: 1_795_370_400)

    static func starter(_ name: String, _ position: String, _ team: String, _ points: Double, _ state: StarterState) -> StarterLine {
        StarterLine(
            playerID: name, name: name, position: position, team: TeamCode(normalizing: team), points: points,
            state: state, kickoff: state == .notPlaying ? nil : kickoff
        )
    }

    static let view = MatchupView(
        leagueName: "Dynasty Bros", season: "2026", week: 12,
        me: LineupView(rosterID: 1, teamName: "Gridiron Gang", points: 87.4, starters: [
            starter("Patrick Mahomes", "QB", "KC", 24.3, .playing),
            starter("Kansas City Chiefs", "DEF", "KC", 8.0, .playing),
            starter("A.J. Brown", "WR", "PHI", 11.2, .done),
        ]),
        opponent: LineupView(rosterID: 2, teamName: "Taco Tuesday", points: 72.1, starters: [
            starter("Josh Allen", "QB", "BUF", 20.5, .playing),
            starter("Justin Jefferson", "WR", "MIN", 0, .toPlay),
        ])
    )

    static var contentState: LiveActivityContentState {
        DisplayBuilder.contentState(for: view, phase: .live, context: DisplayContext(now: now))
    }

    static func payload() throws -> Data {
        let decision = PushPolicy.decide(kind: .update, reason: .points, previous: nil, current: view, phase: .live, at: now)
        return try LiveActivityPayload(kind: .update, timestamp: now, contentState: contentState, decision: decision).encoded()
    }

    /// A valid `{"aps": …}` padded with an extra key to exactly `size` bytes.
    static func payload(ofSize size: Int) throws -> Data {
        let prefix = #"{"aps":{"timestamp":1795374840,"event":"update","content-state":{}},"pad":""#
        let suffix = #""}"#
        let padding = size - prefix.utf8.count - suffix.utf8.count
        precondition(padding >= 0)
        return Data((prefix + String(repeating: "x", count: padding) + suffix).utf8)
    }
}
