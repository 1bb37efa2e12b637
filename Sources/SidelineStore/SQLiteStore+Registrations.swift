import Foundation
import GRDB
import SidelineCore

/// A league as stored: Sleeper's league and its team names by roster id.
public struct StoredLeague: Sendable, Hashable {
    public let league: League
    public let teamNames: [Int: String]
    /// When the league's scoring settings were last read from Sleeper (refreshed weekly).
    public let scoringRefreshedAt: Date?

    public init(league: League, teamNames: [Int: String], scoringRefreshedAt: Date? = nil) {
        self.league = league
        self.teamNames = teamNames
        self.scoringRefreshedAt = scoringRefreshedAt
    }
}

/// A registration about to be stored.
public struct NewRegistration: Sendable, Hashable {
    public let user: SleeperUser
    public let league: League
    public let rosterID: Int
    public let timeZone: String?
    public let locale: String?
    /// The scope the user gets if they are new to this server (`activities.new_user_scope`);
    /// a user already known keeps theirs. Storing without one keeps activities per league.
    public let scopeIfNew: ActivityScope

    public init(user: SleeperUser, league: League, rosterID: Int, timeZone: String? = nil, locale: String? = nil, scopeIfNew: ActivityScope = .league) {
        self.user = user
        self.league = league
        self.rosterID = rosterID
        self.timeZone = timeZone
        self.locale = locale
        self.scopeIfNew = scopeIfNew
    }
}

extension SQLiteStore {
    public func activeRegistrations() throws(StoreError) -> [Registration] {
        try read { db in
            try Row.fetchAll(try db.cachedStatement(sql: "SELECT \(Self.registrationColumns) FROM registration WHERE removed_at IS NULL ORDER BY id")).map(Self.registration)
        }
    }

    public func registration(id: Int64) throws(StoreError) -> Registration? {
        try read { db in
            try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(Self.registrationColumns) FROM registration WHERE id = ? AND removed_at IS NULL"), arguments: [id]).map(Self.registration)
        }
    }

    /// Any registration, removed or not (events keep naming removed ones).
    public func anyRegistration(id: Int64) throws(StoreError) -> Registration? {
        try read { db in
            try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(Self.registrationColumns) FROM registration WHERE id = ?"), arguments: [id]).map(Self.registration)
        }
    }

    /// Stores the leagues and registrations in one transaction. Returns, in input order,
    /// each registration and whether it already existed (registering twice is not an error).
    public func register(_ items: [NewRegistration], leagues: [StoredLeague], at now: Date) throws(StoreError) -> [(Registration, existed: Bool)] {
        try write { db in
            for stored in leagues { try Self.saveLeague(stored, at: now, db) }
            return try items.map { item in
                if let existing = try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(Self.registrationColumns) FROM registration WHERE sleeper_user_id = ? AND league_id = ? AND removed_at IS NULL"), arguments: [item.user.userID, item.league.leagueID]) {
                    return (Self.registration(existing), true)
                }
                // A user new to this server starts in the configured scope (ADR 039).
                try db.cachedStatement(sql: "INSERT OR IGNORE INTO person (sleeper_user_id, scope, updated_at) VALUES (?, ?, ?)")
                    .execute(arguments: [item.user.userID, item.scopeIfNew.rawValue, now.seconds])
                try db.execute(sql: """
                    INSERT INTO registration (sleeper_user_id, username, display_name, league_id, league_name, roster_id, season, created_at, time_zone, locale)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [item.user.userID, item.user.username, item.user.displayName, item.league.leagueID, item.league.name, item.rosterID, item.league.season, now.seconds, item.timeZone, item.locale])
                let row = try Row.fetchOne(try db.cachedStatement(sql: "SELECT \(Self.registrationColumns) FROM registration WHERE id = ?"), arguments: [db.lastInsertedRowID])
                guard let row else { throw StoreError("registration vanished after insert") }
                return (Self.registration(row), false)
            }
        }
    }

    /// Moves a registration to its league's renewal for a new season.
    public func follow(registrationID: Int64, to league: StoredLeague, rosterID: Int, at now: Date) throws(StoreError) {
        try write { db in
            try Self.saveLeague(league, at: now, db)
            try db.execute(sql: """
                UPDATE registration SET league_id = ?, league_name = ?, roster_id = ?, season = ?, follow_note = NULL WHERE id = ?
                """, arguments: [league.league.leagueID, league.league.name, rosterID, league.league.season, registrationID])
        }
    }

    public func setFollowNote(registrationID: Int64, _ note: String?) throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: "UPDATE registration SET follow_note = ? WHERE id = ?").execute(arguments: [note, registrationID])
        }
    }

    public func league(id: String) throws(StoreError) -> StoredLeague? {
        try read { db in try Self.league(id: id, db) }
    }

    public func saveLeague(_ league: StoredLeague, at now: Date) throws(StoreError) {
        try write { db in try Self.saveLeague(league, at: now, db) }
    }

    static func league(id: String, _ db: Database) throws -> StoredLeague? {
        guard let row = try Row.fetchOne(try db.cachedStatement(sql: "SELECT json, team_names, scoring_refreshed_at FROM league WHERE league_id = ?"), arguments: [id]) else { return nil }
        return try league(row)
    }

    /// A league row (`json, team_names, scoring_refreshed_at`).
    static func league(_ row: Row) throws -> StoredLeague {
        let league = try JSONColumn.decode(League.self, from: row["json"])
        let names = try JSONColumn.decode([String: String].self, from: row["team_names"])
        return StoredLeague(league: league, teamNames: Dictionary(uniqueKeysWithValues: names.compactMap { key, value in Int(key).map { ($0, value) } }),
                            scoringRefreshedAt: (row["scoring_refreshed_at"] as Double?).map(Date.init(seconds:)))
    }

    /// A league read from Sleeper with its scoring settings counts as their refresh; one
    /// without them keeps the settings (and refresh time) stored before.
    static func saveLeague(_ stored: StoredLeague, at now: Date, _ db: Database) throws {
        let names = Dictionary(uniqueKeysWithValues: stored.teamNames.map { (String($0.key), $0.value) })
        var league = stored.league
        if league.scoringSettings == nil, let kept = try Self.league(id: league.leagueID, db)?.league.scoringSettings {
            league = league.with(scoringSettings: kept)
        }
        let refreshed: Double? = stored.league.scoringSettings == nil ? nil : now.seconds
        try db.execute(sql: """
            INSERT INTO league (league_id, json, team_names, updated_at, scoring_refreshed_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(league_id) DO UPDATE SET json = excluded.json, team_names = excluded.team_names, updated_at = excluded.updated_at,
                scoring_refreshed_at = coalesce(excluded.scoring_refreshed_at, league.scoring_refreshed_at)
            """, arguments: [league.leagueID, try JSONColumn.encode(league), try JSONColumn.encode(names), now.seconds, refreshed])
    }

    /// The columns ``registration(_:)`` reads, in its order: every query that builds a
    /// `Registration` selects exactly these.
    static let registrationColumns = "id, sleeper_user_id, username, display_name, league_id, league_name, roster_id, season, created_at, follow_note, time_zone, locale"

    /// Reads by position: a process's first pass reads every registration (50,000 in the
    /// benchmark, and every pass in cron mode), and in a profile, building each one from its
    /// row by column name was two thirds of that read.
    static func registration(_ row: Row) -> Registration {
        Registration(
            id: row[0], sleeperUserID: row[1], username: row[2], displayName: row[3],
            leagueID: row[4], leagueName: row[5], rosterID: row[6], season: row[7],
            createdAt: Date(seconds: row[8]), followNote: row[9],
            timeZone: row[10], locale: row[11]
        )
    }
}
