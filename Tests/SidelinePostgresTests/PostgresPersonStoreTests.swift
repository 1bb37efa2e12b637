import Foundation
import SidelineCore
import SidelinePostgres
@testable import SidelinePostgresStore
import SidelinePostgresTestDatabase
import SidelineStore
import SidelineTestDates
import Testing

/// The person roles on PostgreSQL (migration `pg2-person-scope`). Person rows are written by
/// the pass's commit, which PostgreSQL does not have yet: these tests write them with the
/// statement that commit will use.
@Suite("PostgreSQL store: each user's scope and the person lifecycles", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresPersonStoreTests {
    let t0 = utc("2026-11-22T18:00:00Z")
    let week = WeekKey(season: "2026", seasonType: .regular, week: 12)
    let nextWeek = WeekKey(season: "2026", seasonType: .regular, week: 13)
    let alex = PersonIdentity(sleeperUserID: "700", username: "alex", displayName: "Alex")

    /// A store on a fresh schema with one registration of Alex's (the rows' anchor).
    func storeWithRegistration() throws -> (PostgresStore, schema: String, registrationID: Int64) {
        let (url, schema) = try TestDatabase.freshSchema()
        let store = try PostgresStore(url: url)
        let id = try store.execute("""
            INSERT INTO registration (sleeper_user_id, username, display_name, league_id, league_name, roster_id, season, created_at)
            VALUES ('700', 'alex', 'Alex', '900', 'Demo', 1, '2026', 0) RETURNING id
            """).first?.value("id", as: Int64.self)
        return (store, schema, try #require(id))
    }

    func save(_ rows: [PersonKey: PersonRow], _ store: PostgresStore) throws {
        try store.transaction { session in try PostgresStore.savePersonRows(rows, at: t0, session) }
    }

    @Test("A user's scope and pin round-trip; setting again replaces them, a nil pin clears it")
    func settings() throws {
        let (store, schema, _) = try storeWithRegistration()
        defer { try? TestDatabase.drop(schema) }
        #expect(try store.personSettings().isEmpty)
        try store.setPersonSettings(sleeperUserID: "700", PersonSettings(scope: .person, pinnedLeagueID: "900"), at: t0)
        try store.setPersonSettings(sleeperUserID: "701", PersonSettings(scope: .league), at: t0)
        #expect(try store.personSettings() == ["700": PersonSettings(scope: .person, pinnedLeagueID: "900"), "701": PersonSettings(scope: .league)])
        try store.setPersonSettings(sleeperUserID: "700", PersonSettings(scope: .person), at: t0 + 60)
        #expect(try store.personSettings()["700"] == PersonSettings(scope: .person))
    }

    @Test("Users registered before the migration keep one activity per league")
    func existingUsersKeepLeagues() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let connection = try PostgresConnection(url: url)
        // pg1 alone, with a registration, then the store migrates to pg2.
        try connection.execute(PostgresSchema.migrationsTable)
        for statement in PostgresSchema.migrations[0].statements { try connection.execute(statement) }
        try connection.execute("INSERT INTO schema_migrations (name) VALUES ('pg1-schema')")
        try connection.execute("""
            INSERT INTO registration (sleeper_user_id, username, display_name, league_id, league_name, roster_id, season, created_at)
            VALUES ('700', 'alex', 'Alex', '900', 'Demo', 1, '2026', 0), ('700', 'alex', 'Alex', '901', 'Other', 2, '2026', 0)
            """)
        let store = try PostgresStore(url: url)
        #expect(try store.personSettings() == ["700": PersonSettings(scope: .league)])
        #expect(try store.appliedMigrations() == PostgresSchema.migrations.map(\.name))
    }

    @Test("Person rows come back for the keys asked (one statement), for the week, and open ones of other weeks; missing keys are left out")
    func rows() throws {
        let (store, schema, anchor) = try storeWithRegistration()
        defer { try? TestDatabase.drop(schema) }
        let row = { (count: Int) in PersonRow(state: PersonLifecycleState(startedCount: count), lastMomentAt: t0, anchorRegistrationID: anchor, person: alex) }
        let live = PersonKey(sleeperUserID: "700", week: week, mode: .live)
        let dry = PersonKey(sleeperUserID: "700", week: week, mode: .dryRun)
        let earlier = PersonKey(sleeperUserID: "701", week: nextWeek, mode: .live)
        try save([live: row(1), dry: row(2), earlier: row(3)], store)
        let missing = PersonKey(sleeperUserID: "702", week: week, mode: .live)
        #expect(try store.personRows([live, dry, earlier, missing]) == [live: row(1), dry: row(2), earlier: row(3)])
        #expect(try store.personRows([PersonKey]()).isEmpty)

        #expect(try store.personRows(mode: .live, week: week) == [live: row(1)])
        // A row of another week comes back while it is open.
        try store.execute("UPDATE person_lifecycle SET is_open = true WHERE sleeper_user_id = '701'")
        #expect(try store.personRows(mode: .live, week: week) == [live: row(1), earlier: row(3)])
        #expect(try store.personHeaders(mode: .live, week: week) == [live: row(1).header, earlier: row(3).header])
        #expect(try store.openActivityCount(sleeperUserID: "701") == 1)
        #expect(try store.openActivityCount(sleeperUserID: "700") == 0)
    }
}
