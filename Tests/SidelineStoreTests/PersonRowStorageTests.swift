import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineStore

/// Person lifecycle rows (ADR 039) stored in the compact format of the league rows (ADR 012):
/// exact round trips, the header read without the views, JSON rows of the first person-scope
/// builds still read, and damaged bytes refused.
@Suite("Person lifecycle rows")
struct PersonRowStorageTests {
    static let t0 = CompactRowsTests.t0
    static let person = PersonIdentity(sleeperUserID: "700", username: "alex", displayName: "Alex — Zürich 🏈")

    static func view(highlight: Int64?) -> PersonView {
        PersonView(leagues: [
            PersonLeague(registrationID: 1, leagueID: "900", isBestBall: false, view: CompactRowsTests.view),
            PersonLeague(registrationID: 70_000_000_001, leagueID: "1300000000000000001", isBestBall: true,
                         view: MatchupView(leagueName: "Best ball", season: "2026", week: 12, me: CompactRowsTests.view.me, opponent: nil)),
        ], highlight: highlight)
    }

    static let rows: [PersonRow] = [
        PersonRow(state: .idle, lastMomentAt: nil, anchorRegistrationID: 1, person: person),
        PersonRow(state: PersonLifecycleState(activity: nil, startedCount: 2, lastEndedAt: t0), lastMomentAt: t0, anchorRegistrationID: 70_000_000_001, person: person),
        PersonRow(state: PersonLifecycleState(
            activity: ActivityRun(id: "u700-2026w12-1", startedAt: t0, phase: .live, lastView: view(highlight: 70_000_000_001),
                                      lastEventAt: t0.addingTimeInterval(90), winSwing: WinSwing(side: .them, at: t0.addingTimeInterval(30))),
            startedCount: 1), lastMomentAt: t0.addingTimeInterval(60), anchorRegistrationID: 70_000_000_001, person: person),
        PersonRow(state: PersonLifecycleState(
            activity: ActivityRun(id: "dry-u700-2026w12-2", startedAt: t0, phase: .grace(since: t0.addingTimeInterval(600)),
                                      lastView: PersonView(leagues: [], highlight: nil), lastEventAt: nil, winSwing: WinSwing(side: .me, at: nil)),
            startedCount: 123_456, lastEndedAt: t0.addingTimeInterval(-1)), lastMomentAt: nil, anchorRegistrationID: 1, person: person),
    ]

    @Test("Person rows round-trip exactly through their compact bytes, and the header read alone matches the row's")
    func compactRoundTrip() throws {
        for row in Self.rows {
            let bytes = CompactRows.encode(row)
            #expect(bytes.first == CompactRows.lifecycleVersion)
            #expect(try SQLiteStore.personRow(bytes) == row)
            #expect(try CompactRows.personHeader(bytes) == row.header)
        }
    }

    @Test("A person row stored as JSON by the first person-scope builds still reads")
    func jsonRowsStillRead() throws {
        for row in Self.rows {
            #expect(try SQLiteStore.personRow([UInt8](try JSONEncoder().encode(row))) == row)
        }
    }

    @Test("A damaged person row is refused with a store error, not a crash")
    func damagedRowsAreRefused() {
        let bytes = CompactRows.encode(Self.rows[2])
        for cut in [0, 1, bytes.count / 2, bytes.count - 1] {
            #expect(throws: StoreError.self) { try SQLiteStore.personRow(Array(bytes.prefix(cut))) }
        }
        #expect(throws: StoreError.self) { try SQLiteStore.personRow(bytes + [0]) }
        #expect(throws: StoreError.self) { try SQLiteStore.personRow([99] + bytes.dropFirst()) }
    }

    @Test("Person rows committed with a pass read back by key, and open ones as headers", arguments: StoreFactory<any AppStore>.all)
    func storeRoundTrip(_ stores: StoreFactory<any AppStore>) throws {
        let store = try stores.fresh()
        let registration = try store.register([NewRegistration(user: storeUser, league: storeLeague, rosterID: 1, scopeIfNew: .person)],
                                              leagues: [StoredLeague(league: storeLeague, teamNames: [:])], at: storeT0)[0].0
        let open = Self.rows[2]
        let row = PersonRow(state: open.state, lastMomentAt: open.lastMomentAt, anchorRegistrationID: registration.id, person: open.person)
        let key = PersonKey(sleeperUserID: storeUser.userID, week: storeWeek, mode: .live)
        try store.commitPass(rows: [:], personRows: [key: row], events: [], sinks: [:], at: storeT0)
        #expect(try store.personRows([key]) == [key: row])
        #expect(try store.personRows(mode: .live, week: storeWeek) == [key: row])
        #expect(try store.personHeaders(mode: .live, week: WeekKey(season: "2026", seasonType: .regular, week: 13)) == [key: row.header])
        #expect(try store.personRows([PersonKey(sleeperUserID: storeUser.userID, week: storeWeek, mode: .dryRun)]).isEmpty)
    }
}
