import Foundation
@testable import SidelineCore
@testable import SidelineStore
import SidelineTestDates

// What the store suites share: one instant, one user, one league, and fresh database files.

/// The instant the store suites start from.
let storeT0 = utc("2026-11-22T18:00:00Z")
let storeWeek = WeekKey(season: "2026", seasonType: .regular, week: 12)
let storeUser = SleeperUser(userID: "700", username: "alex", displayName: "Alex")
let storeLeague = League(leagueID: "900", name: "Demo", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false)

/// A database file in a fresh temporary directory.
func temporaryDatabase() -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-store-\(UUID().uuidString)")
    return directory.appendingPathComponent("state.sqlite").path
}

/// Two connections to one new database file, as two processes have.
func twoConnections() throws -> (first: SQLiteStore, second: SQLiteStore) {
    let path = temporaryDatabase()
    return (try SQLiteStore(path: path), try SQLiteStore(path: path))
}
