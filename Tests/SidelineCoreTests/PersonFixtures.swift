import Foundation
@testable import SidelineCore

/// A person in several leagues, for the person display, payload and push policy tests.
enum PersonFixtures {
    typealias F = DisplayFixtures

    static let alex = PersonIdentity(sleeperUserID: "u-alex", username: "alex", displayName: "Alex")

    /// One league: my lineup of `playing`/`toPlay`/`done` starters, theirs the same unless given.
    static func league(
        _ id: Int64, _ name: String, mine: Double, theirs: Double?,
        playing: Int = 1, toPlay: Int = 1, done: Int = 1, theirToPlay: Int? = nil, theirPlaying: Int? = nil,
        winProbability: Double? = nil, bestBall: Bool = false, myTeam: String = "Gridiron Gang", theirTeam: String = "Taco Tuesday"
    ) -> PersonLeague {
        func starters(_ playing: Int, _ toPlay: Int, _ done: Int) -> [StarterLine] {
            (0..<playing).map { F.player("Playing \($0)", "WR", "KC", 10, .playing) }
                + (0..<toPlay).map { F.player("To Play \($0)", "RB", "SF", 0, .toPlay) }
                + (0..<done).map { F.player("Done \($0)", "TE", "DAL", 5, .done) }
        }
        let me = F.lineup(1, myTeam, mine, starters(playing, toPlay, done))
        let them = theirs.map { F.lineup(2, theirTeam, $0, starters(theirPlaying ?? playing, theirToPlay ?? toPlay, done)) }
        let view = MatchupView(leagueName: name, season: "2026", week: 12, me: me, opponent: them, winProbability: winProbability)
        return PersonLeague(registrationID: id, leagueID: "L\(id)", isBestBall: bestBall, view: view)
    }

    /// Six leagues: up in four, down in two; the highlight is league 3.
    static let sixLeagues = PersonView(leagues: [
        league(1, "Dynasty Bros", mine: 87.4, theirs: 72.1, winProbability: 0.62),
        league(2, "Work League", mine: 60, theirs: 75.5),
        league(3, "Family Cup", mine: 101.2, theirs: 99.9),
        league(4, "College Friends", mine: 44, theirs: 40),
        league(5, "Money League", mine: 12.5, theirs: 30),
        league(6, "Best Ball", mine: 70, theirs: 50, bestBall: true),
    ], highlight: 3)
}
