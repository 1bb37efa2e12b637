import Foundation
import SidelineEngine
import SidelineSleeper
import SidelineWiring

/// The stats design's source: the wiring's own, so the `stats` design runs what the daemon
/// runs (``SleeperStatsFeed`` on `scores.url`, ADR 029).
enum BenchStatsFeed {
    static func source(_ wiring: Wiring) throws -> any PlayerStatsSource {
        guard let wired = wiring.passEnvironment().stats else { throw BenchError("the wiring passes no stats source") }
        return wired
    }
}
