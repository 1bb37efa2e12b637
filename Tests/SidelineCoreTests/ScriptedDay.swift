import Foundation
@testable import SidelineCore
import SidelineTestDates

/// A compact scripted game day for state-machine tests: games with kickoffs and ends, and
/// starters whose points grow while their game is on.
struct ScriptedDay {
    struct Game {
        let id: String
        let home: String
        let away: String
        let kickoff: Date
        let end: Date
    }

    struct Starter {
        let id: String
        let team: String
        /// Points gained per 10 minutes of his game.
        let rate: Double
    }

    var games: [Game]
    var starters: [Starter]
    var opponent: [Starter] = []

    static func utc(_ text: String) -> Date { SidelineTestDates.utc(text) }

    /// The 2026 week-12 Sunday (ET = UTC-5): London 9:30, 1:00, 4:25, Sunday and Monday night.
    static let sunday: [Game] = [
        game("lon", "JAX", "NE", "2026-11-22T14:30:00Z"),
        game("one-a", "BUF", "MIA", "2026-11-22T18:00:00Z"),
        game("one-b", "DET", "CHI", "2026-11-22T18:00:00Z"),
        game("late", "KC", "LV", "2026-11-22T21:25:00Z"),
        game("snf", "PHI", "DAL", "2026-11-23T01:20:00Z"),
        game("mnf", "SF", "SEA", "2026-11-24T01:15:00Z"),
    ]

    static func game(_ id: String, _ home: String, _ away: String, _ kickoff: String) -> Game {
        let start = utc(kickoff)
        return Game(id: id, home: home, away: away, kickoff: start, end: start.addingTimeInterval(3 * 3600 + 10 * 60))
    }

    func status(of game: Game, at now: Date) -> GameStatus {
        if now < game.kickoff { return .scheduled }
        if now < game.end { return .inProgress }
        return .final
    }

    func schedule(at now: Date) -> WeekSchedule {
        WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: games.map {
            NFLGame(id: $0.id, home: TeamCode(normalizing: $0.home)!, away: TeamCode(normalizing: $0.away)!, kickoff: $0.kickoff, status: status(of: $0, at: now))
        })
    }

    func points(_ starter: Starter, at now: Date) -> Double {
        guard let game = games.first(where: { $0.home == starter.team || $0.away == starter.team }), now > game.kickoff else { return 0 }
        let minutes = min(now, game.end).timeIntervalSince(game.kickoff) / 60
        return (minutes / 10).rounded(.down) * starter.rate
    }

    func entry(_ rosterID: Int, _ lineup: [Starter], at now: Date) -> MatchupEntry {
        let points = lineup.map { self.points($0, at: now) }
        return MatchupEntry(rosterID: rosterID, matchupID: 1, points: points.reduce(0, +), starters: lineup.map(\.id), startersPoints: points, players: lineup.map(\.id), playersPoints: nil)
    }

    var playersIndex: PlayersIndex {
        PlayersIndex(players: Dictionary(uniqueKeysWithValues: (starters + opponent).map {
            ($0.id, PlayerInfo(id: $0.id, name: "Player \($0.id)", position: "WR", team: TeamCode(normalizing: $0.team)))
        }))
    }

    /// The view as a pass at `now` would build it, from a snapshot fetched at `now`.
    func view(at now: Date) -> MatchupView {
        let league = League(leagueID: "L1", name: "Test League", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false)
        return StarterMapper.view(
            rosterID: 1, league: league, snapshot: [entry(1, starters, at: now), entry(2, opponent, at: now)],
            teamNames: [1: "Mine", 2: "Theirs"], players: playersIndex, schedule: schedule(at: now), week: 12
        )!
    }

    /// Runs the state machine once a minute from `start` to `end`, as passes would.
    func run(from start: String, to end: String, settings: LifecycleSettings = LifecycleSettings(), every step: TimeInterval = 60) -> [LifecycleEvent] {
        var state = LifecycleState.idle
        var events: [LifecycleEvent] = []
        var now = Self.utc(start)
        let stop = Self.utc(end)
        while now <= stop {
            let view = view(at: now)
            let input = LifecycleInput(now: now, view: view, startConfirmed: StartConfirmation.confirms(view, fetchedAt: now), mayStart: true, activityPrefix: "1-2026w12")
            let transition = LifecycleMachine.step(state, input, settings: settings)
            state = transition.state
            events += transition.events
            now = now.addingTimeInterval(step)
        }
        return events
    }
}

extension ActivityEvent {
    /// `"start kickoff 14:31 1-2026w12-1"`, for readable assertions.
    var summary: String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE HH:mm"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return "\(kind.rawValue) \(reason.rawValue) \(formatter.string(from: at)) \(activityID)"
    }
}
