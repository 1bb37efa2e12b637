import Foundation
import SidelineCore
import SidelineEngine
import SidelineSleeper
import SidelineStore
import SidelineWiring

/// The stats design's source: the one place that knows how the real stats client is built,
/// so the `stats` design runs what the daemon runs once the pieces are merged.
enum BenchStatsFeed {
    static func source(_ wiring: Wiring) throws -> any PlayerStatsSource {
        // Once SidelineWiring builds the stats source from `scores.url`, the daemon's own.
        if let wired = wiring.passEnvironment().stats { return wired }
        #if SIDELINE_BENCH_STATS_FEED
        // Until then, the client on the scores feed's host (the synthetic Sleeper serves both),
        // its calls admitted through the same call log as every other call.
        let gate = StoreCallGate(store: wiring.store, budget: wiring.configuration.rateBudget, now: wiring.now)
        return SleeperStatsFeed(baseURL: wiring.configuration.scoresURL, transport: wiring.transport, gate: gate)
        #else
        throw BenchError("""
            the stats design needs SleeperStatsFeed and the synthetic /stats routes, not in this branch yet: \
            once merged, build with -Xswiftc -DSIDELINE_BENCH_STATS_FEED (or let SidelineWiring pass the source); \
            see Sources/sideline-bench/BenchStatsFeed.swift
            """)
        #endif
    }

    /// Throws at once if this binary cannot build the stats design: a `--design both` run
    /// would otherwise fail only after its matchups half (twenty minutes at 20,000 leagues).
    static func preflight() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-bench-preflight-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = try ConfigurationLoader.resolve(
            file: nil, environment: [:],
            flags: ["database": directory.appendingPathComponent("preflight.sqlite").path, "cache_dir": directory.path, "log.level": "error"],
            derivedDefaults: [:]
        )
        _ = try source(Wiring(configuration: configuration, store: SQLiteStore(path: configuration.databasePath)))
    }
}
