import Foundation
import SidelineCore

/// Sleeper-shaped JSON for the fake's responses: snake_case keys and the fields real
/// responses carry around the ones Sideline reads, so the client's leniency is exercised.
enum FakeSleeperJSON {
    static func state(_ s: NFLState) -> Any {
        [
            "week": s.week, "display_week": s.week, "leg": s.week, "season": s.season,
            "season_type": s.seasonType.rawValue, "league_season": s.leagueSeason,
            "league_create_season": s.leagueSeason, "previous_season": String((Int(s.season) ?? 1) - 1),
            "season_start_date": NSNull(), "season_has_scores": true,
        ] as [String: Any]
    }

    static func user(_ u: SleeperUser) -> Any {
        [
            "user_id": u.userID, "username": u.username, "display_name": u.displayName,
            "avatar": NSNull(), "metadata": NSNull(), "is_bot": false,
        ] as [String: Any]
    }

    static func league(_ l: League, rosters: Int) -> Any {
        var object: [String: Any] = [
            "league_id": l.leagueID, "name": l.name, "season": l.season, "season_type": "regular",
            "sport": "nfl", "status": l.status.sleeperValue, "total_rosters": rosters,
            "previous_league_id": l.previousLeagueID.map { $0 as Any } ?? NSNull(),
            "draft_id": "0", "avatar": NSNull(),
            "roster_positions": ["QB", "RB", "RB", "WR", "WR", "TE", "FLEX", "K", "DEF", "BN", "BN"],
            "settings": ["best_ball": l.isBestBall ? 1 : 0, "start_week": 1, "playoff_week_start": 15, "num_teams": rosters],
        ]
        // A league made by hand without rules is served without them.
        if let rules = l.scoringSettings { object["scoring_settings"] = rules.pointsPerStat }
        return object
    }

    static func roster(_ r: Roster, leagueID: String) -> Any {
        [
            "roster_id": r.rosterID, "league_id": leagueID,
            "owner_id": r.ownerID.map { $0 as Any } ?? NSNull(),
            "co_owners": r.coOwners.isEmpty ? NSNull() : r.coOwners as Any,
            "players": r.players, "starters": r.starters, "reserve": NSNull(), "taxi": NSNull(),
            "settings": ["wins": 0, "losses": 0, "ties": 0, "fpts": 0, "fpts_decimal": 0],
            "metadata": NSNull(),
        ] as [String: Any]
    }

    static func member(_ m: LeagueMember, leagueID: String) -> Any {
        var metadata: [String: Any] = ["allow_pn": "on"]
        if let team = m.teamName { metadata["team_name"] = team }
        return [
            "user_id": m.userID, "display_name": m.displayName, "league_id": leagueID,
            "avatar": NSNull(), "is_bot": false, "is_owner": false, "metadata": metadata, "settings": NSNull(),
        ] as [String: Any]
    }

    static func matchup(_ m: FakeMatchup) -> Any {
        let e = m.entry
        var object: [String: Any] = [
            "roster_id": e.rosterID,
            "matchup_id": e.matchupID.map { $0 as Any } ?? NSNull(),
            "points": e.points,
            "custom_points": m.customPoints.map { $0 as Any } ?? NSNull(),
            "starters": e.starters, "players": e.players,
        ]
        if !m.omitsPlayerPoints {
            object["starters_points"] = e.startersPoints ?? e.starters.map { e.points(for: $0) }
            object["players_points"] = e.playersPoints ?? [:]
        }
        return object
    }

    static func scoresGame(_ g: FakeGame, week: Int) -> Any {
        let millis = Int64((g.kickoff.timeIntervalSince1970 * 1000).rounded())
        return [
            "game_id": g.gameID, "status": g.status.rawValue, "start_time": millis, "week": week,
            "date": NSNull(),
            "metadata": [
                "home_team": g.home.rawValue, "away_team": g.away.rawValue,
                "home_score": g.homeScore, "away_score": g.awayScore,
                "is_in_progress": g.status == .inGame, "is_over": g.status == .complete,
                "has_started": g.status == .inGame || g.status == .complete,
                "quarter_num": g.clock.map { $0.quarter as Any } ?? NSNull(),
                "time_remaining": g.clock.map { $0.remaining as Any } ?? NSNull(),
            ] as [String: Any],
        ] as [String: Any]
    }

    /// ESPN spells a few codes differently; the fake uses ESPN's so normalisation is tested.
    static let espnCodes = ["WAS": "WSH"]

    static func espnBoard(_ games: [FakeGame]) -> Any {
        let events: [Any] = games.map { g in
            let (state, name): (String, String) = switch g.status {
            case .preGame: ("pre", "STATUS_SCHEDULED")
            case .inGame: ("in", "STATUS_IN_PROGRESS")
            case .complete: ("post", "STATUS_FINAL")
            case .postponed: ("post", "STATUS_POSTPONED")
            }
            func competitor(_ team: TeamCode, _ side: String, _ score: Int) -> Any {
                ["homeAway": side, "score": String(score),
                 "team": ["abbreviation": espnCodes[team.rawValue] ?? team.rawValue] as [String: Any]] as [String: Any]
            }
            return [
                "id": g.gameID, "date": espnDate(g.kickoff),
                "competitions": [[
                    "status": [
                        // ESPN's shape before kickoff: period 0 on a clock at 0:00.
                        "period": g.clock?.quarter ?? 0, "clock": Double(g.clock?.secondsLeft ?? 0),
                        "displayClock": g.clock?.display ?? "0:00",
                        "type": ["state": state, "name": name, "completed": g.status == .complete] as [String: Any],
                    ] as [String: Any],
                    "competitors": [competitor(g.home, "home", g.homeScore), competitor(g.away, "away", g.awayScore)],
                ] as [String: Any]],
            ] as [String: Any]
        }
        return ["events": events] as [String: Any]
    }

    /// ESPN's minute-precision UTC format, e.g. `2026-11-22T18:00Z`.
    static func espnDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ v: Int?) -> String { v.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(c.year ?? 1970)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute))Z"
    }

    static func encode(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("null".utf8)
    }
}
