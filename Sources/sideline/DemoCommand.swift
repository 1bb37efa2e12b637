import ArgumentParser
import Foundation
import Logging
import SidelineCore
import SidelineEngine
import SidelineFakeSleeper
import SidelineSleeper
import SidelineStore
import Synchronization
import SidelineDelivery

/// `sideline demo`: replays the bundled game day through the real pipeline (real HTTP client
/// against an in-process fake Sleeper on loopback, SQLite, lifecycle, stdout sink) on a
/// simulated clock, in seconds, and prints the timeline.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Replay a bundled NFL Sunday (and Monday night) in dry-run, offline, in seconds.",
        discussion: """
            Starts a fake Sleeper on 127.0.0.1, registers two demo users in one league (so they \
            share the league's matchups call), and runs a scheduler pass every simulated minute \
            from 9:00 AM ET Sunday to 12:30 AM ET Tuesday. Nothing touches the network or your \
            own database: state goes to a temporary directory unless --database is given.
            """
    )

    @Flag(help: "Print one JSON object per event instead of the readable timeline.")
    var json = false

    @Flag(help: "Print only lifecycle starts and ends and the summary, not every update.")
    var quiet = false

    @Option(help: ArgumentHelp("Keep the demo's SQLite database at this path (default: a temporary file).", valueName: "path"))
    var database: String?

    func run() async throws {
        try await reportingFailures {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-demo-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let replay = try await GameDayReplay.start(database: database, temporaryDirectory: directory.path)
            let output = StandardOutput()
            let sink: any PushSink = quiet
                ? FilteringSink(inner: StdoutSink(format: json ? .json : .human, timeZone: replay.wiring.configuration.timeZone)) { $0.event != .update }
                : StdoutSink(format: json ? .json : .human, timeZone: replay.wiring.configuration.timeZone)
            if !json { output.write(Messages.Demo.header(league: GameDayScript.leagueName)) }
            for line in try await replay.register(GameDayScript.alex.username, GameDayScript.blake.username) where !json {
                output.write(line)
            }
            let summary = try await replay.run(sink: sink)
            await replay.stop()
            if !json { output.write(Messages.Demo.summary(passes: summary.passes, calls: summary.calls, busiestMinute: summary.busiestMinute, events: summary.events, seconds: summary.seconds)) }
        }
    }
}

/// A sink that passes on only some events (the demo's `--quiet`).
struct FilteringSink: PushSink {
    let inner: any PushSink
    let keep: @Sendable (EventEnvelope) -> Bool
    var name: String { inner.name }

    init(inner: any PushSink, keep: @escaping @Sendable (EventEnvelope) -> Bool) {
        self.inner = inner
        self.keep = keep
    }

    func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError) {
        if keep(event) { try await inner.deliver(event, payload: payload) }
    }
}

/// The bundled game day, driven minute by minute through the real scheduler.
struct GameDayReplay {
    static let start = ISO8601DateFormatter().date(from: "2026-11-22T14:00:00Z")!  // 9:00 AM ET Sunday
    static let end = ISO8601DateFormatter().date(from: "2026-11-24T05:30:00Z")!    // 12:30 AM ET Tuesday

    let server: FakeSleeperServer
    let world: FakeSleeperWorld
    let wiring: Wiring
    let clock: SimulatedClock

    /// `database` is `--database` (its directory must exist); without it the demo keeps its
    /// state in `temporaryDirectory`, created here.
    static func start(database: String?, temporaryDirectory: String) async throws -> GameDayReplay {
        let world = FakeSleeperWorld()
        GameDayScript.install(into: world, at: start)
        let server = FakeSleeperServer(world: world)
        let base: URL
        do { base = try await server.start() } catch {
            throw CLIFailure("could not start the fake Sleeper on 127.0.0.1: \(error)", code: .refused)
        }
        let configuration: SidelineConfiguration
        do {
            configuration = try ConfigurationLoader.resolve(
                file: nil, environment: [:],
                flags: ["cache_dir": temporaryDirectory, "sleeper.url": base.absoluteString,
                        "scores.url": base.absoluteString, "espn.url": base.absoluteString, "log.level": "warning"]
                    .merging(database.map { ["database": $0] } ?? [:]) { $1 },
                derivedDefaults: ["database": temporaryDirectory + "/demo.sqlite"]
            )
        } catch {
            throw CLIFailure(error.message, code: .configuration)
        }
        let clock = SimulatedClock(start)
        return GameDayReplay(server: server, world: world, wiring: try Wiring.open(configuration, label: "sideline.demo"), clock: clock)
    }

    /// Registers the demo users through the real registration path (HTTP, checks, SQLite).
    func register(_ usernames: String...) async throws -> [String] {
        let service = RegistrationService(store: wiring.store, sleeper: wiring.passEnvironment(now: clock.read, forRegistration: true).sleeper)
        var lines: [String] = []
        for username in usernames {
            let outcome: (outcomes: [RegistrationService.Outcome], skipped: [String])
            do { outcome = try await service.add(username, leagueIDs: [GameDayScript.leagueID], at: clock.now) } catch {
                throw CLIFailure("\(error)", code: .refused)
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
    }

    /// Monday daytime has nothing to play or poll; the replay skips it (a real deployment's
    /// cron passes there make no calls at all).
    static let quietStretch = ISO8601DateFormatter().date(from: "2026-11-23T06:00:00Z")!..<ISO8601DateFormatter().date(from: "2026-11-24T00:30:00Z")!

    /// One dry-run pass per simulated minute from `start` to `end`.
    func run(sink: any PushSink, step: TimeInterval = 60) async throws -> Summary {
        let scheduler = Scheduler(environment: wiring.passEnvironment(now: clock.read))
        let began = ContinuousClock.now
        var passes = 0
        var events = 0
        var now = Self.start
        while now <= Self.end {
            clock.set(now)
            world.setNow(now)
            do {
                events += try await scheduler.runPass(at: now, mode: .dryRun, sinks: [sink]).events.count
            } catch {
                throw CLIFailure("\(error)", code: .database)
            }
            passes += 1
            now = now.addingTimeInterval(step)
            if Self.quietStretch.contains(now) { now = Self.quietStretch.upperBound }
        }
        let log = (try? wiring.store.callLog()) ?? []
        let elapsed = ContinuousClock.now - began
        return Summary(
            passes: passes, calls: log.count, busiestMinute: RateBudget.busiestWindow(log.map(\.at)), events: events,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        )
    }

    func stop() async { await server.stop() }

}

/// The replay's clock: every component reads the same simulated instant.
final class SimulatedClock: Sendable {
    private let instant: Mutex<Date>

    init(_ start: Date) { instant = Mutex(start) }

    var now: Date { instant.withLock { $0 } }
    func set(_ date: Date) { instant.withLock { $0 = date } }
    var read: @Sendable () -> Date { { [self] in self.now } }
}
