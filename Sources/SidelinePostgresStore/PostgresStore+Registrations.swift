import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore: RegistrationStore {
    public func activeRegistrations() throws(StoreError) -> [Registration] {
        let rows = try execute("SELECT \(Self.registrationColumns) FROM registration WHERE removed_at IS NULL ORDER BY id")
        return try decoding { () throws(PostgresError) in try rows.map(Self.registration) }
    }

    /// The stored leagues among `ids`: one statement for the whole set (issue 31).
    public func leagues(ids: Set<String>) throws(StoreError) -> [String: StoredLeague] {
        guard !ids.isEmpty else { return [:] }
        let rows = try execute("SELECT league_id, json, team_names, scoring_refreshed_at FROM league WHERE league_id = ANY (\(PostgresKeySet.sql(1)))",
                               [try PostgresKeySet.parameter(ids)])
        return try decodingJSON { () throws in
            var result: [String: StoredLeague] = [:]
            for row in rows { result[try row.value("league_id")] = try Self.league(row) }
            return result
        }
    }

    /// When each registration last looked for its league's renewal, in `meta` under the
    /// SQLite store's keys. `starts_with`, not `LIKE`: the prefix is no pattern.
    public func renewalAttempts() throws(StoreError) -> [Int64: Date] {
        let prefix = Self.renewalAttemptPrefix
        let rows = try execute("SELECT key, value FROM meta WHERE starts_with(key, $1)", [.text(prefix)])
        return try decoding { () throws(PostgresError) in
            var attempts: [Int64: Date] = [:]
            for row in rows {
                let key: String = try row.value("key")
                // A row this code did not write (hand-edited) is no attempt: the look-up runs again.
                guard let id = Int64(key.dropFirst(prefix.count)), let seconds = Double(try row.value("value", as: String.self)), seconds.isFinite else { continue }
                attempts[id] = Date(timeIntervalSince1970: seconds)
            }
            return attempts
        }
    }

    public func recordRenewalAttempt(registrationID: Int64, at now: Date) throws(StoreError) {
        try setMeta(Self.renewalAttemptPrefix + String(registrationID), String(now.timeIntervalSince1970))
    }

    public func setFollowNote(registrationID: Int64, _ note: String?) throws(StoreError) {
        try execute("UPDATE registration SET follow_note = $1 WHERE id = $2", [PostgresValue(note), .int(registrationID)])
    }

    /// Moves a registration to its league's renewal: the league and the registration in one transaction.
    public func follow(registrationID: Int64, to league: StoredLeague, rosterID: Int, at now: Date) throws(StoreError) {
        try transaction { session in
            try Self.saveLeague(league, at: now, session)
            try session.execute("""
                UPDATE registration SET league_id = $1, league_name = $2, roster_id = $3, season = $4, follow_note = NULL WHERE id = $5
                """, [.text(league.league.leagueID), .text(league.league.name), PostgresValue(rosterID), .text(league.league.season), .int(registrationID)])
        }
    }
}

extension PostgresStore {
    /// The meta key prefix of renewal look-ups: the SQLite store's.
    static let renewalAttemptPrefix = "follow-attempt:"

    /// The columns ``registration(_:)`` reads: every query that builds a `Registration` selects these.
    static let registrationColumns = "id, sleeper_user_id, username, display_name, league_id, league_name, roster_id, season, created_at, follow_note, time_zone, locale"

    static func registration(_ row: PostgresRow) throws(PostgresError) -> Registration {
        Registration(
            id: try row.value("id"), sleeperUserID: try row.value("sleeper_user_id"), username: try row.value("username"),
            displayName: try row.value("display_name"), leagueID: try row.value("league_id"), leagueName: try row.value("league_name"),
            rosterID: try row.value("roster_id"), season: try row.value("season"),
            createdAt: Date(timeIntervalSince1970: try row.value("created_at")), followNote: try row.value("follow_note"),
            timeZone: try row.value("time_zone"), locale: try row.value("locale")
        )
    }
}
