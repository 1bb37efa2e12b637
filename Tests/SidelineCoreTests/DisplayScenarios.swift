import Foundation
import SidelineActivity
import Testing
@testable import SidelineCore

/// The scripted situations the golden tests pin down.
enum DisplayScenario: String, CaseIterable {
    case liveWinning, liveLosingMondayNext, liveTied, hiddenLead, manyPlaying, betweenGames
    case graceTheyHaveTwoToPlay, finalWon, finalLost, finalTied, finalTheyStillPlay
    case byeLive, byeFinal, medianLeague, medianOnly, opponentEmptyLineup, myEmptyLineup
    case longEmojiNames, londonLocale

    typealias F = DisplayFixtures

    var view: MatchupView {
        switch self {
        case .liveWinning, .londonLocale:
            F.matchup(F.myLineup(), F.theirLineup())
        case .liveLosingMondayNext:
            F.matchup(F.myLineup(points: 70.0, toPlayKickoff: F.mondayNight), F.theirLineup(points: 72.1))
        case .liveTied:
            F.matchup(F.myLineup(points: 50), F.theirLineup(points: 50))
        case .hiddenLead:
            F.matchup(F.myLineup(points: 100.04), F.theirLineup(points: 100.01))
        case .manyPlaying:
            F.matchup(
                F.lineup(1, "Gridiron Gang", 61.2, [
                    F.player("Jalen Hurts", "QB", "PHI", 18.2, .playing),
                    F.player("Saquon Barkley", "RB", "PHI", 18.2, .playing),
                    F.player("Ja'Marr Chase", "WR", "CIN", 21.0, .playing),
                    F.player("DK Metcalf", "WR", "PIT", 3.8, .playing),
                    F.player("Pittsburgh Steelers", "DEF", "PIT", -2.0, .playing),
                ]),
                F.theirLineup(points: 61.2)
            )
        case .betweenGames:
            F.matchup(
                F.lineup(1, "Gridiron Gang", 40.6, F.myLineup().starters.filter { $0.state != .playing }),
                F.theirLineup(points: 41.0)
            )
        case .graceTheyHaveTwoToPlay:
            F.matchup(F.finished(F.myLineup(), points: 112.4), F.theirLineupLate(points: 98.7))
        case .finalWon:
            // Decided: the chance is certain and the result says it, so none is shown.
            F.matchup(F.finished(F.myLineup(), points: 112.4), F.finished(F.theirLineup(), points: 98.7), winProbability: 1)
        case .finalLost:
            F.matchup(F.finished(F.myLineup(), points: 98.7), F.finished(F.theirLineup(), points: 112.4))
        case .finalTied:
            F.matchup(F.finished(F.myLineup(), points: 101.5), F.finished(F.theirLineup(), points: 101.5))
        case .finalTheyStillPlay:
            F.matchup(F.finished(F.myLineup(), points: 112.4), F.theirLineupLate(points: 98.7), winProbability: 0.971)
        case .byeLive:
            F.matchup(F.myLineup(), nil)
        case .byeFinal:
            F.matchup(F.finished(F.myLineup(), points: 112.4), nil)
        case .medianLeague:
            // Every optional field of the content state set: the schema tests read it.
            F.matchup(F.myLineup(), F.theirLineup(), median: true, winProbability: 0.62)
        case .medianOnly:
            F.matchup(F.myLineup(), nil, median: true)
        case .opponentEmptyLineup:
            F.matchup(F.myLineup(), F.lineup(2, "Taco Tuesday", 0, []))
        case .myEmptyLineup:
            F.matchup(F.lineup(1, "Gridiron Gang", 0, []), F.theirLineup())
        case .longEmojiNames:
            F.matchup(
                F.lineup(1, "🏈🔥 The Extremely Long Team Name Of Doom!", 87.4, F.myLineup().starters),
                F.lineup(2, "👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦 Family Feud", 72.1, F.theirLineup().starters)
            )
        }
    }

    var phase: DisplayPhase {
        switch self {
        case .graceTheyHaveTwoToPlay: .grace
        case .finalWon, .finalLost, .finalTied, .finalTheyStillPlay, .byeFinal: .ended
        default: .live
        }
    }

    var context: DisplayContext {
        switch self {
        case .londonLocale:
            DisplayContext(now: F.now, timeZone: TimeZone(identifier: "Europe/London") ?? .gmt, localeIdentifier: "en_GB")
        case .graceTheyHaveTwoToPlay:
            DisplayContext(now: F.sundayNight)
        case .finalWon, .finalLost, .finalTied, .finalTheyStillPlay, .byeFinal:
            DisplayContext(now: F.sundayNight.addingTimeInterval(3 * 3600))
        default:
            F.context
        }
    }

    var contentState: LiveActivityContentState {
        DisplayBuilder.contentState(for: view, phase: phase, context: context)
    }
}

/// Compares a scenario's whole content state with its golden listing.
func expectGolden(_ scenario: DisplayScenario, _ golden: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = DisplayFixtures.flat(scenario.contentState)
    #expect(actual == golden, "content state of \(scenario.rawValue) changed:\n\(actual)", sourceLocation: sourceLocation)
}
