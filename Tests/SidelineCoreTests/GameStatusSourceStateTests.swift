import Foundation
import Testing
@testable import SidelineCore

@Suite("Where game statuses come from: one switch, one note")
struct GameStatusSourceStateTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("Switching to ESPN and back is reported once each; a failing feed asked again only refreshes the reason")
    func switchesOnce() {
        var state = GameStatusSourceState()
        var switches: [Bool] = []
        switches.append(state.answered(by: .scores, primaryProblem: nil, at: t0))
        switches.append(state.answered(by: .espn, primaryProblem: "HTTP 503", at: t0 + 60))
        // Asked directly while the feed rests: no problem of the feed's this time, the reason stays.
        switches.append(state.answered(by: .espn, primaryProblem: nil, at: t0 + 120))
        #expect(state.reason == "HTTP 503" && state.since == t0 + 60)
        switches.append(state.answered(by: .espn, primaryProblem: "HTTP 502", at: t0 + 300))
        #expect(state.reason == "HTTP 502")
        switches.append(state.answered(by: .scores, primaryProblem: nil, at: t0 + 900))
        #expect(switches == [false, true, false, false, true])
        #expect(state == GameStatusSourceState(source: .scores, since: t0 + 900, reason: nil))
    }

    @Test("Status says which source and why, with the scores feed's rest")
    func statusLine() {
        let espn = GameStatusSourceState(source: .espn, since: t0, reason: "HTTP 503")
        #expect(Messages.GameStatuses.source(espn, restingUntil: Date(timeIntervalSince1970: 1_800_000_960))
            == "from ESPN: Sleeper's scores feed is resting until 2027-01-15T08:16:00Z after HTTP 503")
        #expect(Messages.GameStatuses.source(GameStatusSourceState(), restingUntil: nil) == "from Sleeper's scores feed")
    }
}
