import Foundation
import SidelineCore

/// A stat correction, as Sleeper publishes them after the fact: from `from` on, the
/// player's `stat` for `week` reads `change` more (a rushing touchdown taken away is
/// `rush_td`, `-1`). Both the stats feed and every league's matchups show it.
public struct FakeStatCorrection: Sendable, Hashable {
    public let playerID: String
    public let week: GamesKey
    public let stat: String
    public let change: Double
    public let from: Date

    public init(playerID: String, week: GamesKey, stat: String, change: Double, from: Date) {
        self.playerID = playerID
        self.week = week
        self.stat = stat
        self.change = change
        self.from = from
    }
}

/// A commissioner's override: from `from` on, the roster's matchups entry carries
/// `custom_points`, which replaces its `points`. Only the matchups show it.
public struct FakePointsOverride: Sendable, Hashable {
    public let leagueID: String
    public let week: Int
    public let rosterID: Int
    public let customPoints: Double
    public let from: Date

    public init(leagueID: String, week: Int, rosterID: Int, customPoints: Double, from: Date) {
        self.leagueID = leagueID
        self.week = week
        self.rosterID = rosterID
        self.customPoints = customPoints
        self.from = from
    }
}

/// The corrections and overrides scripted on a world, laid over whatever it serves.
struct FakeScriptedChanges: Sendable {
    var corrections: [FakeStatCorrection] = []
    var overrides: [FakePointsOverride] = []

    var isEmpty: Bool { corrections.isEmpty && overrides.isEmpty }

    /// `snapshot` as it reads at `now` with every change due by then.
    func applied(to snapshot: FakeWorldSnapshot, at now: Date) -> FakeWorldSnapshot {
        var snapshot = snapshot
        for correction in corrections where now >= correction.from { Self.apply(correction, to: &snapshot) }
        for override in overrides where now >= override.from { Self.apply(override, to: &snapshot) }
        return snapshot
    }

    /// Corrects the player's line, then his points in the matchups of every league of that
    /// season that scores with settings. A player with no line that week (his game not
    /// started) is left alone: there is nothing yet to correct.
    static func apply(_ correction: FakeStatCorrection, to snapshot: inout FakeWorldSnapshot) {
        guard var lines = snapshot.stats[correction.week],
              let index = lines.firstIndex(where: { $0.playerID == correction.playerID }) else { return }
        lines[index] = lines[index].correcting(correction.stat, by: correction.change)
        snapshot.stats[correction.week] = lines
        for league in snapshot.leagues where league.season == correction.week.season {
            guard let settings = league.scoringSettings else { continue }
            let key = MatchupKey(leagueID: league.leagueID, week: correction.week.week)
            let points = FakeScoring.points(lines[index].stats, under: settings)
            snapshot.matchups[key] = snapshot.matchups[key]?.map { matchup in
                var matchup = matchup
                matchup.entry = FakeScoring.entry(matchup.entry, rescoring: correction.playerID, to: points)
                return matchup
            }
        }
    }

    static func apply(_ override: FakePointsOverride, to snapshot: inout FakeWorldSnapshot) {
        let key = MatchupKey(leagueID: override.leagueID, week: override.week)
        snapshot.matchups[key] = snapshot.matchups[key]?.map { matchup in
            var matchup = matchup
            if matchup.entry.rosterID == override.rosterID { matchup.customPoints = override.customPoints }
            return matchup
        }
    }
}
