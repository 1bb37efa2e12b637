import Foundation
import SidelineCore

/// Maps a request path to the fake's answer. Pure over a snapshot, so it is easy to follow
/// and independent of Hummingbird.
enum FakeSleeperRoutes {
    struct Answer {
        var status: Int
        var body: Data
        var headers: [String: String] = [:]
    }

    static let null = Data("null".utf8)

    static func answer(path: String, query: [String: String], world snapshot: FakeWorldSnapshot) -> Answer {
        let parts = path.split(separator: "/").map(String.init)
        func json(_ object: Any) -> Answer { Answer(status: 200, body: FakeSleeperJSON.encode(object)) }
        let notFound = Answer(status: 404, body: null)

        switch parts.count {
        case 3 where parts[0] == "v1" && parts[1] == "state" && parts[2] == "nfl":
            return json(FakeSleeperJSON.state(snapshot.state))
        case 3 where parts[0] == "v1" && parts[1] == "players" && parts[2] == "nfl":
            return Answer(status: 200, body: snapshot.playersJSON)
        case 3 where parts[0] == "v1" && parts[1] == "user":
            // Sleeper answers 200 with `null` for an unknown user.
            guard let user = snapshot.user(parts[2]) else { return Answer(status: 200, body: null) }
            return json(FakeSleeperJSON.user(user))
        case 6 where parts[0] == "v1" && parts[1] == "user" && parts[3] == "leagues" && parts[4] == "nfl":
            let ids = snapshot.leagueIDsByUser[parts[2]] ?? []
            let leagues = snapshot.leagues.filter { ids.contains($0.leagueID) && $0.season == parts[5] }
            return json(leagues.map { FakeSleeperJSON.league($0, rosters: snapshot.rosters[$0.leagueID]?.count ?? 0) })
        case 3 where parts[0] == "v1" && parts[1] == "league":
            guard let league = snapshot.leagues.first(where: { $0.leagueID == parts[2] }) else { return notFound }
            return json(FakeSleeperJSON.league(league, rosters: snapshot.rosters[league.leagueID]?.count ?? 0))
        case 4 where parts[0] == "v1" && parts[1] == "league" && parts[3] == "rosters":
            guard let rosters = snapshot.rosters[parts[2]] else { return notFound }
            return json(rosters.map { FakeSleeperJSON.roster($0, leagueID: parts[2]) })
        case 4 where parts[0] == "v1" && parts[1] == "league" && parts[3] == "users":
            guard let members = snapshot.members[parts[2]] else { return notFound }
            return json(members.map { FakeSleeperJSON.member($0, leagueID: parts[2]) })
        case 5 where parts[0] == "v1" && parts[1] == "league" && parts[3] == "matchups":
            guard snapshot.leagues.contains(where: { $0.leagueID == parts[2] }) else { return notFound }
            guard let week = Int(parts[4]) else { return notFound }
            let lines = snapshot.matchups[MatchupKey(leagueID: parts[2], week: week)] ?? []
            return json(lines.map(FakeSleeperJSON.matchup))
        case 4 where parts[1] == "nfl" && (parts[0] == "stats" || parts[0] == "projections"):
            guard let request = FakeStatsRequest(parts: parts.map { $0[...] }, query: query) else { return notFound }
            let lines = request.category == .stats ? snapshot.stats[request.week] : snapshot.projections[request.week]
            return Answer(status: 200, body: request.body(lines ?? []))
        case 5 where parts[0] == "scores" && parts[1] == "nfl":
            guard let week = Int(parts[4]) else { return notFound }
            let key = GamesKey(seasonType: SeasonType(sleeperValue: parts[2]), season: parts[3], week: week)
            return json((snapshot.games[key] ?? []).map { FakeSleeperJSON.scoresGame($0, week: week) })
        case 7 where Array(parts.prefix(6)) == ["apis", "site", "v2", "sports", "football", "nfl"] && parts[6] == "scoreboard":
            let type: SeasonType = switch query["seasontype"] {
            case "1": .pre
            case "3": .post
            default: .regular
            }
            let key = GamesKey(seasonType: type, season: query["dates"] ?? snapshot.state.season,
                               week: query["week"].flatMap { Int($0) } ?? snapshot.state.week)
            return json(FakeSleeperJSON.espnBoard(snapshot.games[key] ?? []))
        default:
            return notFound
        }
    }

    /// A weak validator from the body's FNV-1a hash: equal bodies, equal ETags.
    static func etag(for body: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return "W/\"\(String(hash, radix: 16))\""
    }
}
