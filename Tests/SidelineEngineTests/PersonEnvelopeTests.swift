import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineDelivery
@testable import SidelineSinks

/// A person activity's event (issue 30): what webhooks, ntfy and `--json` read, written by
/// the direct writer byte for byte as JSONEncoder writes it.
@Suite("Person events")
struct PersonEnvelopeTests {
    static let at = Date(timeIntervalSince1970: 1_795_374_840)
    static let person = PersonIdentity(sleeperUserID: "u-alex", username: "alex", displayName: "Alex")

    static func registration(_ id: Int64, league: String) -> Registration {
        Registration(id: id, sleeperUserID: "u-alex", username: "alex", displayName: "Alex", leagueID: "11800\(id)",
                     leagueName: league, rosterID: 1, season: "2026", createdAt: at)
    }

    static func lineup(_ roster: Int, _ name: String, _ points: Double, playing: Int, toPlay: Int, done: Int) -> LineupView {
        let starters = (0..<playing).map { StarterLine(playerID: "p\($0)", name: "Player \($0)", position: "WR", team: nil, points: 5, state: .playing, kickoff: at) }
            + (0..<toPlay).map { StarterLine(playerID: "t\($0)", name: "Later \($0)", position: "RB", team: nil, points: 0, state: .toPlay, kickoff: at + 3600) }
            + (0..<done).map { StarterLine(playerID: "d\($0)", name: "Done \($0)", position: "TE", team: nil, points: 7, state: .done, kickoff: at - 3600) }
        return LineupView(rosterID: roster, teamName: name, points: points, starters: starters)
    }

    static func league(_ id: Int64, _ name: String, _ mine: Double, _ theirs: Double?, playing: Int = 1, toPlay: Int = 1, done: Int = 1) -> PersonLeague {
        let view = MatchupView(leagueName: name, season: "2026", week: 12, me: lineup(1, "Gridiron Gang", mine, playing: playing, toPlay: toPlay, done: done),
                               opponent: theirs.map { lineup(2, "Taco Tuesday", $0, playing: 1, toPlay: 0, done: 2) })
        return PersonLeague(registrationID: id, leagueID: "11800\(id)", isBestBall: false, view: view)
    }

    static let view = PersonView(leagues: [
        league(1, "Dynasty Bros", 87.444, 72.1),
        league(2, "Work League", 50, nil, playing: 0, toPlay: 0, done: 3),
        league(3, "Family Cup", 101.2, 99.9, playing: 2, toPlay: 0, done: 1),
    ], highlight: 3)
    static let leagues = [1: "Dynasty Bros", 2: "Work League", 3: "Family Cup"].reduce(into: [Int64: Registration]()) { $0[$1.key] = registration($1.key, league: $1.value) }

    static func envelope(_ kind: LifecycleEventKind = .update, view: PersonView = view, leagues: [Int64: Registration] = leagues, previous: PersonView? = nil, lastMomentAt: Date? = nil) -> EventEnvelope {
        let event = PersonEvent(kind: kind, reason: kind == .end ? .graceExpired : .points, at: at, activityID: "p-u-alex-2026w12-1",
                                view: view, phase: kind == .end ? .ended : .live)
        return EventEnvelope(event, person: person, leagues: leagues, mode: .live, display: DisplayContext(now: at), previous: previous, lastMomentAt: lastMomentAt)
    }

    static func json(_ envelope: EventEnvelope) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: envelope.encoded()) as? [String: Any])
    }

    @Test("A person's event: scope person, registration null, the person, the highlighted league at the top level")
    func topLevel() throws {
        let object = try Self.json(Self.envelope())
        #expect(object["scope"] as? String == "person")
        #expect(object["registration"] is NSNull)
        #expect(object.keys.contains("registration"))
        #expect(object["activity"] as? String == "p-u-alex-2026w12-1")
        #expect(object["sleeper_user_id"] as? String == "u-alex")
        #expect(object["username"] as? String == "alex")
        #expect(object["league_id"] as? String == "118003")
        #expect(object["league_name"] as? String == "Family Cup")
        #expect(object["score"] as? [String: Double] == ["team": 101.2, "opponent": 99.9])
        #expect(object["starters"] as? [String: Int] == ["to_play": 0, "playing": 2, "done": 1])
        #expect((object["attributes"] as? [String: Any])?["title"] as? String == "Alex · all leagues")
    }

    @Test("Its leagues: one object per shown league with its registration, score, starters and phase")
    func leagues() throws {
        let leagues = try #require(try Self.json(Self.envelope())["leagues"] as? [[String: Any]])
        #expect(leagues.count == 3)
        #expect(leagues[0]["league_id"] as? String == "118001")
        #expect(leagues[0]["league_name"] as? String == "Dynasty Bros")
        #expect(leagues[0]["registration"] as? String == "1")
        #expect(leagues[0]["score"] as? [String: Double] == ["team": 87.44, "opponent": 72.1])
        #expect(leagues[0]["starters"] as? [String: Int] == ["to_play": 1, "playing": 1, "done": 1])
        #expect(leagues[0]["phase"] as? String == "live")
        #expect(leagues[1]["score"] as? [String: Double] == ["team": 50])
        #expect(leagues[1]["phase"] as? String == "grace", "its starters are done while others play")
        #expect(Set(leagues[0].keys) == ["league_id", "league_name", "registration", "score", "starters", "phase"])
    }

    @Test("A league's event says scope league and keeps its registration")
    func leagueScope() throws {
        let registration = Self.registration(1, league: "Dynasty Bros")
        let event = LifecycleEvent(kind: .update, reason: .points, at: Self.at, activityID: "1-2026w12-1", view: Self.view.leagues[0].view, phase: .live)
        let envelope = EventEnvelope(event, registration: registration, mode: .live, display: DisplayContext(now: Self.at))
        let object = try Self.json(envelope)
        #expect(object["scope"] as? String == "league")
        #expect(object["registration"] as? String == "1")
        #expect(object["leagues"] == nil)
        #expect(try EventEnvelope.decode(envelope.encoded()) == envelope)
    }

    @Test("An event stored before scope existed still decodes, as a league's")
    func oldEventsDecode() throws {
        let registration = Self.registration(1, league: "Dynasty Bros")
        let event = LifecycleEvent(kind: .update, reason: .points, at: Self.at, activityID: "1-2026w12-1", view: Self.view.leagues[0].view, phase: .live)
        var object = try Self.json(EventEnvelope(event, registration: registration, mode: .live, display: DisplayContext(now: Self.at)))
        object["scope"] = nil
        let old = try EventEnvelope.decode(JSONSerialization.data(withJSONObject: object))
        #expect(old.scope == nil)
        #expect(old.registration == "1")
    }

    @Test("The direct writer writes person events as JSONEncoder does: starts, updates, ends, odd names, no leagues")
    func directWriter() throws {
        let odd = ["\"", "\\", "KC D/ST", "👨‍👩‍👧‍👦", "line\n", ""]
        var envelopes = [Self.envelope(.start), Self.envelope(.update, previous: Self.view), Self.envelope(.end)]
        envelopes.append(Self.envelope(view: PersonView(leagues: [], highlight: nil)))
        envelopes.append(Self.envelope(leagues: [:]))
        for (index, text) in odd.enumerated() {
            let view = PersonView(leagues: [Self.league(Int64(index), text, -0.0, index % 2 == 0 ? 1e-7 : nil)], highlight: Int64(index))
            envelopes.append(Self.envelope(view: view, leagues: [Int64(index): Self.registration(Int64(index), league: text + text)]))
        }
        for envelope in envelopes {
            let expected = try JSONEncoder.sortedKeysReference.encode(envelope)
            #expect(try envelope.encoded() == expected)
            #expect(try EventEnvelope.decode(expected) == envelope)
        }
    }

    @Test("The push decision says whether the event is a moment, for the lead to store lastMomentAt")
    func momentFlag() throws {
        #expect(Self.envelope(.end).push?.isMoment == true)
        #expect(Self.envelope(.update, previous: Self.view).push?.isMoment == false)
    }

    @Test("Both device codings encode a person's event")
    func deviceCodings() throws {
        let event = PersonEvent(kind: .start, reason: .kickoff, at: Self.at, activityID: "p-u-alex-2026w12-1", view: Self.view, phase: .live)
        let envelope = Self.envelope(.start)
        let apns = try APNsPushCoding().encode(envelope, event: event, at: Self.at)
        #expect(try APNsPushCoding().body(apns).priority == 5)
        let homeAssistant = try HomeAssistantPushCoding(dismissalDelay: 600).encode(envelope, event: event, at: Self.at)
        #expect(HomeAssistantPushCoding(dismissalDelay: 600).isImportant(homeAssistant), "a start may spend the reserve")
    }
}

extension PersonEnvelopeTests {
    @Test("ntfy speaks for the person: all leagues and the summary, not the highlighted league's final")
    func ntfy() throws {
        let final = try #require(NtfyNotification.forEvent(Self.envelope(.end)))
        #expect(final.title.contains("All leagues"))
        #expect(!final.title.contains("Family Cup"))
        #expect(final.message.contains("Up in 2 · No opponent in 1"), "\(final.message)")
        let start = try #require(NtfyNotification.forEvent(Self.envelope(.start)))
        #expect(start.title.contains("All leagues"))
    }
}
