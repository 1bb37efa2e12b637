import Foundation
import Logging
import SidelineCore
import SidelineCurl
import SidelineHTTP

/// Sleeper's undocumented scores feed (`api.sleeper.com/scores/nfl/…`): the only Sleeper
/// source with per-game status and kickoff instants. It counts against the Sleeper budget.
public struct SleeperScoresFeed: GameStatusSource {
    public static let defaultBaseURL = URL(string: "https://api.sleeper.com")!  // a literal that always parses

    public let baseURL: URL
    let transport: any HTTPTransport
    let gate: any CallGate
    let logger: Logger

    public init(
        baseURL: URL = SleeperScoresFeed.defaultBaseURL,
        transport: any HTTPTransport,
        gate: any CallGate,
        logger: Logger = Logger(label: "sideline.scores")
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.gate = gate
        self.logger = logger
    }

    public func schedule(season: String, seasonType: SeasonType, week: Int) async throws(SleeperError) -> WeekSchedule {
        let path = "/scores/nfl/\(seasonType.rawValue)/\(season)/\(week)"
        try await gate.admit(SleeperCall(kind: .scores, path: path))
        let url = URL(string: baseURL.absoluteString.trimmingSuffix("/") + path) ?? baseURL
        let response = try await transport.sleeperGet(url, headers: [:])
        guard (200..<300).contains(response.status) else {
            throw .http(status: response.status, url: url.absoluteString,
                        retryAfter: RetryAfter.seconds(response.headers["Retry-After"], date: response.headers["Date"]))
        }
        let games: [Skippable<WireScoresGame>]
        do {
            games = try JSONDecoder().decode([Skippable<WireScoresGame>].self, from: response.body)
        } catch {
            throw .malformed(url: url.absoluteString, reason: error.reason)
        }
        var result: [NFLGame] = []
        for case let game? in games.map(\.value) {
            guard let nflGame = game.game(logger: logger) else { continue }
            result.append(nflGame)
        }
        return WeekSchedule(season: season, seasonType: seasonType, week: week, games: result)
    }
}

/// One game of the scores feed, read leniently.
struct WireScoresGame: Decodable {
    let gameID: String?
    let status: String?
    let startMillis: Double?
    let home: String?
    let away: String?
    let isOver: Bool?
    let isInProgress: Bool?
    let clock: GameClockReading

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        gameID = c.lenientString(AnyKey("game_id"))
        status = c.lenientString(AnyKey("status"))
        startMillis = c.lenientDouble(AnyKey("start_time"))
        let metadata = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("metadata"))
        home = metadata?.lenientString(AnyKey("home_team"))
        away = metadata?.lenientString(AnyKey("away_team"))
        isOver = metadata?.lenientBool(AnyKey("is_over"))
        isInProgress = metadata?.lenientBool(AnyKey("is_in_progress"))
        clock = GameClockReading(quarter: metadata?.lenientInt(AnyKey("quarter_num")),
                                 secondsLeft: metadata?.lenientClockSeconds(AnyKey("time_remaining")))
    }

    /// `nil` for an entry without teams or kickoff: skipped, not fatal.
    func game(logger: Logger) -> NFLGame? {
        guard let home = TeamCode(normalizing: home), let away = TeamCode(normalizing: away),
              let startMillis, startMillis > 0
        else { return nil }
        let kickoff = Date(timeIntervalSince1970: startMillis / 1000)
        let id = gameID ?? "\(away.rawValue)@\(home.rawValue)"
        return NFLGame(id: id, home: home, away: away, kickoff: kickoff, status: mappedStatus(id: id, logger: logger),
                       quarter: clock.quarter, secondsLeftInQuarter: clock.secondsLeft)
    }

    func mappedStatus(id: String, logger: Logger) -> GameStatus {
        // The metadata flags are more specific than `status` when they are set.
        if isOver == true { return .final }
        if isInProgress == true { return .inProgress }
        switch status?.lowercased() {
        case "pre_game": return .scheduled
        case "in_game": return .inProgress
        case "complete": return .final
        case let other? where other.contains("postpone") || other.contains("cancel") || other.contains("suspend"):
            return .postponed
        default:
            logger.warning("scores feed: unknown status \(status ?? "null") for game \(id); treating it as scheduled")
            return .scheduled
        }
    }
}
