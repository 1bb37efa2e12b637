import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

// `RegistrationAdminStore`; `removeRegistration` (which commits outbox events) lives with the
// lifecycle commit, `league(id:)` in PostgresStore+LivePoints.swift.
extension PostgresStore: RegistrationAdminStore {
    /// An active registration.
    public func registration(id: Int64) throws(StoreError) -> Registration? {
        let rows = try execute("SELECT \(Self.registrationColumns) FROM registration WHERE id = $1 AND removed_at IS NULL", [.int(id)])
        return try decoding { () throws(PostgresError) in try rows.first.map(Self.registration) }
    }

    /// Any registration, removed or not (events keep naming removed ones).
    public func anyRegistration(id: Int64) throws(StoreError) -> Registration? {
        let rows = try execute("SELECT \(Self.registrationColumns) FROM registration WHERE id = $1", [.int(id)])
        return try decoding { () throws(PostgresError) in try rows.first.map(Self.registration) }
    }

    /// Stores the leagues and registrations in one transaction. Returns, in input order, each
    /// registration and whether it already existed (registering twice is not an error).
    ///
    /// Two processes registering the same user and league at once: the insert is `ON CONFLICT
    /// DO NOTHING` on the one-active-registration index, so the second waits for the first's
    /// commit, inserts nothing, and reads the first's row as existing (SQLite's single writer
    /// gives the same). Ids come from an identity sequence, which never hands one out twice,
    /// removed row or not (SQLite's `AUTOINCREMENT`).
    public func register(_ items: [NewRegistration], leagues: [StoredLeague], at now: Date) throws(StoreError) -> [(Registration, existed: Bool)] {
        try transaction { session in
            for stored in leagues { try Self.saveLeague(stored, at: now, session) }
            return try items.map { item in
                if let existing = try Self.activeRegistration(item, session) { return (existing, existed: true) }
                // A user new to this server starts in the configured scope (ADR 039).
                try session.execute("INSERT INTO person (sleeper_user_id, scope, updated_at) VALUES ($1, $2, $3) ON CONFLICT (sleeper_user_id) DO NOTHING",
                                    [.text(item.user.userID), .text(item.scopeIfNew.rawValue), now.stored])
                let inserted = try session.execute("""
                    INSERT INTO registration (sleeper_user_id, username, display_name, league_id, league_name, roster_id, season, created_at, time_zone, locale)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                    ON CONFLICT (sleeper_user_id, league_id) WHERE removed_at IS NULL DO NOTHING
                    RETURNING \(Self.registrationColumns)
                    """, [.text(item.user.userID), .text(item.user.username), .text(item.user.displayName), .text(item.league.leagueID),
                          .text(item.league.name), PostgresValue(item.rosterID), .text(item.league.season), now.stored,
                          PostgresValue(item.timeZone), PostgresValue(item.locale)])
                if let row = inserted.first { return (try Self.registration(row), existed: false) }
                // Another process registered it since the read above; its commit is visible now.
                guard let existing = try Self.activeRegistration(item, session) else { throw StoreError("registration vanished after insert") }
                return (existing, existed: true)
            }
        }
    }

    /// Every open lifecycle row of a registration, in both modes: one statement.
    public func openLifecycleStates(registrationID: Int64) throws(StoreError) -> [LifecycleKey: LifecycleState] {
        let rows = try execute("SELECT week_key, mode, state FROM lifecycle WHERE registration_id = $1 AND is_open", [.int(registrationID)])
        let stored = try decodingJSON { () throws in
            var result: [LifecycleKey: LifecycleRow] = [:]
            for row in rows {
                // A row this version cannot place (an unknown week or mode) is skipped, as on SQLite.
                guard let week = WeekKey(storageKey: try row.value("week_key")), let mode = PassMode(rawValue: try row.value("mode")) else { continue }
                // The same bytes the SQLite store keeps (`CompactRows`).
                result[LifecycleKey(registrationID: registrationID, week: week, mode: mode)] = try LifecycleRow(bytes: [UInt8](try row.value("state", as: Data.self)))
            }
            return result
        }
        var states: [LifecycleKey: LifecycleState] = [:]
        for (key, row) in stored { states[key] = try row.state() }
        return states
    }
}

extension PostgresStore {
    static func activeRegistration(_ item: NewRegistration, _ session: PostgresSession) throws(PostgresError) -> Registration? {
        try session.execute("SELECT \(registrationColumns) FROM registration WHERE sleeper_user_id = $1 AND league_id = $2 AND removed_at IS NULL",
                            [.text(item.user.userID), .text(item.league.leagueID)]).first.map(registration)
    }
}
