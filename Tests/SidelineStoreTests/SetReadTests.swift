import Foundation
import Testing
import SidelineDelivery
@testable import SidelineCore
@testable import SidelineStore

/// The pass's set-shaped reads (issue 31): one statement per chunk of keys, so what they
/// return must be exactly what a read per key returned — across weeks and modes, past a
/// chunk's size, missing keys left out. The lifecycle rows' and a device's facts are in
/// ``DeliveryRowsTests``, on both stores.
@Suite("The store's set reads: snapshots and leagues")
struct SetReadTests {
    let t0 = storeT0
    let week = storeWeek
    let nextWeek = WeekKey(season: "2026", seasonType: .regular, week: 13)

    @Test("Snapshots and leagues come back for every stored id past a chunk's size, and none for a missing one", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func snapshotsAndLeagues(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let store = try stores.fresh()
        let ids = (0..<1_001).map { "L\($0)" }
        let entry = { (points: Double) in MatchupEntry(rosterID: 1, matchupID: 1, points: points, starters: ["a"], startersPoints: [points], players: ["a"], playersPoints: ["a": points]) }
        try store.saveSnapshots(ids.enumerated().map { SnapshotUpdate(leagueID: $1, week: week, entries: [entry(Double($0))], fetchedAt: t0) }, marks: [])
        let snapshots = try store.snapshots(week: week, leagueIDs: Set(ids + ["missing"]))
        #expect(snapshots.count == ids.count)
        #expect(snapshots["L700"]?.entries == [entry(700)])
        #expect(try store.snapshots(week: nextWeek, leagueIDs: Set(ids)).isEmpty)

        let leagues = ids.map { League(leagueID: $0, name: "League \($0)", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false) }
        for league in leagues { try store.saveLeague(StoredLeague(league: league, teamNames: [1: "Team \(league.leagueID)"]), at: t0) }
        let read = try store.leagues(ids: Set(ids + ["missing"]))
        #expect(read.count == ids.count)
        #expect(read["L999"]?.teamNames[1] == "Team L999")
    }
}
