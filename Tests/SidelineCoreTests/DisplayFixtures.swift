import Foundation
import SidelineActivity
@testable import SidelineCore
import SidelineTestDates

/// Scripted game situations for the display tests: Sunday 22 November 2026, Eastern time.
enum DisplayFixtures {
    static func instant(_ iso: String) -> Date { utc(iso) }

    /// 2:14 PM in New York.
    static let now = instant("2026-11-22T19:14:00Z")
    static let early = instant("2026-11-22T18:00:00Z")     // 1:00 PM ET
    static let late = instant("2026-11-22T21:25:00Z")      // 4:25 PM ET
    static let sundayNight = instant("2026-11-23T01:20:00Z") // 8:20 PM ET
    static let mondayNight = instant("2026-11-24T01:15:00Z") // Mon 8:15 PM ET

    static let context = DisplayContext(now: now)

    static func player(
        _ name: String, _ position: String, _ team: String, _ points: Double, _ state: StarterState,
        kickoff: Date? = nil
    ) -> StarterLine {
        let code = TeamCode(normalizing: team)
        let defaultKickoff: Date? = switch state {
        case .toPlay: late
        case .playing, .done: early
        case .notPlaying: nil
        }
        return StarterLine(
            playerID: "\(name)-\(team)", name: name, position: position, team: code,
            points: points, state: state, kickoff: kickoff ?? defaultKickoff
        )
    }

    static func lineup(_ rosterID: Int, _ name: String, _ points: Double, _ starters: [StarterLine]) -> LineupView {
        LineupView(rosterID: rosterID, teamName: name, points: points, starters: starters)
    }

    static func matchup(_ me: LineupView, _ opponent: LineupView?, median: Bool = false, winProbability: Double? = nil) -> MatchupView {
        MatchupView(leagueName: "Dynasty Bros", season: "2026", week: 12, me: me, opponent: opponent, hasMedianGame: median, winProbability: winProbability)
    }

    // MARK: Lineups

    /// 3 playing, 2 to play (4:25 PM), 4 done, 1 on a bye.
    static func myLineup(points: Double = 87.4, toPlayKickoff: Date = late) -> LineupView {
        lineup(1, "Gridiron Gang", points, [
            player("Patrick Mahomes", "QB", "KC", 24.3, .playing),
            player("Amon-Ra St. Brown", "WR", "DET", 15.1, .playing),
            player("Kansas City Chiefs", "DEF", "KC", 8.0, .playing),
            player("CeeDee Lamb", "WR", "DAL", 0, .toPlay, kickoff: toPlayKickoff),
            player("Kenneth Walker III", "RB", "SEA", 0, .toPlay, kickoff: toPlayKickoff),
            player("A.J. Brown", "WR", "PHI", 11.2, .done),
            player("Marvin Harrison Jr.", "WR", "ARI", 9.4, .done),
            player("Travis Kelce", "TE", "KC", 12.0, .done),
            player("Harrison Butker", "K", "KC", 7.4, .done),
            player("Breece Hall", "RB", "NYJ", 0, .notPlaying),
        ])
    }

    /// 2 playing, 5 to play, 2 done.
    static func theirLineup(points: Double = 72.1) -> LineupView {
        lineup(2, "Taco Tuesday", points, [
            player("Josh Allen", "QB", "BUF", 20.5, .playing),
            player("Derrick Henry", "RB", "BAL", 14.0, .playing),
            player("Justin Jefferson", "WR", "MIN", 0, .toPlay),
            player("Bijan Robinson", "RB", "ATL", 0, .toPlay),
            player("Puka Nacua", "WR", "LAR", 0, .toPlay),
            player("Sam LaPorta", "TE", "DET", 0, .toPlay),
            player("Brandon Aubrey", "K", "DAL", 0, .toPlay),
            player("Tyreek Hill", "WR", "MIA", 22.1, .done),
            player("Buffalo Bills", "DEF", "BUF", 15.5, .done),
        ])
    }

    /// Every starter done.
    static func finished(_ lineup: LineupView, points: Double) -> LineupView {
        LineupView(
            rosterID: lineup.rosterID, teamName: lineup.teamName, points: points,
            starters: lineup.starters.map {
                StarterLine(
                    playerID: $0.playerID, name: $0.name, position: $0.position, team: $0.team,
                    points: $0.points, state: $0.state == .notPlaying ? .notPlaying : .done, kickoff: $0.kickoff
                )
            }
        )
    }

    /// The opponent with 1 playing and 1 to play, the rest done.
    static func theirLineupLate(points: Double) -> LineupView {
        lineup(2, "Taco Tuesday", points, [
            player("Josh Allen", "QB", "BUF", 20.5, .done),
            player("Derrick Henry", "RB", "BAL", 14.0, .playing),
            player("Justin Jefferson", "WR", "MIN", 0, .toPlay, kickoff: mondayNight),
            player("Tyreek Hill", "WR", "MIA", 22.1, .done),
        ])
    }

    // MARK: Encoding

    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "<unencodable>" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension DisplayFixtures {
    /// Every field of an encoded value as `path = value`, sorted: a golden that names each
    /// field, so a changed or added field shows up as one line in a failure.
    static func flat<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value),
              let object = try? JSONSerialization.jsonObject(with: data) else { return "<unencodable>" }
        var lines: [String] = []
        flatten(object, path: "", into: &lines)
        return lines.sorted().joined(separator: "\n")
    }

    private static func flatten(_ value: Any, path: String, into lines: inout [String]) {
        if let dictionary = value as? [String: Any] {
            for (key, child) in dictionary {
                flatten(child, path: path.isEmpty ? key : "\(path).\(key)", into: &lines)
            }
        } else if let array = value as? [Any] {
            if array.isEmpty { lines.append("\(path) = []") }
            for (index, child) in array.enumerated() {
                flatten(child, path: "\(path)[\(index)]", into: &lines)
            }
        } else if let string = value as? String {
            lines.append("\(path) = \(string)")
        } else {
            lines.append("\(path) = \(value)")
        }
    }
}
