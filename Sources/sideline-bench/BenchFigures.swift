import Foundation
import SidelineCore
import SidelineEngine
import SidelineFakeSleeper

/// What a run measured, pass by pass.
struct BenchFigures {
    let world: SyntheticLeagues
    let passSeconds: TimeInterval
    /// First pass in which the stored feed shows each game in progress: "kickoff".
    var kickoffPass: [String: Date] = [:]
    /// Registrations (by id) with a live or grace activity → their league.
    var open: [Int64: String] = [:]
    var staleness: [Int: Int] = [:]
    var startDelays: [Double] = []
    var naiveCalls = 0.0
    var idleCPU: [Double] = []
    /// The process's first pass: it fills the scheduler's cache (every registration, league
    /// and lifecycle header) and loads the players index, which a running daemon did hours
    /// before. Reported on its own,
    /// and left out of the fixed and per-response figures, which are a warm daemon's.
    var coldPassCPU: Double?
    var coldResponses = 0
    var busyCPU = 0.0
    var busyPasses = 0
    var responses = 0
    /// Of those, the ones Sleeper answered 304.
    var unchanged = 0
    var passes = 0
    var events = 0
    var starts = 0
    /// The longest pass, in wall time: what a daemon's 30-second rhythm has to fit.
    var slowestPassWall = 0.0
    /// The first pass in which a game kicked off during the run (not one already playing
    /// when it began), and the CPU of that pass and every one after it: issue 30's busy
    /// passes, the kickoff's and the live ones that follow.
    var firstKickoffPass: Date?
    var livePassCPU: [Double] = []
    /// Each busy pass's wall time and the store's database time in it (issue 31).
    var busyPassWall: [Double] = []
    var busyPassDatabase: [Double] = []

    init(world: SyntheticLeagues, passSeconds: TimeInterval) {
        self.world = world
        self.passSeconds = passSeconds
    }

    mutating func pass(at now: Date, report: PassReport, cpu: Double, wall: Double, database: Double? = nil, schedule: WeekSchedule?, snapshotTimes: [String: Date]) {
        passes += 1
        events += report.events.count
        slowestPassWall = max(slowestPassWall, wall)
        noteKickoffs(at: now, schedule: schedule)
        if firstKickoffPass != nil { livePassCPU.append(cpu) }
        noteEvents(report.events, at: now)
        for league in open.values {
            let age = snapshotTimes[league].map { Int(now.timeIntervalSince($0).rounded()) } ?? Int.max
            staleness[age, default: 0] += 1
        }
        // A phone polling on its own: one matchups call a minute per live registration.
        naiveCalls += Double(open.count) * passSeconds / 60
        let matchups = report.calls.count { if case .matchups = $0 { true } else { false } }
        if passes == 1 {
            coldPassCPU = cpu
            coldResponses = matchups
        } else if report.calls.isEmpty {
            idleCPU.append(cpu)
        } else if matchups > 0 {
            busyCPU += cpu
            busyPasses += 1
            busyPassWall.append(wall)
            if let database { busyPassDatabase.append(database) }
            responses += matchups
            unchanged += report.unchangedMatchups
        }
    }

    /// The games the stored feed shows kicked off for the first time at `now`.
    mutating func noteKickoffs(at now: Date, schedule: WeekSchedule?) {
        for game in schedule?.games ?? [] where kickoffPass[game.id] == nil && (game.status == .inProgress || game.status == .final) {
            kickoffPass[game.id] = now
            if passes > 1, firstKickoffPass == nil { firstKickoffPass = now }
        }
    }

    /// A pass's events: activities opened and closed, and each kickoff start's delay.
    mutating func noteEvents(_ events: [PassEvent], at now: Date) {
        for event in events {
            switch event.event {
            case .start:
                open[event.registrationID] = event.leagueID
                if event.reason == .kickoff, let delay = startDelay(event, at: now) {
                    startDelays.append(delay)
                    starts += 1
                }
            case .end:
                open[event.registrationID] = nil
            case .update:
                break
            }
        }
    }

    /// Time from the kickoff pass of the latest game among the registration's starters that
    /// had kicked off, to this start. A person's start is timed on the league it highlights
    /// (the event's league); every synthetic user id ends in their roster number.
    func startDelay(_ event: PassEvent, at now: Date) -> Double? {
        guard let user = Int(event.sleeperUserID), let league = world.leagueIndex(event.leagueID) else { return nil }
        let roster = (user - 900_000_000_000_000_000) % 100
        guard let lineup = world.rosters(league).first(where: { $0.rosterID == roster }) else { return nil }
        let kickoffs = lineup.starters(at: now).compactMap { id -> Date? in
            guard let team = SyntheticPlayers.byID[id]?.team, let game = SyntheticSunday.game(for: team) else { return nil }
            return kickoffPass[game.id].flatMap { $0 <= now ? $0 : nil }
        }
        return kickoffs.max().map { now.timeIntervalSince($0) }
    }

    func result(name: String, leagues: Int, registrations: Int, log: [Date], budget: Int, peakRSS: Double, wallSeconds: Double) -> BenchResult {
        let idle = idleCPU.sorted()
        let fixed = idle.isEmpty ? nil : idle[idle.count / 2]
        let perResponse = responses > 0 ? (busyCPU - Double(busyPasses) * (fixed ?? 0)) / Double(responses) : nil
        let delays = startDelays.sorted()
        return BenchResult(
            name: name, leagues: leagues, registrations: registrations, passes: passes,
            busiestWindow: RateBudget.busiestWindow(log), budget: budget,
            startMedian: delays.isEmpty ? nil : delays[delays.count / 2], startWorst: delays.last, starts: delays.count,
            staleMedian: Self.percentile(0.5, of: staleness), staleWorst: staleness.keys.max(),
            totalCalls: log.count, naiveCalls: Int(naiveCalls.rounded()),
            fixedPassCPU: fixed, idlePasses: idle.count, coldPassCPU: coldPassCPU, coldResponses: coldResponses, cpuPerResponse: perResponse, responses: responses,
            peakRSS: peakRSS, wallSeconds: wallSeconds, livePassCPU: livePassCPU, events: events,
            busyPassWall: busyPassWall, busyPassDatabase: busyPassDatabase
        )
    }

    /// The `p` quantile of a histogram (value → count).
    static func percentile(_ p: Double, of histogram: [Int: Int]) -> Int? {
        let total = histogram.values.reduce(0, +)
        guard total > 0 else { return nil }
        var seen = 0
        for value in histogram.keys.sorted() {
            seen += histogram[value] ?? 0
            if Double(seen) >= p * Double(total) { return value }
        }
        return histogram.keys.max()
    }
}

struct BenchResult {
    let name: String
    let leagues: Int
    let registrations: Int
    let passes: Int
    let busiestWindow: Int
    let budget: Int
    let startMedian: Double?
    let startWorst: Double?
    let starts: Int
    let staleMedian: Int?
    let staleWorst: Int?
    let totalCalls: Int
    let naiveCalls: Int
    let fixedPassCPU: Double?
    let idlePasses: Int
    let coldPassCPU: Double?
    let coldResponses: Int
    let cpuPerResponse: Double?
    let responses: Int
    /// CPU per call of the HTTP exchange alone (see ``BenchScenario/exchangeCPU``).
    var exchangePerCall: Double?
    /// What Sideline's own work on a response costs: decode, map, lifecycle, persist.
    var processingPerResponse: Double? {
        guard let cpuPerResponse, let exchangePerCall else { return nil }
        return cpuPerResponse - exchangePerCall
    }
    let peakRSS: Double
    let wallSeconds: Double
    /// The CPU of the kickoff pass and every pass after it (``BenchFigures/livePassCPU``).
    let livePassCPU: [Double]
    let events: Int
    /// Each busy pass's wall time, and the store's database time in it (issue 31).
    let busyPassWall: [Double]
    let busyPassDatabase: [Double]
    /// Which store the run used (``BenchStore/name``).
    var store = BenchStore.sqlite.name
    /// Issue 21's figures: the design, the age of the scores shown, the slowest pass.
    var live: LivePointsResult?

    /// The run's name, and its design unless it is today's: `--design both` runs each
    /// scenario twice, and `--repeat` groups runs by this.
    var label: String {
        guard let design = live?.design, design != .matchups else { return name }
        return "\(name), \(design.rawValue) design"
    }
}

/// What issue 21 compares between the designs.
struct LivePointsResult {
    let design: BenchDesign
    let edgeCacheSeconds: TimeInterval
    /// Seconds; `nil` when no activity was open at a sampled minute.
    let scoreAgeMedian: Int?
    let scoreAgeWorst: Int?
    let samples: Int
    /// Shown points the truth never had in the half hour before (counted, not aged).
    let unexplained: Int
    let slowestPassWall: Double
    /// Whether the run ended with a stats pass (``BenchStatsPass``), and the pass if any moved.
    var statsPassMeasured = false
    var statsPass: StatsPassFigure?

    init(design: BenchDesign, edgeCacheSeconds: TimeInterval, scoreAges: ScoreAges, slowestPassWall: Double) {
        self.design = design
        self.edgeCacheSeconds = edgeCacheSeconds
        scoreAgeMedian = scoreAges.median
        scoreAgeWorst = scoreAges.worst
        samples = scoreAges.samples
        unexplained = scoreAges.unexplained
        self.slowestPassWall = slowestPassWall
    }
}
