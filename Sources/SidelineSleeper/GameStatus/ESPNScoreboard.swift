import Foundation
import Logging
import SidelineCore
import SidelineCurl
import SidelineHTTP

/// ESPN's public scoreboard, the fallback game-status source. Not a Sleeper host, so it
/// does not pass the ``CallGate``.
public struct ESPNScoreboard: GameStatusSource {
    public static let defaultBaseURL = URL(string: "https://site.api.espn.com")!  // a literal that always parses

    public let baseURL: URL
    let transport: any HTTPTransport
    let logger: Logger

    public init(
        baseURL: URL = ESPNScoreboard.defaultBaseURL,
        transport: any HTTPTransport,
        logger: Logger = Logger(label: "sideline.espn")
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.logger = logger
    }

    public func schedule(season: String, seasonType: SeasonType, week: Int) async throws(SleeperError) -> WeekSchedule {
        let espnType: Int
        switch seasonType {
        case .pre: espnType = 1
        case .regular: espnType = 2
        case .post: espnType = 3
        case .off: return WeekSchedule(season: season, seasonType: seasonType, week: week, games: [])
        }
        let query = "seasontype=\(espnType)&week=\(week)&dates=\(season)"
        let text = baseURL.absoluteString.trimmingSuffix("/") + "/apis/site/v2/sports/football/nfl/scoreboard?" + query
        let url = URL(string: text) ?? baseURL
        let response = try await transport.sleeperGet(url, headers: [:])
        guard (200..<300).contains(response.status) else {
            throw .http(status: response.status, url: text, retryAfter: RetryAfter.seconds(response.headers["Retry-After"], date: response.headers["Date"]))
        }
        let board: WireESPNBoard
        do {
            board = try JSONDecoder().decode(WireESPNBoard.self, from: response.body)
        } catch {
            throw .malformed(url: text, reason: error.reason)
        }
        let games = board.events.compactMap(\.value).compactMap { $0.game(logger: logger) }
        return WeekSchedule(season: season, seasonType: seasonType, week: week, games: games)
    }
}

struct WireESPNBoard: Decodable {
    let events: [Skippable<WireESPNEvent>]
}

struct WireESPNEvent: Decodable {
    let id: String?
    let date: String?
    let state: String?
    let name: String?
    let home: String?
    let away: String?
    let clock: GameClockReading

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        id = c.lenientString(AnyKey("id"))
        date = c.lenientString(AnyKey("date"))
        var state: String?, name: String?, home: String?, away: String?
        var clock = GameClockReading(quarter: nil, secondsLeft: nil)
        if var competitions = try? c.nestedUnkeyedContainer(forKey: AnyKey("competitions")), !competitions.isAtEnd,
           let competition = try? competitions.nestedContainer(keyedBy: AnyKey.self) {
            // `try?`: a status or type that is not an object is an unknown status and clock for
            // this game (read as scheduled), never a refused scoreboard.
            if let status = try? competition.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("status")) {
                clock = Self.clock(status)
                if let type = try? status.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("type")) {
                    state = type.lenientString(AnyKey("state"))
                    name = type.lenientString(AnyKey("name"))
                }
            }
            let competitors = (try? competition.decode([Skippable<WireESPNCompetitor>].self, forKey: AnyKey("competitors"))) ?? []
            for case let competitor? in competitors.map(\.value) {
                if competitor.homeAway == "home" { home = competitor.abbreviation }
                if competitor.homeAway == "away" { away = competitor.abbreviation }
            }
        }
        self.state = state
        self.name = name
        self.home = home
        self.away = away
        self.clock = clock
    }

    /// `period` (0 before kickoff) and `clock` in seconds, or failing that `displayClock`.
    static func clock(_ status: KeyedDecodingContainer<AnyKey>) -> GameClockReading {
        let seconds = status.lenientDouble(AnyKey("clock")).flatMap(GameClockReading.checked)
            ?? status.lenientString(AnyKey("displayClock")).flatMap(GameClockReading.seconds(displayed:))
        return GameClockReading(quarter: status.lenientInt(AnyKey("period")), secondsLeft: seconds)
    }

    func game(logger: Logger) -> NFLGame? {
        guard let home = TeamCode(normalizing: home), let away = TeamCode(normalizing: away),
              let date, let kickoff = ESPNDate.parse(date)
        else { return nil }
        let id = self.id ?? "\(away.rawValue)@\(home.rawValue)"
        return NFLGame(id: id, home: home, away: away, kickoff: kickoff, status: mappedStatus(id: id, logger: logger),
                       quarter: clock.quarter, secondsLeftInQuarter: clock.secondsLeft)
    }

    func mappedStatus(id: String, logger: Logger) -> GameStatus {
        let upperName = name?.uppercased() ?? ""
        if upperName.contains("POSTPONED") || upperName.contains("CANCELED") || upperName.contains("CANCELLED")
            || upperName.contains("SUSPENDED") {
            return .postponed
        }
        // A delay before kickoff is still "pre"; halftime and in-game delays are "in".
        switch state?.lowercased() {
        case "pre": return .scheduled
        case "in": return .inProgress
        case "post": return .final
        default:
            logger.warning("ESPN scoreboard: unknown state \(state ?? "null") (\(name ?? "no name")) for game \(id); treating it as scheduled")
            return .scheduled
        }
    }
}

struct WireESPNCompetitor: Decodable {
    let homeAway: String?
    let abbreviation: String?

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        homeAway = c.lenientString(AnyKey("homeAway"))
        let team = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("team"))
        abbreviation = team?.lenientString(AnyKey("abbreviation"))
    }
}
