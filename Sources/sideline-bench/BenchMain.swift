import Foundation
import SidelineCore
import SidelineFakeSleeper
import SidelineSleeper

enum BenchMain {
    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text) ?? Date(timeIntervalSince1970: 0) }

    /// Sunday 9:00 ET to Monday 0:30 ET: London, 1:00, 4:05, 4:25 and Sunday night.
    static let dayStart = utc("2026-11-22T14:00:00Z")
    static let dayEnd = utc("2026-11-23T05:30:00Z")
    /// 12:45–14:30 ET, the 1:00 kickoff burst.
    static let burstStart = utc("2026-11-22T17:45:00Z")
    static let burstEnd = utc("2026-11-22T19:30:00Z")
    /// 13:30 ET: the cluster run's end, past one poller's last start of the 1:00 kickoff at
    /// 20,000 leagues (~22 min after it).
    static let clusterEnd = utc("2026-11-22T18:30:00Z")

    static let runs = ["all", "day100", "day1000", "window5000", "kickoff5000", "window5000x10", "window20000", "statspass50000", "people10000", "cluster", "tiny", "players", "envelope", "commit"]

    static let usage = """
        usage: sideline-bench [RUN] [--design matchups|stats|both] [--edge-cache SECONDS] [--registrations N]
                              [--until ISO-8601] [--repeat N] [--quick] [--count N] [--scope S] [--people N]
                              [--store sqlite|postgres|both] [--postgres-url URL]
                              [--leagues N] [--pollers 1,2,4] [--turns]

        Drives the real scheduler, store and lifecycle against a synthetic Sleeper on loopback
        with a simulated clock, and prints a table of figures (see README "Benchmark").
        Build it in release first: swift build -c release --product sideline-bench

        RUN (default all, about 4 minutes on two cores):
          all            day100 + window5000 + kickoff5000 + players
          day100         a whole Sunday, 100 leagues × 2 registrations
          day1000        a whole Sunday, 1,000 leagues × 2 (about 15 minutes; --quick: 300 to 20:00 UTC)
          window5000     12:45–14:30 ET, 5,000 leagues × 1
          kickoff5000    12:45–13:15 ET, 5,000 leagues × 10
          window5000x10  12:45–14:30 ET, 5,000 leagues × 10
          window20000    12:45–14:30 ET, 20,000 leagues × 1 (long; --until bounds it)
          statspass50000 kickoff5000, then a pass in which only the stats moved (needs --design stats)
          people10000    12:45–13:15 ET, 10,000 people × 5 leagues (50,000 registrations), once in
                         league scope and once in person scope, each in its own process (issue 30)
          cluster        12:45–13:30 ET, 20,000 leagues × 1 on PostgreSQL, once with 1, 2 and 4
                         pollers dividing the work (issue 32; needs --postgres-url; long: see
                         docs/benchmark.md, --leagues 2000 for a few minutes' run)
          tiny           5 leagues, a smoke run
          players        parse a full-size players/nfl and load the cached index
          envelope       µs to build and encode one lifecycle event (--count, default 20000)
          commit         µs to persist one event and its lifecycle row (--count, default 20000)

        Options:
          --design D          where live scores come from (issue 21): stats (default, what ships:
                              the stats feed every pass blended with each league's matchups),
                              matchups (the design before: each league's last matchups alone),
                              or both (each scenario once per design)
          --edge-cache S      seconds the synthetic Sleeper's edge keeps a matchups, stats or
                              projections answer (default 60, as Sleeper's CDN; 0: no cache)
          --registrations N   registrations per league, instead of the run's own
          --until ISO-8601    stop the simulated clock early, e.g. 2026-11-22T18:10:00Z
          --repeat N          run each scenario N times (a row each) and print the median and
                              range of its CPU figures: one run can read 20% off on a shared machine
          --scope S           people10000 only: league, person or both (default, alternating)
          --people N          people10000 only: how many people (a multiple of 10; default 10000)
          --store S           the scheduler's store (issue 31): sqlite (default), postgres, or both
                              (each scenario once per store, and a table of pass wall and database
                              time); each PostgreSQL run gets a schema of its own, dropped after it
          --postgres-url URL  the PostgreSQL server for --store postgres|both (or the environment's
                              SIDELINE_BENCH_POSTGRES_URL), e.g. scripts/pg-test-server url
          --leagues N         cluster only: live leagues (default 20000)
          --pollers LIST      cluster only: the poller counts to run, one run each (default 1,2,4)
          --turns             cluster only: the pollers pass one after another at each instant
                              instead of side by side
          Environment: SIDELINE_BENCH_VERBOSE=1 (a line per pass), SIDELINE_BENCH_KEEP=1 (keep
          the database), SIDELINE_BENCH_IDLE_PASSES=N (time N idle passes at the end),
          SIDELINE_BENCH_SCORE_AGE=0 (no score age: its reads and memory are the benchmark's own)
        """

    static func run(_ arguments: [String]) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help" {
            print(usage)
            return 0
        }
        // The run is the first word that is neither an option nor an option's value.
        let valued: Set<String> = ["--registrations", "--until", "--count", "--repeat", "--design", "--edge-cache", "--scope", "--people", "--store", "--postgres-url", "--leagues", "--pollers"]
        let which = arguments.indices.first { index in
            !arguments[index].hasPrefix("-") && (index == 0 || !valued.contains(arguments[index - 1]))
        }.map { arguments[$0] } ?? "all"
        guard runs.contains(which) else {
            log("sideline-bench: unknown run '\(which)' (one of: \(runs.joined(separator: ", ")); --help for more)")
            return 2
        }
        let quick = arguments.contains("--quick")
        func option(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            return arguments[index + 1]
        }
        if which == "envelope" {
            print(BenchEnvelope.run(count: max(1, option("--count").flatMap { Int($0) } ?? 20_000)))
            return 0
        }
        if which == "commit" {
            do {
                print(try BenchCommit.run(count: max(1, option("--count").flatMap { Int($0) } ?? 20_000)))
                return 0
            } catch {
                log("sideline-bench: \(error)")
                return 1
            }
        }
        let perLeague = option("--registrations").flatMap { Int($0) }
        let until = option("--until").map(utc)
        guard let designs = BenchDesign.parse(option("--design")) else {
            log("sideline-bench: --design is one of matchups, stats, both")
            return 2
        }
        let edgeCache = option("--edge-cache").flatMap { Double($0) } ?? BenchEdgeCache.sleeperLifetime
        guard let stores = BenchStore.parse(option("--store"), url: option("--postgres-url") ?? ProcessInfo.processInfo.environment["SIDELINE_BENCH_POSTGRES_URL"]) else {
            log("sideline-bench: --store is one of sqlite, postgres, both; postgres needs --postgres-url URL (or SIDELINE_BENCH_POSTGRES_URL)")
            return 2
        }
        if which == "people10000" {
            return await personScope(option, designs: designs, edgeCache: edgeCache, until: until, child: arguments.contains("--child"))
        }
        if which == "cluster" {
            let url = option("--postgres-url") ?? ProcessInfo.processInfo.environment["SIDELINE_BENCH_POSTGRES_URL"]
            return await cluster(option, url: url, designs: designs, edgeCache: edgeCache, until: until, turns: arguments.contains("--turns"))
        }
        var scenarios: [BenchScenario] = []
        if which == "tiny" {
            scenarios.append(BenchScenario(name: "tiny", leagues: 5, registered: 10, start: dayStart, end: utc("2026-11-22T15:30:00Z")))
        }
        // What fits in about 10 minutes on two cores (see README "Benchmark" for why the
        // runs are cut this way): a whole Sunday for 100 leagues; the 5,000-league 12:45–14:30
        // ET window with one registration per league (calls, staleness and the budget are
        // per league); and the 1:00 burst itself with ten per league (50,000 registrations:
        // kickoff-to-start, the fixed pass cost and memory at that size).
        if which == "all" || which == "day100" {
            scenarios.append(BenchScenario(name: "Sunday, 100 leagues × 2", leagues: 100, registered: 2, start: dayStart, end: dayEnd))
        }
        if which == "day1000" {
            scenarios.append(BenchScenario(name: "Sunday, 1,000 leagues × 2", leagues: quick ? 300 : 1000, registered: 2, start: dayStart, end: quick ? utc("2026-11-22T20:00:00Z") : dayEnd))
        }
        if which == "all" || which == "window5000" {
            scenarios.append(BenchScenario(name: "12:45–14:30 ET, 5,000 leagues × 1", leagues: 5000, registered: 1, start: burstStart, end: burstEnd))
        }
        if which == "all" || which == "kickoff5000" {
            scenarios.append(BenchScenario(name: "12:45–13:15 ET, 5,000 leagues × 10", leagues: 5000, registered: 10, start: burstStart, end: utc("2026-11-22T18:15:00Z")))
        }
        if which == "window5000x10" {
            scenarios.append(BenchScenario(name: "12:45–14:30 ET, 5,000 leagues × 10", leagues: 5000, registered: 10, start: burstStart, end: burstEnd))
        }
        if which == "window20000" {
            scenarios.append(BenchScenario(name: "12:45–14:30 ET, 20,000 leagues × 1", leagues: 20_000, registered: 1, start: burstStart, end: burstEnd))
        }
        if which == "statspass50000" {
            var scenario = BenchScenario(name: "12:45–13:15 ET, 5,000 leagues × 10, then a stats pass", leagues: 5000, registered: 10, start: burstStart, end: utc("2026-11-22T18:15:00Z"))
            scenario.measuresStatsPass = true
            scenarios.append(scenario)
        }
        for index in scenarios.indices {
            if let perLeague { scenarios[index].registered = perLeague }
            if let until { scenarios[index].end = min(scenarios[index].end, until) }
            scenarios[index].edgeCacheSeconds = edgeCache
            scenarios[index].measuresScoreAge = ProcessInfo.processInfo.environment["SIDELINE_BENCH_SCORE_AGE"] != "0"
        }
        // Each scenario once per design and per store, side by side: the before/after pairs
        // of issue 21, the SQLite/PostgreSQL pairs of issue 31.
        scenarios = scenarios.flatMap { scenario in
            designs.flatMap { design in
                stores.map { store in
                    var run = scenario
                    run.design = design
                    run.store = store
                    return run
                }
            }
        }
        let repeats = max(1, option("--repeat").flatMap { Int($0) } ?? 1)
        let began = ContinuousClock.now
        var results: [BenchResult] = []
        do {
            for scenario in scenarios.flatMap({ Array(repeating: $0, count: repeats) }) {
                log("running \(scenario.name) (\(scenario.leagues * scenario.registered) registrations, \(scenario.store.name))…")
                let result = try await scenario.run()
                log(String(format: "  done in %.0f s", result.wallSeconds))
                results.append(result)
            }
        } catch {
            log("sideline-bench: \(error)")
            return 1
        }
        var players: PlayersFigures?
        if which == "all" || which == "players" {
            do { players = try PlayersFigures.measure() } catch {
                log("sideline-bench: players: \(error)")
                return 1
            }
        }
        print(BenchTable.render(results, players: players, totalSeconds: (ContinuousClock.now - began).seconds))
        return 0
    }

    /// `people10000`: issue 30's league and person scopes side by side, each run in a child
    /// process of this binary (``BenchPersonScope``); `--child` is that process.
    static func personScope(_ option: (String) -> String?, designs: [BenchDesign], edgeCache: TimeInterval, until: Date?, child: Bool) async -> Int32 {
        let people = BenchPeople(count: option("--people").flatMap { Int($0) } ?? 10_000)
        let scopes: [ActivityScope]? = switch option("--scope") {
        case nil, "both"?: [.league, .person]
        case let name?: ActivityScope(rawValue: name).map { [$0] }
        }
        guard let scopes, people.fits(registered: 10), designs.count == 1, let design = designs.first else {
            log("sideline-bench: people10000 takes --scope league|person|both, --people a multiple of 10, one --design")
            return 2
        }
        let request = BenchPersonScope.Request(scope: scopes[0], people: people, until: until, design: design, edgeCacheSeconds: edgeCache)
        do {
            if child {
                print(try await BenchPersonScope.runChild(request))
            } else {
                let began = ContinuousClock.now
                let repeats = max(1, option("--repeat").flatMap { Int($0) } ?? 1)
                print(try BenchPersonScope.compare(request, scopes: scopes, repeats: repeats))
                print(String(format: "benchmark wall time: %.0f s", (ContinuousClock.now - began).seconds))
            }
            return 0
        } catch {
            log("sideline-bench: \(error)")
            return 1
        }
    }

    /// `cluster`: issue 32's pollers dividing one kickoff, one run per poller count
    /// (``BenchCluster``), each on a fresh schema of the `--postgres-url` server.
    static func cluster(_ option: (String) -> String?, url: String?, designs: [BenchDesign], edgeCache: TimeInterval, until: Date?, turns: Bool) async -> Int32 {
        let leagues = option("--leagues").flatMap { Int($0) } ?? 20_000
        let counts = (option("--pollers") ?? "1,2,4").split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard let url, leagues > 0, !counts.isEmpty, counts.allSatisfy({ $0 > 0 }), designs.count == 1, let design = designs.first else {
            log("sideline-bench: cluster takes --postgres-url URL (or SIDELINE_BENCH_POSTGRES_URL), --leagues N, --pollers 1,2,4 and one --design")
            return 2
        }
        let began = ContinuousClock.now
        var results: [ClusterResult] = []
        do {
            for count in counts {
                var run = BenchCluster(leagues: leagues, pollers: count, start: burstStart, end: min(clusterEnd, until ?? clusterEnd), postgresURL: url)
                run.registered = option("--registrations").flatMap { Int($0) } ?? 1
                run.design = design
                run.edgeCacheSeconds = edgeCache
                run.concurrent = !turns
                log("running the cluster run: \(leagues) leagues, \(count) poller\(count == 1 ? "" : "s")\(turns ? ", in turns" : "")…")
                let result = try await run.run()
                log(String(format: "  done in %.0f s", result.wallSeconds))
                results.append(result)
            }
        } catch {
            log("sideline-bench: \(error)")
            return 1
        }
        print(BenchClusterTable.render(results, totalSeconds: (ContinuousClock.now - began).seconds))
        return 0
    }

    static func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// `players/nfl`: parsing a full-size body, and loading the cached index.
struct PlayersFigures {
    let players: Int
    let megabytes: Double
    let parseSeconds: Double
    let loadSeconds: Double
    let indexKilobytes: Double

    static func measure() throws -> PlayersFigures {
        let body = SyntheticPlayers.playersJSON()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-bench-players-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var parse: [Double] = []
        var index = try PlayersIndexParser.parse(body)
        for _ in 0..<3 {
            let start = ContinuousClock.now
            index = try PlayersIndexParser.parse(body)
            parse.append((ContinuousClock.now - start).seconds)
        }
        try PlayersIndexFile.save(index, fetchedAt: Date(timeIntervalSince1970: 0), to: directory)
        var load: [Double] = []
        for _ in 0..<5 {
            let start = ContinuousClock.now
            _ = try PlayersIndexFile.load(from: directory)
            load.append((ContinuousClock.now - start).seconds)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(PlayersIndexFile.fileName).path)[.size] as? Int) ?? 0
        return PlayersFigures(players: index.count, megabytes: Double(body.count) / 1_000_000,
                              parseSeconds: parse.sorted()[parse.count / 2], loadSeconds: load.sorted()[load.count / 2],
                              indexKilobytes: Double(size) / 1000)
    }
}
