import Foundation
import SidelineCore
import SidelineDelivery
import SidelineEngine
import SidelineFakeSleeper
import SidelineWiring

/// The bundled game day, driven minute by minute through the real scheduler.
struct GameDayReplay {
    static let start = ISO8601DateFormatter().date(from: "2026-11-22T14:00:00Z")!  // 9:00 AM ET Sunday
    static let end = ISO8601DateFormatter().date(from: "2026-11-24T05:30:00Z")!    // 12:30 AM ET Tuesday

    /// Monday daytime has nothing to play or poll; the replay skips it (a real deployment's
    /// cron passes there make no calls at all).
    static let quietStretch = ISO8601DateFormatter().date(from: "2026-11-23T06:00:00Z")!..<ISO8601DateFormatter().date(from: "2026-11-24T00:30:00Z")!

    let server: FakeSleeperServer
    let world: FakeSleeperWorld
    let wiring: Wiring
    let clock: ManualClock

    /// Runs `body` on a replay whose state is in a new temporary directory (or `database`),
    /// removed when it returns or the process is interrupted; the fake Sleeper is stopped.
    static func withReplay<T>(database: String?, _ body: (GameDayReplay) async throws(WiringError) -> T) async throws(WiringError) -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-demo-\(UUID().uuidString)")
        let cleanup = DemoCleanup(removing: directory)
        // Left behind only if the removal fails: a stray file in the temporary directory.
        defer {
            try? FileManager.default.removeItem(at: directory)
            cleanup.cancel()
        }
        let replay = try await start(database: database, temporaryDirectory: directory.path)
        do {
            let value = try await body(replay)
            await replay.stop()
            return value
        } catch {
            await replay.stop()
            throw error
        }
    }

    /// `database` is `--database` (its directory must exist); without it the demo keeps its
    /// state in `temporaryDirectory`, created here.
    static func start(database: String?, temporaryDirectory: String) async throws(WiringError) -> GameDayReplay {
        let world = FakeSleeperWorld()
        GameDayScript.install(into: world, at: start)
        let server = FakeSleeperServer(world: world)
        let base: URL
        do { base = try await server.start() } catch {
            throw WiringError(.refused, "could not start the fake Sleeper on 127.0.0.1: \(error)")
        }
        let configuration = try configuration(sleeper: base, database: database, temporaryDirectory: temporaryDirectory)
        let clock = ManualClock(start)
        let wiring = try Wiring.open(configuration, label: "sideline.demo", now: clock.dateSource)
        return GameDayReplay(server: server, world: world, wiring: wiring, clock: clock)
    }

    /// Every URL at the fake Sleeper, quiet logs, the state where the demo keeps it.
    static func configuration(sleeper base: URL, database: String?, temporaryDirectory: String) throws(WiringError) -> SidelineConfiguration {
        var flags = ["cache_dir": temporaryDirectory, "sleeper.url": base.absoluteString,
                     "scores.url": base.absoluteString, "espn.url": base.absoluteString, "log.level": "warning",
                     // The bundled game day has one league: each user's activity is that league's
                     // (the rehearsal reads its moments from the league lifecycle).
                     "activities.new_user_scope": "league"]
        flags["database"] = database
        do {
            return try ConfigurationLoader.resolve(
                file: nil, environment: [:], flags: flags, derivedDefaults: ["database": temporaryDirectory + "/demo.sqlite"]
            )
        } catch {
            throw WiringError(.configuration, error.message)
        }
    }

    /// Registers the demo users through the real registration path (HTTP, checks, SQLite);
    /// returns a line for each registration.
    func register(_ usernames: String...) async throws(WiringError) -> [String] {
        let service = wiring.registrationService()
        var lines: [String] = []
        for username in usernames {
            let outcome: (outcomes: [RegistrationService.Outcome], skipped: [String])
            do { outcome = try await service.add(username, leagueIDs: [GameDayScript.leagueID], at: clock.date) } catch {
                throw WiringError(.refused, "\(error)")
            }
            for item in outcome.outcomes {
                let r = item.registration
                lines.append(Messages.Registration.registered(r.handle, user: r.username, league: r.leagueName, leagueID: r.leagueID, roster: r.rosterID, season: r.season))
            }
        }
        return lines
    }

    struct Summary {
        let passes: Int
        let calls: Int
        let busiestMinute: Int
        let events: Int
        let seconds: Double
        /// Shown points against Sleeper's at each reconciliation (ADR 029).
        let reconciliationGaps: [Double]
    }

    /// One dry-run pass per simulated minute from `start` to `end`; `observe` sees each
    /// pass's report (the rehearsal reads its events).
    func run(sink: any PushSink, step: TimeInterval = 60, observe: (PassReport) throws(WiringError) -> Void = { _ in }) async throws(WiringError) -> Summary {
        let scheduler = wiring.scheduler()
        let began = ContinuousClock.now
        var passes = 0
        var events = 0
        var gaps: [Double] = []
        var now = Self.start
        while now <= Self.end {
            clock.set(now)
            world.setNow(now)
            let report: PassReport
            do { report = try await scheduler.runPass(at: now, mode: .dryRun, sinks: [sink]) } catch {
                throw WiringError(.database, "\(error)")
            }
            events += report.events.count
            gaps += report.reconciliationGaps
            try observe(report)
            passes += 1
            now = now.addingTimeInterval(step)
            if Self.quietStretch.contains(now) { now = Self.quietStretch.upperBound }
        }
        // Unreadable: the summary counts no calls. The passes have run and the timeline is
        // printed; the count is only the summary's.
        let log = (try? wiring.store.callLog()) ?? []
        let elapsed = ContinuousClock.now - began
        return Summary(
            passes: passes, calls: log.count, busiestMinute: RateBudget.busiestWindow(log.map(\.at)), events: events,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            reconciliationGaps: gaps
        )
    }

    func stop() async { await server.stop() }
}
