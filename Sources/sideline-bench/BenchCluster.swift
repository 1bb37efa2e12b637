import Foundation
import Logging
import SidelineCore
import SidelineDelivery
import SidelineEngine
import SidelineFakeSleeper
import SidelinePostgres
import SidelineStore
import SidelineWiring

/// Issue 32's cluster run: `pollers` pollers dividing `leagues` live leagues over one 1:00
/// kickoff, on one fresh PostgreSQL schema. Each poller is what a host would run: its own
/// `PostgresStore` connection, `cluster.egress` (so its own call log and budget of 1000 a
/// minute), fixed poller id, cache directory (players index), libcurl transport and
/// ``Scheduler``, wired through ``Wiring`` as `sideline run` wires one. Leases follow the
/// pass instant (`cluster.lease_clock=pass`): the clock is simulated.
///
/// At each simulated instant (every `passSeconds`) every poller runs its pass, concurrently
/// by default: pollers on separate hosts pass side by side, each behind its own budget, and
/// the contention between them (the lease rows, the shared tables, the feeds the leader
/// stores for the others) is part of what is measured. `concurrent = false` makes them take
/// turns (poller 1 first), which isolates each pass's own wall and database time from the
/// others' on this two-core machine.
struct BenchCluster {
    let leagues: Int
    var registered = 1
    let pollers: Int
    let start: Date
    var end: Date
    var passSeconds: TimeInterval = 30
    var design: BenchDesign = .stats
    var edgeCacheSeconds: TimeInterval = BenchEdgeCache.sleeperLifetime
    var concurrent = true
    let postgresURL: String

    /// One poller of the run: what a host runs.
    struct Poller: Sendable {
        let id: String
        let egress: String
        let store: any AppStore
        let databaseClock: DatabaseClock?
        let scheduler: Scheduler
        /// `sleeper.max_calls_per_minute`: what its egress may spend in any 60 s.
        let budget: Int
    }

    /// One poller's pass at an instant: its report, or the store error it threw. `sideline
    /// run` exits on that error (its supervisor restarts it); the run notes it and goes on, so
    /// that one failed pass is a figure in the table rather than the end of the measurement.
    struct Pass: Sendable {
        let poller: Int
        let report: PassReport?
        let failure: String?
        let wall: Double
        let database: Double?
    }

    func run() async throws -> ClusterResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-bench-cluster-\(UUID().uuidString)")
        let keep = ProcessInfo.processInfo.environment["SIDELINE_BENCH_KEEP"] != nil
        let verbose = ProcessInfo.processInfo.environment["SIDELINE_BENCH_VERBOSE"] != nil
        // A scratch directory of the benchmark's own (players index files): one left behind
        // is temporary-directory litter, never state.
        defer { if !keep { try? FileManager.default.removeItem(at: directory) } }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let server = try BenchServerProcess(leagues: leagues, edgeCacheSeconds: edgeCacheSeconds)
        defer { server.stop() }
        let schema = try BenchStore.freshSchema(postgresURL)
        defer { if keep { BenchMain.log("  kept the schema of \(schema.storeURL)") } else { schema.drop() } }

        let clock = ManualClock(start)
        let seats = try (1...pollers).map { try poller($0, storeURL: schema.storeURL, server: server.baseURL.absoluteString, directory: directory, clock: clock) }
        let world = SyntheticLeagues(count: leagues, registered: registered)
        try BenchScenario(name: "cluster", leagues: leagues, registered: registered, start: start, end: end).seed(seats[0].store, world)

        let week = WeekKey(season: SyntheticSunday.season, seasonType: .regular, week: SyntheticSunday.week)
        var figures = ClusterFigures(world: world, passSeconds: passSeconds, pollers: pollers)
        let wallStart = ContinuousClock.now
        let cpuStart = CPUTime.process()
        var time = start
        while time <= end {
            clock.set(time)
            try await server.setNow(time)
            let cpuBefore = CPUTime.process()
            let instantStart = ContinuousClock.now
            let passes = try await passAll(seats, at: time)
            let wall = (ContinuousClock.now - instantStart).seconds
            if passes.contains(where: { !($0.report?.calls.isEmpty ?? true) || !($0.report?.events.isEmpty ?? true) }) { MemoryTuning.releaseFreedMemory() }
            // The feed the leader stored, as every poller reads it.
            figures.instant(at: time, passes: passes, wall: wall, cpu: CPUTime.process() - cpuBefore, schedule: try seats[0].store.schedule(week)?.schedule)
            time = time.addingTimeInterval(passSeconds)
            if figures.instants % 10 == 0 || verbose {
                BenchMain.log(String(format: "  %@ — %d instants, %d starts, %d events, %d matchups responses, %.0f s wall, %.1f s CPU, %.0f MB resident",
                                     EventEnvelope.timestamp(time), figures.instants, figures.timing.starts, figures.events, figures.responses,
                                     (ContinuousClock.now - wallStart).seconds, CPUTime.process() - cpuStart, CPUTime.currentRSS()))
            }
        }
        let wallSeconds = (ContinuousClock.now - wallStart).seconds
        var egresses: [ClusterResult.Egress] = []
        for seat in seats {
            let log = try seat.store.callTimes(from: start, through: end)
            let share = await seat.scheduler.workShare
            egresses.append(ClusterResult.Egress(name: seat.egress, calls: log.count, busiestWindow: RateBudget.busiestWindow(log),
                                                 leaguesHeld: share.leagues?.count ?? leagues, leads: share.leads))
        }
        return figures.result(leagues: leagues, registrations: leagues * registered, concurrent: concurrent, egresses: egresses, budget: seats[0].budget,
                              outbox: try OutboxStarts.count(storeURL: schema.storeURL), wallSeconds: wallSeconds,
                              cpuSeconds: CPUTime.process() - cpuStart, peakRSS: CPUTime.peakRSS())
    }

    /// Poller `index` of the run, wired as a host's `sideline run` would be.
    func poller(_ index: Int, storeURL: String, server base: String, directory: URL, clock: ManualClock) throws -> Poller {
        let cache = directory.appendingPathComponent("p\(index)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        // `database` only completes the configuration (its default derives from the home directory): the store is `store.url`.
        let flags = ["store.url": storeURL, "database": cache.appendingPathComponent("unused.sqlite").path, "cache_dir": cache.path, "sleeper.url": base, "scores.url": base, "espn.url": base, "log.level": "error",
                     "cluster.egress": "bench-e\(index)", "cluster.poller_id": "bench-p\(index)", "cluster.lease_clock": "pass"]
        let configuration = try ConfigurationLoader.resolve(file: nil, environment: [:], flags: flags, derivedDefaults: [:])
        let store = try Wiring.openStore(configuration)
        var logger = Logger(label: "sideline.bench.p\(index)")
        logger.logLevel = .error
        let wiring = Wiring(configuration: configuration, store: store, logger: logger, now: clock.dateSource)
        guard wiring.cluster != nil else { throw BenchError("poller \(index) has no cluster seat: is the store PostgreSQL?") }
        var scenario = BenchScenario(name: "cluster", leagues: leagues, registered: registered, start: start, end: end)
        scenario.design = design
        let (scheduler, _) = try scenario.makeScheduler(wiring)
        return Poller(id: "bench-p\(index)", egress: "bench-e\(index)", store: store,
                      databaseClock: (store as? any DatabaseTiming)?.databaseClock, scheduler: scheduler,
                      budget: configuration.maxCallsPerMinute)
    }

    /// Every poller's pass at `now`: side by side, or one after another.
    func passAll(_ seats: [Poller], at now: Date) async throws -> [Pass] {
        guard concurrent else {
            var passes: [Pass] = []
            for index in seats.indices { passes.append(try await Self.pass(seats[index], index: index, at: now)) }
            return passes
        }
        return try await withThrowingTaskGroup(of: Pass.self) { group in
            for index in seats.indices {
                let seat = seats[index]
                group.addTask { try await Self.pass(seat, index: index, at: now) }
            }
            var passes: [Pass] = []
            for try await pass in group { passes.append(pass) }
            return passes.sorted { $0.poller < $1.poller }
        }
    }

    static func pass(_ seat: Poller, index: Int, at now: Date) async throws -> Pass {
        let databaseBefore = seat.databaseClock?.seconds
        let started = ContinuousClock.now
        var report: PassReport?
        var failure: String?
        do { report = try await seat.scheduler.runPass(at: now, mode: .live, sinks: []) } catch { failure = "\(error)" }
        let wall = (ContinuousClock.now - started).seconds
        let database = databaseBefore.flatMap { before in seat.databaseClock.map { $0.seconds - before } }
        return Pass(poller: index, report: report, failure: failure, wall: wall, database: database)
    }
}

/// The outbox's start events, read straight from the schema after the run: what was
/// committed, whoever committed it. Two starts of one activity would be a double.
enum OutboxStarts {
    static func count(storeURL: String) throws -> (starts: Int, activities: Int, events: Int) {
        let connection = try PostgresConnection(url: try PostgresURL(storeURL))
        let starts = try connection.execute("SELECT count(*) AS starts, count(DISTINCT activity_id) AS activities FROM outbox WHERE kind = $1",
                                            [.text(LifecycleEventKind.start.rawValue)])
        let all = try connection.execute("SELECT count(*) AS events FROM outbox")
        return (try starts.first?.value("starts") ?? 0, try starts.first?.value("activities") ?? 0, try all.first?.value("events") ?? 0)
    }
}
