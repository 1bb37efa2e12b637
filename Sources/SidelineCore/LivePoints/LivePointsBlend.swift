import Foundation

/// Live points between two matchups fetches (ADR 029). Pure.
///
/// Sleeper's matchups are the truth; the stats feed is the fast path between fetches. Each
/// side shows `official team points at the last matchups fetch + Σ over its starters of
/// (stat-feed points now − stat-feed points at that fetch)`, blended at team level because
/// `custom_points` replaces the team total. Whatever the local sum cannot see (bonuses,
/// commissioner overrides, stat corrections) is in the official figure and is corrected at
/// the next fetch: the blend never drifts.
///
/// "Stat-feed points at that fetch" is each starter's **baseline**. Both feeds sit behind
/// Sleeper's 60-second edge cache, so a matchups answer may be a minute older or newer than
/// the stats beside it. Taken literally, an older answer would hide a touchdown the stats
/// already had until the next fetch, and a newer one would count it twice. So a starter's
/// baseline is his official figure itself whenever the stats can explain it: it equals his
/// stat-feed points now or before the feed's last change (an older answer), or the feed
/// reaches it within ``catchUpWindow`` of the fetch (a newer answer; the baseline is then
/// corrected, and the caller stores the correction). Only a difference the stats never
/// explain — a rule the sum does not know — stays as an offset until the next fetch.
public enum LivePointsBlend {
    /// Sleeper's figures carry two decimals.
    static let tolerance = 0.005
    /// How long after a matchups fetch the stats may still catch up with its figures: two
    /// edge-cache lifetimes.
    public static let catchUpWindow: TimeInterval = 120

    /// The baseline of every starter of `entries` at a matchups fetch, with the stats in
    /// hand at that fetch — `nil` when none fresh enough to judge by (none yet this week, or
    /// older than ``baselineFreshness``: a kickoff burst can hold the stats call back for
    /// minutes). Without them each starter's official figure is taken as what the stats say:
    /// true of every rule the stats carry, and anything else is put right at the next fetch.
    public static func baseline(_ entries: [MatchupEntry], scoring: ScoringSettings, stats: StatFeedLines?) -> [String: Double] {
        var baseline: [String: Double] = [:]
        for entry in entries {
            for (slot, id) in entry.starters.enumerated() where id != MatchupEntry.emptySlot && !id.isEmpty {
                let official = officialPoints(entry, slot: slot, id: id)
                guard let stats else {
                    baseline[id] = official
                    continue
                }
                let now = points(id, in: stats.lines, scoring: scoring)
                let before = stats.previous.map { points(id, in: $0, scoring: scoring) }
                baseline[id] = same(official, now) || before.map({ same(official, $0) }) == true ? official : now
            }
        }
        return baseline
    }

    /// Stats answered longer ago than this (two edge-cache lifetimes) say nothing about a
    /// matchups answer fetched now.
    public static let baselineFreshness: TimeInterval = 120

    /// What a blend made of a league's entries.
    public struct Blended: Sendable, Hashable {
        /// The entries with live points: team totals and starters' points moved by the stats.
        public let entries: [MatchupEntry]
        /// The baseline with the starters the stats caught up with, when any did (to store).
        public let correctedBaseline: [String: Double]?
    }

    /// The league's entries with live points. `fetchedAt` is the matchups fetch the entries
    /// and `baseline` come from. A starter with no baseline (added since) moves nothing.
    public static func blend(_ entries: [MatchupEntry], baseline: [String: Double], fetchedAt: Date, scoring: ScoringSettings, stats: StatFeedLines) -> Blended {
        var corrected = baseline
        var changed = false
        let catchingUp = stats.changedAt.timeIntervalSince(fetchedAt) <= catchUpWindow
        let blended = entries.map { entry -> MatchupEntry in
            var shown = entry.startersPoints ?? entry.starters.map { entry.points(for: $0) }
            var playersPoints = entry.playersPoints
            var delta = 0.0
            for (slot, id) in entry.starters.enumerated() where id != MatchupEntry.emptySlot && !id.isEmpty && slot < shown.count {
                guard var base = corrected[id] else { continue }
                let official = officialPoints(entry, slot: slot, id: id)
                let now = points(id, in: stats.lines, scoring: scoring)
                if catchingUp, !same(base, official), same(now, official) {
                    base = official
                    corrected[id] = official
                    changed = true
                }
                let move = now - base
                delta += move
                shown[slot] = rounded(official + move)
                if playersPoints?[id] != nil { playersPoints?[id] = shown[slot] }
            }
            return MatchupEntry(rosterID: entry.rosterID, matchupID: entry.matchupID, points: rounded(entry.points + delta),
                                starters: entry.starters, startersPoints: shown, players: entry.players, playersPoints: playersPoints)
        }
        return Blended(entries: blended, correctedBaseline: changed ? corrected : nil)
    }

    /// A player's points from a feed's lines under a league's rules (no line: nothing yet).
    public static func points(_ playerID: String, in lines: StatFeedLines.Lines, scoring: ScoringSettings) -> Double {
        guard let line = lines[playerID] else { return 0 }
        return scoring.points(line)
    }

    static func officialPoints(_ entry: MatchupEntry, slot: Int, id: String) -> Double {
        if let starters = entry.startersPoints, slot < starters.count { return starters[slot] }
        return entry.points(for: id)
    }

    static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) < tolerance }

    /// To the hundredth, as Sleeper shows points: sums of tenths are not exact in binary.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
