import Foundation
import SidelineCore
import SidelineEngine
import SidelineFakeSleeper
import SidelineServer
import SidelineSleeper
import SidelineStore
import SidelineWiring
@testable import SidelineDelivery
import SidelineHTTP
import Synchronization
import SidelineLoopback
import SidelineTestSupport
import SidelineWiring

/// Runs `body` with a fake Sleeper playing the scripted game day, a real store and engine,
/// and the real API server on 127.0.0.1:0, all on a test clock at `start`. Everything is
/// stopped and removed when `body` returns.
func withServer<T>(
    at start: String = "2026-11-22T14:00:00Z", adminToken: String? = ServerHarness.adminToken, throttle: AuthThrottle = AuthThrottle(),
    limits: ConnectionLimits = .standard, overrides: [String: String] = [:], _ body: (ServerHarness) async throws -> T
) async throws -> T {
    try await withScriptedSleeper(at: start) { sleeperURL, world in
        try await withTemporaryDirectory("server") { directory in
            var flags = ["server.port": "0"]
            if let adminToken { flags["server.admin_token"] = adminToken }
            flags.merge(overrides) { $1 }
            let configuration = try TestWiring.configuration(sleeper: sleeperURL, directory: directory, overrides: flags)
            let harness = try ServerHarness(world: world, directory: directory, configuration: configuration, start: utc(start), throttle: throttle, limits: limits)
            return try await withTeardown({ try await harness.startAPI() }, tearDown: { await $0.stop() }) { _ in
                try await body(harness)
            }
        }
    }
}

/// The scripted day's fake Sleeper, a real store and engine, and the real API server, on a
/// test clock. Made by ``withServer(at:adminToken:throttle:limits:overrides:_:)``.
final class ServerHarness: Sendable {
    static let adminToken = "test-admin-token-0123456789abcdef"

    let world: FakeSleeperWorld
    let directory: URL
    let configuration: SidelineConfiguration
    let store: SQLiteStore
    let metrics: ServerMetrics
    let clock: ManualClock
    let environment: ServerEnvironment
    let scheduler: Scheduler
    let api: APIServer
    private let served = Mutex<URL?>(nil)

    /// The API server's base URL (set once it listens, before a test sees the harness).
    var base: URL { served.withLock { $0 } ?? URL(string: "http://127.0.0.1:0")! }

    static func utc(_ text: String) -> Date { SidelineTestDates.utc(text) }

    init(world: FakeSleeperWorld, directory: URL, configuration: SidelineConfiguration, start: Date, throttle: AuthThrottle, limits: ConnectionLimits) throws {
        let clock = ManualClock(start)
        self.clock = clock
        self.world = world
        self.directory = directory
        self.configuration = configuration
        let store = try SQLiteStore(path: configuration.databasePath)
        self.store = store
        let metrics = ServerMetrics()
        self.metrics = metrics
        // The server environment `sideline serve` runs on, with a counting sink for the live ones.
        let wiring = TestWiring.wiring(configuration, now: clock.dateSource, store: store)
        let scheduler = wiring.scheduler()
        self.scheduler = scheduler
        environment = wiring.serverEnvironment(metrics: metrics, liveSinks: [CountingSink()], scheduler: scheduler)
        api = APIServer(environment: environment, throttle: throttle, limits: limits)
    }

    /// The API server on its own thread (as the fakes are): its answers must not wait behind
    /// the other suites' work on the cooperative pool.
    fileprivate func startAPI() async throws -> LoopbackServer {
        let api = api
        let server = try await LoopbackServer.start(name: "SidelineAPI", logger: .quiet) { running in
            api.application { port in running(port) }
        }
        served.withLock { $0 = server.baseURL }
        return server
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
            result += try await environment.registrations.add(name, leagueIDs: [GameDayScript.leagueID], at: clock.date).outcomes.map(\.registration)
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
        _ = try DeviceService(store: store).invite(user: user, code: code, codeHash: Credentials.pairingCodeHash(Credentials.normalizedPairingCode(code)!), lifetime: configuration.server.pairingLifetime, at: clock.date)
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

    /// The push-to-start token ``pairedAlex()`` pairs with.
    static let pairedToken = String(repeating: "aa", count: 32)

    /// demo_alex registered and one phone of his paired with ``pairedToken``: where the
    /// input tests start.
    func pairedAlex() async throws -> (id: String, secret: String) {
        try await register([GameDayScript.alex.username])
        return try await pair(GameDayScript.alex.username, token: Self.pairedToken)
    }

    func url(_ path: String) -> URL { URL(string: base.absoluteString + path)! }
}

/// A sink that accepts everything (the API tests look at the store, not at sinks).
struct CountingSink: PushSink {
    let name = "stdout"
    func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError) {}
}
