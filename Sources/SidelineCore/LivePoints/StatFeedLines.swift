import Foundation

/// Which of the two week-wide player feeds on the scores feed's host.
public enum StatFeedKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// `/stats/nfl/{season}/{week}`: every player's stats so far this week.
    case stats
    /// `/projections/nfl/{season}/{week}`: every player's projected stats for the week.
    case projections
}

/// One week's stats (or projections) as last fetched: player id → stat key → value.
///
/// The stats also keep the lines before their last change: a matchups answer can come from
/// Sleeper's edge cache a minute older than the stats beside it, and the previous lines are
/// what such an answer was computed from (``LivePointsBlend/baseline(_:scoring:stats:)``).
public struct StatFeedLines: Sendable, Hashable, Codable {
    public typealias Lines = [String: [String: Double]]

    public let lines: Lines
    /// The lines before the last change (`nil` until a second body came).
    public let previous: Lines?
    /// When a body or a 304 last confirmed `lines`.
    public let fetchedAt: Date
    /// When `lines` last changed.
    public let changedAt: Date
    public let etag: String?

    public init(lines: Lines, previous: Lines?, fetchedAt: Date, changedAt: Date, etag: String?) {
        self.lines = lines
        self.previous = previous
        self.fetchedAt = fetchedAt
        self.changedAt = changedAt
        self.etag = etag
    }

    /// Lines from a decoded body (a player listed twice keeps his last row).
    public static func lines(_ rows: [StatLine]) -> Lines {
        var lines: Lines = [:]
        lines.reserveCapacity(rows.count)
        for row in rows { lines[row.playerID] = row.stats }
        return lines
    }

    /// The same feed after a new answer: `nil` lines for a 304 (only the time moves).
    public func updated(with new: Lines?, etag newETag: String?, at now: Date) -> StatFeedLines {
        guard let new else { return StatFeedLines(lines: lines, previous: previous, fetchedAt: now, changedAt: changedAt, etag: etag) }
        guard new != lines else { return StatFeedLines(lines: lines, previous: previous, fetchedAt: now, changedAt: changedAt, etag: newETag ?? etag) }
        return StatFeedLines(lines: new, previous: lines, fetchedAt: now, changedAt: now, etag: newETag)
    }

    /// The players whose line differs between two versions (either side may lack him).
    public static func changedPlayers(from old: Lines?, to new: Lines) -> Set<String> {
        guard let old else { return Set(new.keys) }
        var changed: Set<String> = []
        for (id, stats) in new where old[id] != stats { changed.insert(id) }
        for id in old.keys where new[id] == nil { changed.insert(id) }
        return changed
    }
}
