import Foundation
import SidelineEngine
import SidelineSleeper
import SidelineWiring

/// Where a run's live scores come from: issue 21's before and after, run the same way
/// (same world, clock, budget and edge cache), differing only in the pass's stats source.
enum BenchDesign: String, CaseIterable, Sendable {
    /// Before: a score is as fresh as its league's last matchups fetch.
    case matchups
    /// After: the league-independent stats feed every pass, blended with each league's
    /// last matchups (ADR 029).
    case stats

    /// The wiring's pass environment with this design's stats source: none for `matchups`,
    /// even once the wiring passes one by default. `sleeper` may wrap the Sleeper client
    /// (``LeagueCallsWithholding``, for the stats pass).
    func environment(_ wiring: Wiring, sleeper wrap: (any SleeperClient) -> any SleeperClient = { $0 }) throws -> PassEnvironment {
        let wired = wiring.passEnvironment()
        let stats: (any PlayerStatsSource)? = switch self {
        case .matchups: nil
        case .stats: try BenchStatsFeed.source(wiring)
        }
        var environment = PassEnvironment(configuration: wired.configuration, store: wired.store, sleeper: wrap(wired.sleeper), games: wired.games,
                                          stats: stats, playersStore: wired.playersStore, logger: wired.logger)
        // The poller's seat, when the configuration makes it one of several (the `cluster` run).
        environment.cluster = wired.cluster
        return environment
    }

    /// `--design matchups|stats|both`: the designs to run, in the order their rows print.
    static func parse(_ text: String?) -> [BenchDesign]? {
        switch text {
        case nil: [.stats]
        case "both"?: [.matchups, .stats]
        case let name?: BenchDesign(rawValue: name).map { [$0] }
        }
    }
}
