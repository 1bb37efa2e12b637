import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineStore
import SidelinePostgresStore
import SidelinePostgresTestDatabase
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

/// A kind of store under test (issue 31), opening stores as `Store`: `any AppStore` for
/// the suites that need every role, a narrower composition (``CommonStoreRoles``) for the
/// suites whose roles more stores implement. A role-level suite takes one as its argument
/// (`@Test(arguments: …)`), so each test runs against every store that has its roles.
/// Suites about one store's own machinery (SQLite's bulk statements, database files,
/// backups, compact rows) stay with it.
struct StoreFactory<Store: Sendable>: Sendable, CustomTestStringConvertible {
    let name: String
    /// Where a new, empty store lives (a SQLite file path, a PostgreSQL schema).
    let newLocation: @Sendable () throws -> String
    /// Opens (and migrates) the store at a location; each call is another connection, as
    /// another process would have.
    let open: @Sendable (String) throws -> Store

    var testDescription: String { name }

    /// A new empty store.
    func fresh() throws -> Store { try open(newLocation()) }

    /// Two connections to one new store, as two processes have.
    func twoConnections() throws -> (first: Store, second: Store) {
        let location = try newLocation()
        return (try open(location), try open(location))
    }

    /// The SQLite store, seen as `Store` (`{ $0 }`: the compiler checks it has the roles).
    static func sqlite(_ view: @escaping @Sendable (SQLiteStore) -> Store) -> Self {
        StoreFactory(name: "SQLite", newLocation: { temporaryDatabase() }, open: { view(try SQLiteStore(path: $0)) })
    }

    /// The PostgreSQL store, each location a fresh schema of the test server's database
    /// (left for the server's teardown: the schemas are small and the data directory is
    /// scratch).
    static func postgres(_ view: @escaping @Sendable (PostgresStore) -> Store) -> Self {
        StoreFactory(name: "PostgreSQL", newLocation: { try TestDatabase.freshSchema().schema },
                     open: { view(try PostgresStore(url: TestDatabase.url(schema: $0))) })
    }

    /// SQLite and, when the test server runs (``TestDatabase/runs``; always under CI),
    /// PostgreSQL: for a suite whose roles both stores implement.
    static func bothStores(_ sqlite: @escaping @Sendable (SQLiteStore) -> Store, _ postgres: @escaping @Sendable (PostgresStore) -> Store) -> [Self] {
        [.sqlite(sqlite)] + (TestDatabase.runs ? [.postgres(postgres)] : [])
    }
}

extension StoreFactory where Store == any AppStore {
    /// The SQLite store with every role.
    static var sqlite: Self { .sqlite { $0 } }

    /// Every store: SQLite and, when the test server runs, PostgreSQL (issue 31).
    static var all: [Self] { bothStores({ $0 }, { $0 }) }
}

/// The roles every store implements (the call log, snapshots, live points) and the reads
/// the tests check them with: what the suites that run on every store ask of one.
protocol CommonStoreRoles: CallLogStore, SnapshotStore, LivePointsStore {
    func callLog() throws(StoreError) -> [(at: Date, kind: String, path: String)]
    func budgetPressure() throws(StoreError) -> BudgetPressure
    func snapshot(leagueID: String, week: WeekKey) throws(StoreError) -> StoredSnapshot?
    func league(id: String) throws(StoreError) -> StoredLeague?
}

extension SQLiteStore: CommonStoreRoles {}
extension PostgresStore: CommonStoreRoles {}

extension StoreFactory where Store == any CommonStoreRoles {
    /// Every store with the common roles, for the suites over ``CommonStoreRoles``.
    static var common: [Self] { bothStores({ $0 }, { $0 }) }
}
