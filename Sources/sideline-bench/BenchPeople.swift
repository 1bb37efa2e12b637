import Foundation
import SidelineCore

/// Issue 30's registrations: people in several leagues each, over the same synthetic
/// leagues. League *i*'s first ``SyntheticLeagues/registered`` rosters belong to registered
/// users, as in every run; here the slot (league, roster) belongs to person
/// `(league × registered + roster − 1) mod people`, so each person holds the same roster
/// number in ``leaguesEach`` leagues spread across the world (`people / registered` apart).
struct BenchPeople: Sendable {
    let count: Int
    let leaguesEach: Int

    init(count: Int, leaguesEach: Int = 5) {
        self.count = count
        self.leaguesEach = leaguesEach
    }

    /// How many leagues hold the people's registrations, `registered` to a league.
    func leagues(registered: Int) -> Int { count * leaguesEach / registered }

    /// Whether the layout gives every person `leaguesEach` distinct leagues at this size.
    func fits(registered: Int) -> Bool {
        count > 0 && count.isMultiple(of: registered) && (count * leaguesEach).isMultiple(of: registered)
    }

    /// The person holding roster `roster` of league `league`. Their Sleeper user id ends in
    /// the roster number, as every synthetic user's does (``BenchFigures/startDelay``).
    func user(league: Int, roster: Int, registered: Int) -> SleeperUser {
        let person = (league * registered + roster - 1) % count
        let id = String(900_000_000_000_000_000 + person * 100 + roster)
        return SleeperUser(userID: id, username: "person\(person)", displayName: "Person \(person)")
    }
}
