import Foundation
import SidelineCore

/// How the fake scores, as Sleeper does: a player's points are his stat line under his
/// league's ``ScoringSettings``, rounded to hundredths; a lineup's are its starters' sum.
public enum FakeScoring {
    /// A typical half-PPR league (Sleeper's defaults with half a point a catch): the rules
    /// every scripted and synthetic league serves as `scoring_settings`.
    public static let halfPPR = ScoringSettings([
        // Passing, rushing, receiving.
        "pass_yd": 0.04, "pass_td": 4, "pass_int": -1, "pass_2pt": 2,
        "rush_yd": 0.1, "rush_td": 6, "rush_2pt": 2,
        "rec": 0.5, "rec_yd": 0.1, "rec_td": 6, "rec_2pt": 2,
        "fum_lost": -2, "fum_rec_td": 6,
        // Kicking.
        "fgm_0_19": 3, "fgm_20_29": 3, "fgm_30_39": 3, "fgm_40_49": 4, "fgm_50p": 5, "fgmiss": -1, "xpm": 1, "xpmiss": -1,
        // Team defense and special teams.
        "def_td": 6, "def_st_td": 6, "st_td": 6, "sack": 1, "int": 2, "fum_rec": 2, "ff": 1, "safe": 2, "blk_kick": 2,
        "pts_allow_0": 10, "pts_allow_1_6": 7, "pts_allow_7_13": 4, "pts_allow_14_20": 1,
        "pts_allow_21_27": 0, "pts_allow_28_34": -1, "pts_allow_35p": -4,
    ])

    /// Full PPR: only for the `pts_ppr` totals some rows carry.
    static let ppr = ScoringSettings(halfPPR.pointsPerStat.merging(["rec": 1]) { $1 })

    /// A player's points for `stats` under `settings`, to the hundredth like Sleeper's.
    public static func points(_ stats: [String: Double], under settings: ScoringSettings) -> Double {
        hundredths(settings.points(stats))
    }

    static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// A matchups entry whose every figure comes from the players' points.
    static func entry(rosterID: Int, matchupID: Int?, starters: [String], bench: [String],
                      points: (String) -> Double) -> MatchupEntry {
        let startersPoints = starters.map { $0 == MatchupEntry.emptySlot ? 0 : points($0) }
        var playersPoints: [String: Double] = [:]
        for id in starters + bench where id != MatchupEntry.emptySlot { playersPoints[id] = points(id) }
        return MatchupEntry(rosterID: rosterID, matchupID: matchupID, points: hundredths(startersPoints.reduce(0, +)),
                            starters: starters, startersPoints: startersPoints,
                            players: starters.filter { $0 != MatchupEntry.emptySlot } + bench, playersPoints: playersPoints)
    }

    /// `entry` with one player's points replaced (a stat correction), its total moved by
    /// the change when he starts.
    static func entry(_ entry: MatchupEntry, rescoring playerID: String, to points: Double) -> MatchupEntry {
        let starts = entry.starters.contains(playerID)
        guard starts || entry.players.contains(playerID) else { return entry }
        let change = starts ? points - entry.points(for: playerID) : 0
        let startersPoints = entry.startersPoints.map { zip(entry.starters, $0).map { id, old in id == playerID ? points : old } }
        var playersPoints = entry.playersPoints
        playersPoints?[playerID] = points
        return MatchupEntry(rosterID: entry.rosterID, matchupID: entry.matchupID, points: hundredths(entry.points + change),
                            starters: entry.starters, startersPoints: startersPoints, players: entry.players, playersPoints: playersPoints)
    }
}
