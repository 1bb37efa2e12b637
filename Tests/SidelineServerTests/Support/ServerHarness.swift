import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import SidelineCore
import SidelineEngine
import SidelineFakeSleeper
import SidelineServer
import SidelineSleeper
import SidelineStore
@testable import SidelineDelivery
import SidelineHTTP

/// A fake Sleeper running the scripted game day, a real store and engine, and the real API
/// server on 127.0.0.1:0, all on a test clock.
final class ServerHarness: Sendable {
    static let adminToken = "test-admin-token-0123456789abcdef"

    let world: FakeSleeperWorld
    let sleeper: FakeSleeperServer
    let directory: URL
    let configuration: SidelineConfiguration
    let store: SQLiteStore
    let metrics: ServerMetrics
    let clock: TestClock
    let environment: ServerEnvironment
    let scheduler: Scheduler
    let api: APIServer
    private let running = Mutex<(task: Task<Void, any Error>?, group: ServiceGroup?)>((nil, nil))
    let base: URL

    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    init(at start: String = "2026-11-22T14:00:00Z", adminToken: String? = ServerHarness.adminToken, throttle: AuthThrottle = AuthThrottle(), limits: ConnectionLimits = .standard, overrides: [String: String] = [:]) async throws {
        let clock = TestClock(Self.utc(start))
        self.clock = clock
        world = FakeSleeperWorld()
        GameDayScript.install(into: world, at: Self.utc(start))
        sleeper = FakeSleeperServer(world: world)
        let sleeperURL = try await sleeper.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-server-\(UUID().uuidString)")
        self.directory = directory
        var flags = ["database": directory.appendingPathComponent("state.sqlite").path, "cache_dir": directory.path,
                     "sleeper.url": sleeperURL.absoluteString, "scores.url": sleeperURL.absoluteString, "espn.url": sleeperURL.absoluteString,
                     "server.port": "0"]
        if let adminToken { flags["server.admin_token"] = adminToken }
        flags.merge(overrides) { $1 }
        let configuration = try ConfigurationLoader.resolve(file: nil, environment: [:], flags: flags, derivedDefaults: [:])
        self.configuration = configuration
        let store = try SQLiteStore(path: configuration.databasePath)
        self.store = store
        let metrics = ServerMetrics()
        self.metrics = metrics

        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let now: @Sendable () -> Date = { clock.now }
        let transport = CurlTransport(timeout: 15)
        let gate = StoreCallGate(store: store, budget: configuration.rateBudget, now: now)
        func sleeperClient(registering: Bool) -> HTTPSleeperClient {
            HTTPSleeperClient(baseURL: configuration.sleeperURL, transport: transport, gate: gate,
                              cache: StoreResponseCache(store: store), isRegistration: registering, now: now)
        }
        let games = FallbackGameStatusSource(
            primary: SleeperScoresFeed(baseURL: configuration.scoresURL, transport: transport, gate: gate),
            fallback: ESPNScoreboard(baseURL: configuration.espnURL, transport: transport)
        )
        let passEnvironment = PassEnvironment(configuration: configuration, store: store, sleeper: sleeperClient(registering: false), games: games,
                                              playersStore: DirectoryPlayersStore(directory: directory.path), logger: logger)
        let scheduler = Scheduler(environment: passEnvironment)
        self.scheduler = scheduler
        let sink = CountingSink()
        let environment = ServerEnvironment(
            configuration: configuration, store: store,
            registrations: RegistrationService(store: store, sleeper: sleeperClient(registering: true)),
            status: { now in try await scheduler.status(at: now) },
            liveSinkNames: [sink.name],
            deliverLive: { now in _ = await scheduler.deliver(mode: .live, sinks: [sink], at: now) },
            now: now, logger: logger, metrics: metrics
        )
        self.environment = environment
        let api = APIServer(environment: environment, throttle: throttle, limits: limits)
        self.api = api

        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = api.application { port in continuation.yield(port); continuation.finish() }
        let group = ServiceGroup(configuration: .init(services: [application], gracefulShutdownSignals: [], logger: logger))
        let task = Task { defer { continuation.finish() }; try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = await iterator.next()
        base = URL(string: "http://127.0.0.1:\(port ?? 0)")!
        running.withLock { $0 = (task, group) }
        guard port != nil else {
            await stop()
            throw HarnessError("the API server did not start")
        }
    }

    func stop() async {
        let (task, group) = running.withLock { $0 }
        await group?.triggerGracefulShutdown()
        _ = await task?.result
        await sleeper.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    func setNow(_ date: Date) {
        clock.set(date)
        world.setNow(date)
    }

    /// Registers the demo users through the service (as `sideline users add`).
    @discardableResult
    func register(_ usernames: [String] = [GameDayScript.alex.username, GameDayScript.blake.username]) async throws -> [Registration] {
        var result: [Registration] = []
        for name in usernames {
            result += try await environment.registrations.add(name, leagueIDs: [GameDayScript.leagueID], at: clock.now).outcomes.map(\.registration)
        }
        return result
    }

    /// Runs a live pass a minute from `start` through `end`, recording each for `/metrics`
    /// and `/readyz` as the daemon does.
    @discardableResult
    func runPasses(from start: String, to end: String) async throws -> [PassReport] {
        var reports: [PassReport] = []
        var time = Self.utc(start)
        while time <= Self.utc(end) {
            setNow(time)
            let report = try await scheduler.runPass(at: time, mode: .live, sinks: [CountingSink()])
            metrics.record(report, duration: .milliseconds(12))
            try store.recordPass(at: time)
            reports.append(report)
            time = time.addingTimeInterval(60)
        }
        return reports
    }

    /// Registered users, a pass a minute up to London's kickoff + 3 minutes: demo_alex has a
    /// live activity (9:30 ET London game).
    func liveSunday() async throws {
        try await register()
        try await runPasses(from: "2026-11-22T14:27:00Z", to: "2026-11-22T14:33:00Z")
    }

    /// A pairing code for `user`, made as `sideline devices invite` makes it.
    func invite(_ user: String) throws -> String {
        let code = Credentials.newPairingCode()
        _ = try DeviceService(store: store).invite(user: user, code: code, codeHash: Credentials.pairingCodeHash(Credentials.normalizedPairingCode(code)!), lifetime: configuration.server.pairingLifetime, at: clock.now)
        return code
    }

    /// Pairs a device for `user` over the API; returns its id and secret.
    func pair(_ user: String, token: String = String(repeating: "ab", count: 32)) async throws -> (id: String, secret: String) {
        let code = try invite(user)
        let response = try await HTTP.send("POST", base.appendingPathComponent("v1/devices"), json: ["code": code, "environment": "sandbox", "pushToStartToken": token, "name": "Test iPhone"])
        guard response.status == 201, let id = response.json?["deviceId"] as? String, let secret = response.json?["deviceSecret"] as? String else {
            throw HarnessError("pairing failed: \(response.status) \(response.text)")
        }
        return (id, secret)
    }

    func url(_ path: String) -> URL { URL(string: base.absoluteString + path)! }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

final class TestClock: Sendable {
    private let instant: Mutex<Date>
    init(_ start: Date) { instant = Mutex(start) }
    var now: Date { instant.withLock { $0 } }
    func set(_ date: Date) { instant.withLock { $0 = date } }
    func advance(_ seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

struct DirectoryPlayersStore: PlayersIndexStore {
    let directory: String
    func load() -> (index: PlayersIndex, fetchedAt: Date)? { try? PlayersIndexFile.load(from: URL(fileURLWithPath: directory)) }
    func save(_ index: PlayersIndex, fetchedAt: Date) throws { try PlayersIndexFile.save(index, fetchedAt: fetchedAt, to: URL(fileURLWithPath: directory)) }
}

/// A sink that accepts everything (the API tests look at the store, not at sinks).
struct CountingSink: PushSink {
    let name = "stdout"
    func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError) {}
}
