import Foundation
import Synchronization
import SidelineCore
import SidelineStore
import Testing
@testable import SidelineWiring

extension PassLoopTests {
    @Test("The daemon keeps each pass's summary: with Sleeper unreachable, the last pass failed and says why")
    func keepsTheFailedPass() async throws {
        let clock = ManualClock(Self.start)
        let wiring = try wiring(clock: clock)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Someone to follow, so the pass has calls to make (state/nfl first).
        let league = League(leagueID: "900", name: "Demo", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false)
        _ = try wiring.store.register([NewRegistration(user: SleeperUser(userID: "700", username: "alex", displayName: "Alex"), league: league, rosterID: 1)],
                                      leagues: [StoredLeague(league: league, teamNames: [:])], at: Self.start)
        let loop = PassLoop(wiring: wiring, mode: .live, sinks: [], untilIdle: true, observer: PassObserver(wiring: wiring)) { _ in }
        try await loop.run()
        let last = try #require(try wiring.store.lastPass())
        #expect(last.at == Self.start)
        #expect(last.calls > 0 && last.unanswered == last.calls, "\(last)")
        #expect(last.failure?.contains("127.0.0.1:9") == true, "\(last.failure ?? "")")
    }
}
