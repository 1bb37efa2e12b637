import Foundation
import Testing
import SidelineCore
import SidelineDelivery
@testable import SidelineSinks

/// A person's activity on Home Assistant (issue 30): one notification, tagged by the activity,
/// titled by the person, for every push of it — whichever league is highlighted.
@Suite("Home Assistant: a person's activity")
struct HomeAssistantPersonTests {
    static let at = Date(timeIntervalSince1970: 1_795_374_840)
    let coding = HomeAssistantPushCoding(dismissalDelay: 0)

    static func league(_ id: Int64, _ name: String, _ mine: Double, _ theirs: Double) -> PersonLeague {
        let starter = StarterLine(playerID: "p", name: "Player", position: "WR", team: nil, points: 5, state: .playing, kickoff: at)
        let view = MatchupView(leagueName: name, season: "2026", week: 12,
                               me: LineupView(rosterID: 1, teamName: "Mine \(id)", points: mine, starters: [starter]),
                               opponent: LineupView(rosterID: 2, teamName: "Theirs \(id)", points: theirs, starters: [starter]))
        return PersonLeague(registrationID: id, leagueID: "L\(id)", isBestBall: false, view: view)
    }

    func body(_ kind: LifecycleEventKind, highlight: Int64) throws -> [String: Any] {
        let view = PersonView(leagues: [Self.league(1, "Dynasty Bros", 80, 70), Self.league(2, "Work League", 40, 60)], highlight: highlight)
        let event = PersonEvent(kind: kind, reason: kind == .end ? .graceExpired : .points, at: Self.at, activityID: "p-u-alex-2026w12-1", view: view, phase: kind == .end ? .ended : .live)
        let envelope = EventEnvelope(event, person: PersonIdentity(sleeperUserID: "u-alex", username: "alex", displayName: "Alex"),
                                     leagues: [:], mode: .live, display: DisplayContext(now: Self.at), previous: nil, lastMomentAt: nil)
        let stored = try coding.encode(envelope, at: Self.at)
        return try #require(try JSONSerialization.jsonObject(with: coding.notifyBody(coding.step(stored, kind: kind, at: Self.at).payload)) as? [String: Any])
    }

    @Test("One tag per person activity and the person's title, whichever league is highlighted")
    func oneTagOneTitle() throws {
        let first = try body(.start, highlight: 1), second = try body(.update, highlight: 2)
        for notification in [first, second] {
            #expect(notification["title"] as? String == "Alex · all leagues")
            #expect((notification["data"] as? [String: Any])?["tag"] as? String == (first["data"] as? [String: Any])?["tag"] as? String)
        }
        #expect((first["message"] as? String)?.contains("Dynasty Bros") == true)
        #expect((second["message"] as? String)?.contains("Work League") == true)
        #expect((second["message"] as? String)?.contains("Up in 1 · Down in 1") == true)
    }
}
