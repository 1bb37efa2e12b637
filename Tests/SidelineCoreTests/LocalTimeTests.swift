import Foundation
import Testing
@testable import SidelineCore

/// Issue 27: instants a person reads are in their zone, with the zone named.
@Suite("Local times: an instant as people read it, in the display zone, labelled")
struct LocalTimeTests {
    static let eastern = LocalTime(zone: TimeZone(identifier: "America/New_York")!, localeIdentifier: "en_US")

    @Test("An 11:55 PM ET end stored as 04:55Z reads as Sunday 11:55 PM EST, with plain spaces")
    func labelled() {
        #expect(Self.eastern.label(iso: "2026-11-23T04:55:00Z") == "Sun, Nov 22 at 11:55 PM EST")
        #expect(Self.eastern.label(iso: "now") == "now", "a word is shown as it is")
    }

    @Test("Every instant in a sentence is labelled; the rest of it is kept word for word")
    func instantsInASentence() {
        let state = GameStatusSourceState(source: .espn, reason: "HTTP 503")
        let line = Messages.GameStatuses.source(state, restingUntil: ScriptedDay.utc("2026-11-23T04:55:00Z"))
        #expect(line.contains("2026-11-23T04:55:00Z"), "status --json keeps the UTC instant")
        #expect(Self.eastern.labelInstants(in: line) == "from ESPN: Sleeper's scores feed is resting until Sun, Nov 22 at 11:55 PM EST after HTTP 503")
        #expect(Self.eastern.labelInstants(in: "no instant here") == "no instant here")
    }

    @Test("A registration with its own zone reads in it; one without, in the display zone")
    func perRegistration() {
        func registration(_ zone: String?) -> Registration {
            Registration(id: 1, sleeperUserID: "u", username: "alex", displayName: "Alex", leagueID: "l", leagueName: "L", rosterID: 1,
                         season: "2026", createdAt: .distantPast, timeZone: zone)
        }
        #expect(registration("America/Los_Angeles").localTime(default: Self.eastern).label(iso: "2026-11-23T04:55:00Z") == "Sun, Nov 22 at 8:55 PM PST")
        #expect(registration(nil).localTime(default: Self.eastern).label(iso: "2026-11-23T04:55:00Z") == "Sun, Nov 22 at 11:55 PM EST")
    }
}
