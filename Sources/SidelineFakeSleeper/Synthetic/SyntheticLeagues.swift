import Foundation
import SidelineCore
import Synchronization

/// Thousands of synthetic leagues over ``SyntheticSunday``, served by a ``FakeSleeperWorld``
/// router that builds each answer on demand (a provider building the whole world per
/// request would not scale to 5,000 leagues).
///
/// League *i* has 12 rosters drafted from the pool with a seeded generator, paired 1–2,
/// 3–4, …; its first `registered` rosters belong to registered users. Lineups are
/// QB RB RB WR WR TE FLEX K DEF with six on the bench. One roster in ten moves a bench
/// running back into the FLEX two minutes before his kickoff: a start must honour it.
public struct SyntheticLeagues: Sendable {
    public static let rostersPerLeague = 12
    public static let lineupChangeLead: TimeInterval = 120
    /// Every synthetic league's `scoring_settings`: half-PPR. One set for all, so each
    /// player's points are scored once (``SyntheticPlayers``), not once per league.
    public static let scoringSettings = FakeScoring.halfPPR

    public let count: Int
    public let registered: Int
    /// Drafted rosters by league: drafting is the costly part of answering a request.
    private let drafted = DraftedRosters()

    public init(count: Int, registered: Int = 10) {
        self.count = count
        self.registered = min(registered, Self.rostersPerLeague)
    }

    public func leagueID(_ index: Int) -> String { String(1_300_000_000_000_000_000 + index) }
    public func userID(league: Int, roster: Int) -> String { String(900_000_000_000_000_000 + league * 100 + roster) }

    public func leagueIndex(_ id: String) -> Int? {
        guard let value = Int(id) else { return nil }
        let index = value - 1_300_000_000_000_000_000
        return (0..<count).contains(index) ? index : nil
    }

    public func league(_ index: Int) -> League {
        League(leagueID: leagueID(index), name: "Synthetic League \(index + 1)", season: SyntheticSunday.season,
               status: .inSeason, previousLeagueID: nil, isBestBall: false, scoringSettings: Self.scoringSettings)
    }

    /// One roster: players by depth, and which of them start at `now`.
    public struct Roster: Sendable, Hashable {
        public let rosterID: Int
        let quarterbacks: [String]
        let backs: [String]
        let receivers: [String]
        let ends: [String]
        let kicker: String
        let defense: String
        /// The bench back who moves into the FLEX before his kickoff, if this roster does.
        let lateSwap: Bool

        public var players: [String] { quarterbacks + backs + receivers + ends + [kicker, defense] }

        public func starters(at now: Date) -> [String] {
            var flex = receivers[2]
            if lateSwap, let game = SyntheticSunday.game(for: SyntheticPlayers.byID[backs[2]]?.team ?? SyntheticSunday.byeTeams[0]),
               now >= game.kickoff.addingTimeInterval(-SyntheticLeagues.lineupChangeLead) {
                flex = backs[2]
            }
            return [quarterbacks[0], backs[0], backs[1], receivers[0], receivers[1], ends[0], flex, kicker, defense]
        }
    }

    /// League `index`'s rosters (deterministic).
    public func rosters(_ index: Int) -> [Roster] {
        if let known = drafted.rosters.withLock({ $0[index] }) { return known }
        let rosters = draft(index)
        drafted.rosters.withLock { $0[index] = rosters }
        return rosters
    }

    private func draft(_ index: Int) -> [Roster] {
        var generator = SplitMix64(seed: GameDayScript.stableHash("league-\(index)"))
        var byPosition: [String: [String]] = [:]
        for player in SyntheticPlayers.pool { byPosition[player.position, default: []].append(player.id) }
        // A fixed order: dictionary order differs between instances and processes.
        for key in ["QB", "RB", "WR", "TE", "K", "DEF"] { byPosition[key]?.shuffle(using: &generator) }
        func take(_ position: String, _ n: Int) -> [String] {
            let taken = Array(byPosition[position, default: []].prefix(n))
            let available = byPosition[position]?.count ?? 0
            byPosition[position]?.removeFirst(min(n, available))
            return taken
        }
        return (1...Self.rostersPerLeague).map { rosterID in
            Roster(rosterID: rosterID, quarterbacks: take("QB", 2), backs: take("RB", 4), receivers: take("WR", 5),
                   ends: take("TE", 2), kicker: take("K", 1)[0], defense: take("DEF", 1)[0],
                   lateSwap: generator.next() % 10 == 0)
        }
    }

    /// `GET /v1/league/{id}/matchups/{week}` at `now`, as Sleeper shapes it: each player's
    /// stats scored with the league's settings (``SyntheticPlayers/points(_:at:)``).
    public func matchupsJSON(_ index: Int, at now: Date) -> Data {
        var out = "["
        for (offset, roster) in rosters(index).enumerated() {
            if offset > 0 { out += "," }
            let starters = roster.starters(at: now)
            let startersPoints = starters.map { SyntheticPlayers.points($0, at: now) }
            let total = (startersPoints.reduce(0, +) * 100).rounded() / 100
            out += "{\"roster_id\":\(roster.rosterID),\"matchup_id\":\((roster.rosterID + 1) / 2),\"points\":\(total),\"custom_points\":null,"
            out += "\"starters\":[" + starters.map { "\"\($0)\"" }.joined(separator: ",") + "],"
            out += "\"starters_points\":[" + startersPoints.map { "\($0)" }.joined(separator: ",") + "],"
            out += "\"players\":[" + roster.players.map { "\"\($0)\"" }.joined(separator: ",") + "],"
            out += "\"players_points\":{" + roster.players.map { "\"\($0)\":\(SyntheticPlayers.points($0, at: now))" }.joined(separator: ",") + "}}"
        }
        out += "]"
        return Data(out.utf8)
    }

    /// The router to install with ``FakeSleeperWorld/setRouter(_:)``: state, scores feed,
    /// ESPN's board, players, every league and its matchups, and the stats and projections feeds.
    public func router(playersJSON: Data) -> FakeSleeperWorld.Router {
        let leagues = self
        let state = NFLState(week: SyntheticSunday.week, season: SyntheticSunday.season, seasonType: .regular, leagueSeason: SyntheticSunday.season)
        return { path, query, now in
            let parts = path.split(separator: "/")
            if parts.count == 5, parts[0] == "v1", parts[1] == "league", parts[3] == "matchups" {
                guard let index = leagues.leagueIndex(String(parts[2])) else { return (404, Data("null".utf8)) }
                guard Int(parts[4]) == SyntheticSunday.week else { return (200, Data("[]".utf8)) }
                return (200, leagues.matchupsJSON(index, at: now))
            }
            if parts.count == 3, parts[0] == "v1", parts[1] == "league" {
                guard let index = leagues.leagueIndex(String(parts[2])) else { return (404, Data("null".utf8)) }
                let league = FakeSleeperJSON.league(leagues.league(index), rosters: Self.rostersPerLeague)
                return (200, FakeSleeperJSON.encode(league))
            }
            if let request = FakeStatsRequest(parts: parts, query: query) {
                return (200, request.body(SyntheticSunday.statLines(request, at: now)))
            }
            switch path {
            case "/v1/state/nfl": return (200, FakeSleeperJSON.encode(FakeSleeperJSON.state(state)))
            case "/v1/players/nfl": return (200, playersJSON)
            default: break
            }
            if parts.count == 5, parts[0] == "scores" {
                let games = Int(parts[4]) == SyntheticSunday.week ? SyntheticSunday.feed(at: now) : []
                return (200, FakeSleeperJSON.encode(games.map { FakeSleeperJSON.scoresGame($0, week: SyntheticSunday.week) }))
            }
            if path.hasSuffix("/scoreboard") {
                let games = query["week"].flatMap { Int($0) } == SyntheticSunday.week ? SyntheticSunday.feed(at: now) : []
                return (200, FakeSleeperJSON.encode(FakeSleeperJSON.espnBoard(games)))
            }
            return nil
        }
    }
}

/// A memo shared by copies of one ``SyntheticLeagues`` (the router runs on many threads).
final class DraftedRosters: Sendable {
    let rosters = Mutex<[Int: [SyntheticLeagues.Roster]]>([:])
}
