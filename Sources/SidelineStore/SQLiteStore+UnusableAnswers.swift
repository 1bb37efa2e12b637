import Foundation
import GRDB
import SidelineCore

/// A league's matchups answer that proved no lineup lock (`SnapshotUsability`), or the
/// usable one that ended that: what the planner needs to keep asking for the kickoff
/// snapshot, in every process (cron passes are new processes).
public struct UnusableAnswerMark: Sendable, Hashable {
    public let leagueID: String
    public let week: WeekKey
    /// When the unusable answer came; `nil` clears the mark (a usable answer came).
    public let at: Date?

    public init(leagueID: String, week: WeekKey, at: Date?) {
        self.leagueID = leagueID
        self.week = week
        self.at = at
    }
}

extension SQLiteStore {
    /// When each league's latest matchups answer for `week` proved no lineup lock, for the
    /// leagues whose mark is set. Marks are rare (Sleeper answering `[]` or garbage) and live
    /// in `meta`, one row per league and week, so no schema change was needed for them.
    public func unusableAnswers(week: WeekKey) throws(StoreError) -> [String: Date] {
        let prefix = Self.unusablePrefix(week)
        return try read { db in
            var marks: [String: Date] = [:]
            // A range on the primary key, not a scan: `meta` also holds a row per registration.
            let statement = try db.cachedStatement(sql: "SELECT key, value FROM meta WHERE key >= ? AND key < ?")
            for row in try Row.fetchAll(statement, arguments: [prefix + ":", prefix + ";"]) {
                let key: String = row["key"]
                let value: String = row["value"]
                // A value that is not a number was not written by this code: no mark.
                guard let seconds = Double(value) else { continue }
                marks[String(key.dropFirst(prefix.count + 1))] = Date(seconds: seconds)
            }
            return marks
        }
    }

    static func unusablePrefix(_ week: WeekKey) -> String { "unusable-matchups/\(week.storageKey)" }

    /// Sets and clears marks inside an open write transaction (``saveSnapshots(_:marks:)``).
    static func writeMarks(_ marks: [UnusableAnswerMark], _ db: Database) throws {
        guard !marks.isEmpty else { return }
        let set = try db.cachedStatement(sql: "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
        let clear = try db.cachedStatement(sql: "DELETE FROM meta WHERE key = ?")
        for mark in marks {
            let key = "\(unusablePrefix(mark.week)):\(mark.leagueID)"
            if let at = mark.at {
                try set.execute(arguments: [key, String(at.seconds)])
            } else {
                try clear.execute(arguments: [key])
            }
        }
    }
}
