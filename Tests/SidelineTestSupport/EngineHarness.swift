import Foundation
import SidelineCore
import SidelineDelivery
import SidelineEngine
import SidelineFakeSleeper
import SidelineStore

/// Runs `body` with a fake Sleeper playing the scripted game day and a real engine against
/// it on a test clock at `start`; the server stops and the files go when `body` returns.
public func withEngineHarness<T>(
    at start: String = "2026-11-22T14:00:00Z", overrides: [String: String] = [:], store: StoreUnderTest = .sqlite,
    _ body: (EngineHarness) async throws -> T
) async throws -> T {
    try await withScriptedSleeper(at: start) { base, world in
        try await withTemporaryDirectory("engine") { directory in
            try await store.withLocation { storeOverrides in
                let configuration = try TestWiring.configuration(sleeper: base, directory: directory, overrides: overrides.merging(storeOverrides) { $1 })
                return try await body(EngineHarness(world: world, base: base, directory: directory, configuration: configuration, start: utc(start)))
            }
        }
    }
}

/// A fake Sleeper running the scripted game day and the engine's configuration against it,
/// on a test clock. Made by ``withEngineHarness(at:overrides:_:)``.
public final class EngineHarness: Sendable {
    public let world: FakeSleeperWorld
    public let base: URL
    public let directory: URL
    public let configuration: SidelineConfiguration
    public let clock: ManualClock

    init(world: FakeSleeperWorld, base: URL, directory: URL, configuration: SidelineConfiguration, start: Date) {
        self.world = world
        self.base = base
        self.directory = directory
        self.configuration = configuration
        clock = ManualClock(start)
    }

    public static func utc(_ text: String) -> Date { SidelineTestDates.utc(text) }

    public var now: Date { clock.date }

    /// A new connection to the harness's store (SQLite or PostgreSQL), as another process gets.
    public func store() throws -> any AppStore { try TestWiring.openStore(configuration) }

    /// A new store connection and engine, as a new process (a cron pass, a restart) gets.
    public func environment(registering: Bool = false) throws -> PassEnvironment {
        try TestWiring.passEnvironment(configuration, now: clock.dateSource, registering: registering)
    }

    public func scheduler(batching: Scheduler.Batching = .init()) throws -> Scheduler {
        try TestWiring.scheduler(configuration, now: clock.dateSource, batching: batching)
    }

    /// Registers `usernames` in `leagueIDs` (the script's league unless told; every league
    /// of theirs when empty), as `sideline users add` does.
    public func register(_ usernames: [String] = [GameDayScript.alex.username, GameDayScript.blake.username],
                         leagueIDs: [String] = [GameDayScript.leagueID]) async throws -> [Registration] {
        let environment = try environment(registering: true)
        let service = RegistrationService(store: environment.store, sleeper: environment.sleeper, newUserScope: configuration.newUserScope)
        var result: [Registration] = []
        for name in usernames {
            result += try await service.add(name, leagueIDs: leagueIDs, at: now).outcomes.map(\.registration)
        }
        return result
    }

    /// Moves only the engine's clock: the fake Sleeper keeps answering as of its own instant.
    public func setEngineClock(_ date: Date) { clock.set(date) }

    /// Moves the engine's clock and the fake Sleeper's together.
    public func setNow(_ date: Date) {
        clock.set(date)
        world.setNow(date)
    }

    /// Runs one pass every `step` seconds from `start` through `end` (inclusive) on `scheduler`.
    @discardableResult
    public func run(_ scheduler: Scheduler, from start: String, to end: String, mode: PassMode = .live, sinks: [any PushSink], step: TimeInterval = 60) async throws -> [PassReport] {
        var reports: [PassReport] = []
        var time = SidelineTestDates.utc(start)
        while time <= SidelineTestDates.utc(end) {
            setNow(time)
            reports.append(try await scheduler.runPass(at: time, mode: mode, sinks: sinks))
            time = time.addingTimeInterval(step)
        }
        return reports
    }
}
