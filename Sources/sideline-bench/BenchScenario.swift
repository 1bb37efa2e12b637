import Foundation
import Logging
import SidelineCore
import SidelineEngine
import SidelineFakeSleeper
import SidelineSleeper
import SidelineStore
import Synchronization
import SidelineDelivery
import SidelineHTTP
import SidelineWiring

/// One benchmark run: N synthetic leagues (10 registrations each) from `start` to `end`,
/// one daemon pass every `passSeconds` of simulated time, through the real scheduler,
/// HTTP client (libcurl), SQLite store and lifecycle, against the synthetic Sleeper in a
/// child process on loopback.
struct BenchScenario {
    let name: String
    let leagues: Int
    var registered: Int
    let start: Date
    var end: Date
    var passSeconds: TimeInterval = 30
    /// Issue 21's before (`matchups`) or after (`stats`).
    var design: BenchDesign = .matchups
    /// The synthetic Sleeper's edge cache on matchups and stats (``BenchEdgeCache``); 0: none.
    var edgeCacheSeconds: TimeInterval = BenchEdgeCache.sleeperLifetime
    /// After the run, time a pass in which only the stats moved (``BenchStatsPass``).
    var measuresStatsPass = false
    /// Sample the age of the shown scores every minute (``ScoreAges``). It reads every open
    /// lifecycle row each time and keeps each shown roster's recent true points: the
    /// benchmark's own memory and time, in this process, so a run measuring only Sideline's
    /// CPU and memory can leave it out (`SIDELINE_BENCH_SCORE_AGE=0`).
    var measuresScoreAge = true
    /// Issue 30's people, each in several leagues (``BenchPeople``); `nil`: a user per
    /// registration, as every run before it.
    var people: BenchPeople?
    /// The scope the registered users are stored with: one activity per registration
    /// (`league`) or one per person across their leagues (`person`).
    var scope: ActivityScope = .league
    /// Split the CPU per matchups response into the HTTP exchange and the rest (after the run).
    var measuresExchange = true
    /// The store the scheduler runs on (``BenchStore``).
    var store: BenchStore = .sqlite

    func run() async throws -> BenchResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-bench-\(UUID().uuidString)")
        let keep = ProcessInfo.processInfo.environment["SIDELINE_BENCH_KEEP"] != nil
        let verbose = ProcessInfo.processInfo.environment["SIDELINE_BENCH_VERBOSE"] != nil
        defer { if keep { BenchMain.log("  kept \(directory.path)") } else { try? FileManager.default.removeItem(at: directory) } }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let server = try BenchServerProcess(leagues: leagues, edgeCacheSeconds: edgeCacheSeconds)
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        var flags = ["database": directory.appendingPathComponent("bench.sqlite").path, "cache_dir": directory.path,
                     "sleeper.url": base, "scores.url": base, "espn.url": base, "log.level": "error"]
        var dropSchema: (@Sendable () -> Void)?
        if case .postgres(let url) = self.store {
            let fresh = try BenchStore.freshSchema(url)
            flags["store.url"] = fresh.storeURL
            dropSchema = fresh.drop
        }
        defer { if !keep { dropSchema?() } }
        let configuration = try ConfigurationLoader.resolve(file: nil, environment: [:], flags: flags, derivedDefaults: [:])
        let store = try Wiring.openStore(configuration)
        let databaseClock = (store as? any DatabaseTiming)?.databaseClock
        let world = SyntheticLeagues(count: leagues, registered: registered)
        try seed(store, world)

        let clock = ManualClock(start)
        var logger = Logger(label: "sideline.bench")
        logger.logLevel = .error
        // The wiring the daemon runs on, on the simulated clock: the call log, the ETags and
        // the players index file exactly as in production.
        let wiring = Wiring(configuration: configuration, store: store, logger: logger, now: clock.dateSource)
        let transport = wiring.transport
        let (scheduler, withholding) = try makeScheduler(wiring)

        let week = WeekKey(season: SyntheticSunday.season, seasonType: .regular, week: SyntheticSunday.week)
        var figures = BenchFigures(world: world, passSeconds: passSeconds)
        var scoreAges = ScoreAges(world: world, start: start)
        let wallStart = ContinuousClock.now
        let cpuStart = CPUTime.process()
        var time = start
        while time <= end {
            clock.set(time)
            try await server.setNow(time)
            let before = CPUTime.process()
            let passStart = ContinuousClock.now
            let databaseBefore = databaseClock?.seconds
            let report = try await scheduler.runPass(at: time, mode: .live, sinks: [])
            let cpu = CPUTime.process() - before
            let passWall = (ContinuousClock.now - passStart).seconds
            let database = databaseBefore.flatMap { start in databaseClock.map { $0.seconds - start } }
            // Between passes, as `sideline run` does.
            if !report.calls.isEmpty || !report.events.isEmpty { MemoryTuning.releaseFreedMemory() }
            figures.pass(at: time, report: report, cpu: cpu, wall: passWall, database: database,
                         schedule: try store.schedule(week)?.schedule, snapshotTimes: try store.snapshotTimes(week: week))
            if measuresScoreAge, scoreAges.isSampleInstant(time) {
                try scoreAges.sample(at: time, open: figures.open, store: store, week: week)
                if verbose {
                    let minute = scoreAges.lastMinute
                    BenchMain.log("  \(EventEnvelope.timestamp(time)) score age: worst \(minute.worst) min, \(minute.outdated) of \(minute.samples) shown scores not current")
                }
            }
            time = time.addingTimeInterval(passSeconds)
            if figures.passes % 20 == 0 || verbose {
                BenchMain.log(String(format: "  %@ — %d passes, %d events, %d matchups responses, %.0f s wall, %.1f s CPU, %.0f MB resident (peak %.0f MB)", EventEnvelope.timestamp(time), figures.passes, figures.events, figures.responses, (ContinuousClock.now - wallStart).seconds, CPUTime.process() - cpuStart, CPUTime.currentRSS(), CPUTime.peakRSS()))
            }
        }
        // For profiling the fixed cost: passes at the last instant, when everything open was
        // just stepped and the window is spent (nothing to fetch, nothing to step).
        let idlePasses = Int(ProcessInfo.processInfo.environment["SIDELINE_BENCH_IDLE_PASSES"] ?? "") ?? 0
        if idlePasses > 0 {
            var cpu: [Double] = []
            let last = time.addingTimeInterval(-passSeconds)
            for _ in 0..<idlePasses {
                let before = CPUTime.process()
                let report = try await scheduler.runPass(at: last, mode: .live, sinks: [])
                cpu.append(CPUTime.process() - before)
                if !report.calls.isEmpty || !report.events.isEmpty { BenchMain.log("  (idle pass made \(report.calls.count) calls, \(report.events.count) events)") }
            }
            BenchMain.log(String(format: "  %d idle passes at the last instant: median %.1f ms CPU", idlePasses, cpu.sorted()[cpu.count / 2] * 1000))
        }
        // Taken before the call log is read back for the window figure, which is the
        // benchmark's own work. (The peak is the process's: a later scenario's figure is at
        // least an earlier one's; run a scenario alone for its own peak.)
        let peak = CPUTime.peakRSS()
        let log = try store.callTimes(from: start, through: end)
        // The score age's own reads and comparisons are the benchmark's work, not Sideline's.
        let wall = (ContinuousClock.now - wallStart).seconds - scoreAges.wallSeconds
        var result = figures.result(name: name, leagues: leagues, registrations: leagues * registered, log: log,
                                    budget: configuration.maxCallsPerMinute, peakRSS: peak, wallSeconds: wall)
        result.store = self.store.name
        result.live = LivePointsResult(design: design, edgeCacheSeconds: edgeCacheSeconds, scoreAges: scoreAges,
                                       slowestPassWall: figures.slowestPassWall)
        BenchMain.log(String(format: "  score age: %d samples measured in %.0f s of wall time (not in the figures above)", scoreAges.samples, scoreAges.wallSeconds))
        if let withholding {
            result.live?.statsPassMeasured = true
            result.live?.statsPass = try await BenchStatsPass.measure(scheduler, withholding: withholding, after: time.addingTimeInterval(-passSeconds),
                                                                      passSeconds: passSeconds, open: figures.open.count, clock: clock, server: server)
        }
        if measuresExchange, figures.responses > 0 {
            let calls = min(figures.responses, 5_000)
            let exchange = try await exchangeCPU(calls: calls, world: world, store: store, transport: transport,
                                                 base: configuration.sleeperURL, clock: clock, after: time)
            // Weighted by the day's own mix of full bodies and 304s.
            let share304 = Double(figures.unchanged) / Double(figures.responses)
            result.exchangePerCall = exchange.full * (1 - share304) + exchange.notModified * share304
        }
        return result
    }

    /// The scheduler on the daemon's wiring with this run's design, and the switch that
    /// withholds its league calls when the run ends with a stats pass.
    func makeScheduler(_ wiring: Wiring) throws -> (Scheduler, LeagueCallsWithholding?) {
        var withholding: LeagueCallsWithholding?
        let environment = try design.environment(wiring) { sleeper in
            guard measuresStatsPass else { return sleeper }
            let wrapped = LeagueCallsWithholding(sleeper)
            withholding = wrapped
            return wrapped
        }
        return (Scheduler(environment: environment), withholding)
    }

    /// CPU per call of the HTTP exchange alone, as the scheduler makes it: the call admitted
    /// in the store's call log, the GET through libcurl over loopback (8 at a time), the
    /// body in hand; not decoded, mapped, stepped or stored. What a matchups response costs
    /// before Sideline reads it, so the figure per response can be split in two. Measured
    /// for full bodies, then for 304s (the same calls again with the ETags just received).
    /// Run after the day's figures, at an instant two hours past them, with a budget that
    /// never says no (the day's call log and busiest window are already read).
    func exchangeCPU(calls: Int, world: SyntheticLeagues, store: any CallLogStore & FeedStore, transport: CurlTransport, base: URL, clock: ManualClock, after: Date) async throws -> (full: Double, notModified: Double) {
        clock.set(after.addingTimeInterval(2 * 3600))
        let gate = StoreCallGate(store: store, budget: RateBudget(limit: 1_000_000_000, headroom: 0), now: { clock.date })
        let paths = (0..<calls).map { "/v1/league/\(world.league($0 % leagues).leagueID)/matchups/\(SyntheticSunday.week)" }
        let root = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        let etags = ETagBook()

        func round(expecting status: Int) async throws -> Double {
            let before = CPUTime.process()
            try await withThrowingTaskGroup(of: Void.self) { group in
                var next = 0
                func launch() {
                    let path = paths[next]
                    next += 1
                    // A busy minute's pace, so the call log's window holds what it holds on
                    // a busy day (~950 calls), not every call of this measurement.
                    clock.set(clock.date.addingTimeInterval(60.0 / 950))
                    group.addTask {
                        try await gate.admit(SleeperCall(kind: .matchups, path: path))
                        guard let url = URL(string: root + path) else { return }
                        let sent = etags.map.withLock { $0[path] }
                        let response = try await transport.get(url, headers: status == 304 ? ["If-None-Match": sent ?? ""] : [:])
                        guard response.status == status else { throw BenchError("exchange: \(path) answered \(response.status), not \(status)") }
                        if status == 200, let etag = response.headers["ETag"] { etags.map.withLock { $0[path] = etag } }
                    }
                }
                while next < min(Scheduler.fetchConcurrency, paths.count) { launch() }
                while try await group.next() != nil {
                    if next < paths.count { launch() }
                }
            }
            return (CPUTime.process() - before) / Double(calls)
        }
        let full = try await round(expecting: 200)
        return (full, try await round(expecting: 304))
    }

    /// Registrations go straight into the store (the registration path makes four Sleeper
    /// calls per user and would take the whole budget for hours at this scale).
    func seed(_ store: any RegistrationAdminStore, _ world: SyntheticLeagues) throws {
        var items: [NewRegistration] = []
        var stored: [StoredLeague] = []
        for index in 0..<world.count {
            let league = world.league(index)
            var names: [Int: String] = [:]
            for roster in 1...SyntheticLeagues.rostersPerLeague { names[roster] = "Team \(index + 1)-\(roster)" }
            stored.append(StoredLeague(league: league, teamNames: names))
            for roster in 1...world.registered {
                let id = world.userID(league: index, roster: roster)
                let user = people?.user(league: index, roster: roster, registered: world.registered)
                    ?? SleeperUser(userID: id, username: "user\(id.suffix(8))", displayName: "user\(id.suffix(8))")
                items.append(NewRegistration(user: user, league: league, rosterID: roster, scopeIfNew: scope))
            }
        }
        _ = try store.register(items, leagues: stored, at: start)
    }
}

/// The ETags the exchange measurement received, to send back for its 304 round.
final class ETagBook: Sendable {
    let map = Mutex<[String: String]>([:])
}

/// Process CPU time (user + system, all threads), in seconds.
enum CPUTime {
    static func process() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Resident set size of this process now, in MB (from /proc/self/statm).
    static func currentRSS() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// Peak resident set size of this process, in MB.
    static func peakRSS() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
