import Foundation
import Testing
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

/// A kind of store under test (issue 31). A role-level suite takes one as its argument
/// (`@Test(arguments: StoreFactory.all)`), so each test runs against every store Sideline
/// has; a second store joins by adding its factory to ``all``. Suites about one store's own
/// machinery (SQLite's bulk statements, database files, backups, compact rows) stay with it.
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    /// Where a new, empty store lives (a SQLite file path, a database name).
    let newLocation: @Sendable () throws -> String
    /// Opens (and migrates) the store at a location; each call is another connection, as
    /// another process would have.
    let open: @Sendable (String) throws -> any AppStore

    var testDescription: String { name }

    /// A new empty store.
    func fresh() throws -> any AppStore { try open(newLocation()) }

    /// Two connections to one new store, as two processes have.
    func twoConnections() throws -> (first: any AppStore, second: any AppStore) {
        let location = try newLocation()
        return (try open(location), try open(location))
    }

    static let sqlite = StoreFactory(name: "SQLite", newLocation: { temporaryDatabase() }, open: { try SQLiteStore(path: $0) })

    /// Every store the role-level suites run against.
    static let all: [StoreFactory] = [.sqlite]
}
