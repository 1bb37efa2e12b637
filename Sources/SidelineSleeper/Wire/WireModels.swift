import Foundation
import SidelineCore

// Sleeper's JSON, read defensively: unknown fields are ignored, `null` is accepted almost
// everywhere, and only the identity fields are required.

struct WireUser: Decodable {
    let user: SleeperUser

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientString(AnyKey("user_id")) else {
            throw DecodingError.keyNotFound(AnyKey("user_id"), .init(codingPath: [], debugDescription: "user without user_id"))
        }
        let username = c.lenientString(AnyKey("username"))
        let display = c.lenientString(AnyKey("display_name"))
        user = SleeperUser(userID: id, username: username ?? display ?? id, displayName: display ?? username ?? id)
    }
}

struct WireLeague: Decodable {
    let league: League

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientString(AnyKey("league_id")) else {
            throw DecodingError.keyNotFound(AnyKey("league_id"), .init(codingPath: [], debugDescription: "league without league_id"))
        }
        let settings = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("settings"))
        let previous = c.lenientString(AnyKey("previous_league_id")).flatMap { $0.isEmpty || $0 == "0" ? nil : $0 }
        league = League(
            leagueID: id,
            name: c.lenientString(AnyKey("name")) ?? "League \(id)",
            season: c.lenientString(AnyKey("season")) ?? "",
            status: LeagueStatus(sleeperValue: c.lenientString(AnyKey("status"))),
            previousLeagueID: previous,
            isBestBall: settings?.lenientInt(AnyKey("best_ball")) == 1,
            medianGame: settings?.lenientInt(AnyKey("league_average_match")) == 1,
            scoringSettings: Self.scoringSettings(c)
        )
    }

    /// `scoring_settings`: stat key → points. A rule that is not a finite number is left out
    /// (it cannot score anything); no usable rule at all is `nil`, so live points fall back
    /// to the matchups rather than scoring everyone zero.
    static func scoringSettings(_ c: KeyedDecodingContainer<AnyKey>) -> ScoringSettings? {
        guard let rules = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("scoring_settings")) else { return nil }
        var points: [String: Double] = [:]
        for key in rules.allKeys {
            // `try?`: a string, a bool or a number `Double` cannot hold is one rule skipped,
            // not the league refused.
            guard let value = try? rules.decode(Double.self, forKey: key), value.isFinite else { continue }
            points[key.stringValue] = value
        }
        return points.isEmpty ? nil : ScoringSettings(points)
    }
}

struct WireRoster: Decodable {
    let roster: Roster

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientInt(AnyKey("roster_id")) else {
            throw DecodingError.keyNotFound(AnyKey("roster_id"), .init(codingPath: [], debugDescription: "roster without roster_id"))
        }
        roster = Roster(
            rosterID: id,
            ownerID: c.lenientString(AnyKey("owner_id")).flatMap { $0.isEmpty ? nil : $0 },
            coOwners: c.lenientStrings(AnyKey("co_owners")) ?? [],
            players: c.lenientStrings(AnyKey("players")) ?? [],
            starters: WireMatchup.starters(c)
        )
    }
}

struct WireMember: Decodable {
    let member: LeagueMember

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientString(AnyKey("user_id")) else {
            throw DecodingError.keyNotFound(AnyKey("user_id"), .init(codingPath: [], debugDescription: "member without user_id"))
        }
        let metadata = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("metadata"))
        member = LeagueMember(
            userID: id,
            displayName: c.lenientString(AnyKey("display_name")) ?? c.lenientString(AnyKey("username")) ?? id,
            teamName: metadata?.lenientString(AnyKey("team_name"))
        )
    }
}

struct WireMatchup: Decodable {
    let entry: MatchupEntry

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let rosterID = c.lenientInt(AnyKey("roster_id")) else {
            throw DecodingError.keyNotFound(AnyKey("roster_id"), .init(codingPath: [], debugDescription: "matchup without roster_id"))
        }
        let starters = Self.starters(c)
        // Per-player figures are optional decoration (the team total is the score): an
        // unreadable list reads as absent, and the usability check judges what is left.
        let startersPoints = (try? c.decodeIfPresent([LenientPoints].self, forKey: AnyKey("starters_points")))?
            .map { $0.value ?? 0 }
        var playersPoints: [String: Double]?
        if let raw = try? c.decodeIfPresent([String: LenientPoints].self, forKey: AnyKey("players_points")) {
            playersPoints = raw.compactMapValues(\.value)
        }
        // The commissioner's override replaces the computed score; older responses lack
        // `points`, and the starters' sum is then the best estimate.
        let points = c.lenientPoints(AnyKey("custom_points"))
            ?? c.lenientPoints(AnyKey("points"))
            ?? startersPoints?.reduce(0, +)
            ?? 0
        entry = MatchupEntry(
            rosterID: rosterID,
            matchupID: c.lenientInt(AnyKey("matchup_id")),
            points: points,
            starters: starters,
            startersPoints: startersPoints,
            players: c.lenientStrings(AnyKey("players")) ?? [],
            playersPoints: playersPoints
        )
    }

    /// Starters keep their slot order; a `null` slot is an empty slot like `"0"`.
    static func starters(_ c: KeyedDecodingContainer<AnyKey>) -> [String] {
        guard let raw = try? c.decodeIfPresent([LenientString].self, forKey: AnyKey("starters")) else { return [] }
        return raw.map { $0.value ?? MatchupEntry.emptySlot }
    }
}

struct WireState: Decodable {
    let state: NFLState

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let week = c.lenientInt(AnyKey("week")), let season = c.lenientString(AnyKey("season")) else {
            throw DecodingError.keyNotFound(AnyKey("week"), .init(codingPath: [], debugDescription: "state without week or season"))
        }
        state = NFLState(
            week: week,
            season: season,
            seasonType: SeasonType(sleeperValue: c.lenientString(AnyKey("season_type"))),
            leagueSeason: c.lenientString(AnyKey("league_season")) ?? season
        )
    }
}
