import Foundation

/// The made-up matchup `sideline devices test` shows (ADR 034): a start, two updates and a
/// final, each a little further into the game, so a person watching the phone sees the
/// numbers move. Pure: the instant is given.
public enum SampleMatchup {
    /// The steps' points for (me, them), in order: start, first update, second update, end.
    static let scores: [(Double, Double)] = [(0, 0), (8.4, 3.1), (17.9, 11.6), (17.9, 11.6)]

    /// The view shown at step `index` (0…3) of the sample.
    public static func view(step index: Int, at now: Date) -> MatchupView {
        let (mine, theirs) = scores[max(0, min(index, scores.count - 1))]
        let kickoff = now.addingTimeInterval(-600)
        let state: StarterState = index >= scores.count - 1 ? .done : .playing
        let me = LineupView(rosterID: 1, teamName: Messages.Rehearsal.sampleTeam, points: mine, starters: [
            StarterLine(playerID: "sample-1", name: Messages.Rehearsal.samplePlayer, position: "QB", team: nil, points: mine, state: state, kickoff: kickoff),
        ])
        let them = LineupView(rosterID: 2, teamName: Messages.Rehearsal.sampleOpponent, points: theirs, starters: [
            StarterLine(playerID: "sample-2", name: Messages.Rehearsal.sampleOpponentPlayer, position: "QB", team: nil, points: theirs, state: state, kickoff: kickoff),
        ])
        return MatchupView(leagueName: Messages.Rehearsal.sampleLeague, season: season(of: now), week: 1, me: me, opponent: them)
    }

    /// The calendar year of `now` (UTC): a sample has no real season.
    static func season(of now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return String(calendar.component(.year, from: now))
    }
}
