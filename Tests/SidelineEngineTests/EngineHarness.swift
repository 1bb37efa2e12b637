import Foundation
import Logging
import Synchronization
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineSleeper
import SidelineStore
@testable import SidelineDelivery
import SidelineHTTP

/// A sink that remembers what it was given; it can be told to fail.
final class RecordingSink: PushSink, Sendable {
    let name: String
    private let state = Mutex<(events: [EventEnvelope], failing: Bool)>(([], false))

    init(name: String = "stdout") { self.name = name }

    var events: [EventEnvelope] { state.withLock { $0.events } }
    func setFailing(_ failing: Bool) { state.withLock { $0.failing = failing } }

    func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError) {
        let failing = state.withLock { $0.failing }
        if failing { throw DeliveryError("simulated crash before delivery") }
        state.withLock { $0.events.append(event) }
    }
}

/// A fake Sleeper on loopback running the scripted game day, and a real engine against it.
final class EngineHarness: Sendable {
    let world: FakeSleeperWorld
    let server: FakeSleeperServer
    let base: URL
    let directory: URL
    let configuration: SidelineConfiguration
    private let clock = TestClock()

    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    init(at start: String = "2026-11-22T14:00:00Z", overrides: [String: String] = [:]) async throws {
        world = FakeSleeperWorld()
        GameDayScript.install(into: world, at: Self.utc(start))
        server = FakeSleeperServer(world: world)
        base = try await server.start()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-engine-\(UUID().uuidString)")
        var flags = ["database": directory.appendingPathComponent("state.sqlite").path, "cache_dir": directory.path,
                     "sleeper.url": base.absoluteString, "scores.url": base.absoluteString, "espn.url": base.absoluteString]
        flags.merge(overrides) { $1 }
        configuration = try ConfigurationLoader.resolve(file: nil, environment: [:], flags: flags, derivedDefaults: [:])
        clock.set(Self.utc(start))
    }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    var now: Date { clock.now }

    /// A new store connection and engine, as a new process (a cron pass, a restart) gets.
    func environment(registering: Bool = false) throws -> PassEnvironment {
        let store = try SQLiteStore(path: configuration.databasePath)
        let now: @Sendable () -> Date = { [clock] in clock.now }
        let transport = CurlTransport(timeout: 15)
        let gate = StoreCallGate(store: store, budget: configuration.rateBudget, now: now)
        let sleeper = HTTPSleeperClient(baseURL: configuration.sleeperURL, transport: transport, gate: gate, cache: StoreResponseCache(store: store), isRegistration: registering, now: now)
        let games = FallbackGameStatusSource(
            primary: SleeperScoresFeed(baseURL: configuration.scoresURL, transport: transport, gate: gate),
            fallback: ESPNScoreboard(baseURL: configuration.espnURL, transport: transport)
        )
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return PassEnvironment(configuration: configuration, store: store, sleeper: sleeper, games: games,
                               playersStore: TestPlayersStore(directory: directory.path), logger: logger)
    }

    func scheduler(batching: Scheduler.Batching = .init()) throws -> Scheduler { Scheduler(environment: try environment(), batching: batching) }

    func register(_ usernames: [String] = [GameDayScript.alex.username, GameDayScript.blake.username]) async throws -> [Registration] {
        let environment = try environment(registering: true)
        let service = RegistrationService(store: environment.store, sleeper: environment.sleeper)
        var result: [Registration] = []
        for name in usernames {
            result += try await service.add(name, leagueIDs: [GameDayScript.leagueID], at: now).outcomes.map(\.registration)
        }
        return result
    }

    /// Moves only the engine's clock: the fake Sleeper keeps answering as of its own instant.
    func setEngineClock(_ date: Date) { clock.set(date) }

    func setNow(_ date: Date) {
        clock.set(date)
        world.setNow(date)
    }

    /// Runs one pass a minute from `start` through `end` (inclusive) on `scheduler`.
    @discardableResult
    func run(_ scheduler: Scheduler, from start: String, to end: String, mode: PassMode = .live, sinks: [any PushSink], step: TimeInterval = 60) async throws -> [PassReport] {
        var reports: [PassReport] = []
        var time = Self.utc(start)
        while time <= Self.utc(end) {
            setNow(time)
            reports.append(try await scheduler.runPass(at: time, mode: mode, sinks: sinks))
            time = time.addingTimeInterval(step)
        }
        return reports
    }
}

struct TestPlayersStore: PlayersIndexStore {
    let directory: String
    func load() -> (index: PlayersIndex, fetchedAt: Date)? { try? PlayersIndexFile.load(from: URL(fileURLWithPath: directory)) }
    func save(_ index: PlayersIndex, fetchedAt: Date) throws { try PlayersIndexFile.save(index, fetchedAt: fetchedAt, to: URL(fileURLWithPath: directory)) }
}

extension EventEnvelope {
    /// `"start kickoff 14:31 demo_alex"`.
    var summary: String {
        let time = at.dropFirst(11).prefix(5)
        return "\(event.rawValue) \(reason.rawValue) \(at.prefix(10).suffix(2))T\(time) \(username)"
    }
}

final class TestClock: Sendable {
    private let instant = Mutex(Date(timeIntervalSince1970: 0))
    var now: Date { instant.withLock { $0 } }
    func set(_ date: Date) { instant.withLock { $0 = date } }
}
