import Foundation
import SidelineCore
import SidelineDelivery
import SidelineEngine
import SidelineFakeSleeper

/// What a cluster run measured, instant by instant (every poller's pass at one simulated
/// instant). Kickoffs and start delays are timed as in every run (``BenchFigures``), from
/// the feed the leader stored and the events of all pollers together.
struct ClusterFigures {
    var timing: BenchFigures
    let pollers: Int
    var instants = 0
    var events = 0
    var responses = 0
    /// Every start event of every poller, and the registrations they started: a registration
    /// started twice (by two pollers, or twice by one) is a double.
    var startEvents = 0
    var started: Set<Int64> = []
    /// Each busy poller pass's wall time and database time (a pass that made matchups calls).
    var busyPassWall: [Double] = []
    var busyPassDatabase: [Double] = []
    /// Each busy instant's wall time (every poller's pass, side by side or in turns) and CPU
    /// (the whole process: every poller).
    var busyInstantWall: [Double] = []
    var busyInstantCPU: [Double] = []
    /// Problems the passes listed, less the budget's notes that calls wait for a later pass
    /// (every pass of a poller short of budget says so), and how many of them were leases lost.
    var problems = 0
    var leasesLost = 0
    /// Poller passes whose budget postponed due calls.
    var postponingPasses = 0
    /// Poller passes that threw (a database error: `sideline run` would exit on it).
    var failedPasses = 0
    /// The first few problems, with their poller and instant, to print under the table.
    var problemSamples: [String] = []

    init(world: SyntheticLeagues, passSeconds: TimeInterval, pollers: Int) {
        timing = BenchFigures(world: world, passSeconds: passSeconds)
        self.pollers = pollers
    }

    mutating func instant(at now: Date, passes: [BenchCluster.Pass], wall: Double, cpu: Double, schedule: WeekSchedule?) {
        instants += 1
        timing.passes += 1
        timing.noteKickoffs(at: now, schedule: schedule)
        var busy = false
        for pass in passes {
            guard let report = pass.report else {
                failedPasses += 1
                if problemSamples.count < 5 { problemSamples.append("p\(pass.poller + 1) at \(EventEnvelope.timestamp(now)): the pass failed: \(pass.failure ?? "")") }
                continue
            }
            timing.noteEvents(report.events, at: now)
            events += report.events.count
            for event in report.events where event.event == .start {
                startEvents += 1
                started.insert(event.registrationID)
            }
            let postponed = String(Messages.Budget.postponed(0).prefix { !$0.isNumber })
            let listed = report.problems.filter { !$0.hasPrefix(postponed) }
            if listed.count < report.problems.count { postponingPasses += 1 }
            problems += listed.count
            for problem in listed.prefix(max(0, 5 - problemSamples.count)) {
                problemSamples.append("p\(pass.poller + 1) at \(EventEnvelope.timestamp(now)): \(problem)")
            }
            leasesLost += listed.count { $0.localizedCaseInsensitiveContains("lease") }
            let matchups = report.calls.count { if case .matchups = $0 { true } else { false } }
            // The first instant is every poller's cold pass (cache fill, players index): left out.
            guard matchups > 0, instants > 1 else { continue }
            busy = true
            responses += matchups
            busyPassWall.append(pass.wall)
            if let database = pass.database { busyPassDatabase.append(database) }
        }
        if busy {
            busyInstantWall.append(wall)
            busyInstantCPU.append(cpu)
        }
    }

    func result(leagues: Int, registrations: Int, concurrent: Bool, egresses: [ClusterResult.Egress], budget: Int,
                outbox: (starts: Int, activities: Int, events: Int), wallSeconds: Double, cpuSeconds: Double, peakRSS: Double) -> ClusterResult {
        let delays = timing.startDelays.sorted()
        return ClusterResult(
            pollers: pollers, leagues: leagues, registrations: registrations, concurrent: concurrent, instants: instants,
            startMedian: delays.isEmpty ? nil : delays[delays.count / 2], startWorst: delays.last, kickoffStarts: delays.count,
            startEvents: startEvents, registrationsStarted: started.count, events: events, responses: responses,
            outboxStarts: outbox.starts, outboxActivities: outbox.activities, outboxEvents: outbox.events,
            egresses: egresses, budget: budget, busyPassWall: busyPassWall, busyPassDatabase: busyPassDatabase,
            busyInstantWall: busyInstantWall, busyInstantCPU: busyInstantCPU, problems: problems, leasesLost: leasesLost, postponingPasses: postponingPasses, failedPasses: failedPasses, problemSamples: problemSamples,
            wallSeconds: wallSeconds, cpuSeconds: cpuSeconds, peakRSS: peakRSS)
    }
}

/// One cluster run's figures (one row of the table).
struct ClusterResult {
    /// One poller's egress: its calls over the run, the most in any 60 s, and what it held at the end.
    struct Egress {
        let name: String
        let calls: Int
        let busiestWindow: Int
        let leaguesHeld: Int
        let leads: Bool
    }

    let pollers: Int
    let leagues: Int
    let registrations: Int
    let concurrent: Bool
    let instants: Int
    let startMedian: Double?
    let startWorst: Double?
    /// Kickoff starts timed (a start whose starters' game kicked off in the run).
    let kickoffStarts: Int
    let startEvents: Int
    let registrationsStarted: Int
    let events: Int
    let responses: Int
    let outboxStarts: Int
    let outboxActivities: Int
    let outboxEvents: Int
    let egresses: [Egress]
    let budget: Int
    let busyPassWall: [Double]
    let busyPassDatabase: [Double]
    let busyInstantWall: [Double]
    let busyInstantCPU: [Double]
    let problems: Int
    let leasesLost: Int
    let postponingPasses: Int
    let failedPasses: Int
    let problemSamples: [String]
    let wallSeconds: Double
    let cpuSeconds: Double
    let peakRSS: Double

    /// Starts that repeat a registration's, in the passes' reports and in the outbox.
    var doubles: Int { (startEvents - registrationsStarted) + (outboxStarts - outboxActivities) }
}
