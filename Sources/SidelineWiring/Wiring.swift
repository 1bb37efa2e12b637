import Foundation
import Logging
import SidelineCore
import SidelineEngine
import SidelineHTTP
import SidelinePostgresStore
import SidelineSleeper
import SidelineStore

/// Builds the real adapters from a ``SidelineConfiguration``: the one place that knows which
/// concrete store, HTTP client, feeds and sinks Sideline runs with (ADR 026). The CLI, the
/// benchmark, the demo and the test harnesses all wire through here.
///
/// Two entry points:
/// - ``open(_:label:migrating:now:)`` for a process (the CLI, the demo): bootstraps logging, opens the
///   store the way the configuration asks, reads the wall clock.
/// - ``init(configuration:store:logger:transport:now:)`` for a harness or the benchmark:
///   point the configuration's URLs at loopback fakes, hand in an opened store (or one from
///   ``openStore(_:)``), a quiet logger and a simulated clock (``ManualClock/dateSource``), and
///   optionally the transport to share.
///
/// Then ``passEnvironment(now:forRegistration:)`` gives what a ``Scheduler`` or a
/// `RegistrationService` runs on, ``liveSinks(json:)`` the configured sinks, and
/// ``serverEnvironment(metrics:)`` what the API server runs on.
public struct Wiring: Sendable {
    public let configuration: SidelineConfiguration
    public let store: any AppStore
    public let logger: Logger
    /// One HTTP client (one libcurl thread, one connection cache) for Sleeper, the status
    /// feeds and (unless `http.source_address` is set) the sinks of every pass this process
    /// runs. It leaves from `http.source_address` when that is set.
    public let transport: CurlTransport
    /// The webhook and ntfy sinks' client: ``transport`` itself, unless `http.source_address`
    /// is set. That address exists for Sleeper's per-address limit (issue 32: each poller its
    /// own egress); a sink is the operator's own receiver, often on the LAN, which a source
    /// address chosen for the internet may not reach (policy routing by source picks another
    /// uplink), and a loopback source reaches nothing but loopback. So the sinks go out the
    /// way they did without the setting. (Home Assistant and APNs
    /// have clients of their own, never bound.)
    public let sinkTransport: CurlTransport
    /// The process's clock: wall time for the CLI, a simulated one for replays and tests. The
    /// default pass clock, the instant `/readyz` records and the Sleeper client's reference
    /// for an HTTP-date `Retry-After` with no `Date` header.
    public let now: @Sendable () -> Date
    /// This process's seat among several pollers sharing a PostgreSQL store (issue 32): made
    /// once per wiring, so every pass of the process is the same poller; `nil` without
    /// `cluster.egress`.
    public let cluster: ClusterSeat?

    /// Everything injected: no logging bootstrap, no store opened here. `transport` defaults
    /// to a new `CurlTransport` with the configuration's timeout and source address; a
    /// given one is used as it is, for the sinks too.
    public init(
        configuration: SidelineConfiguration, store: any AppStore, logger: Logger = Logger(label: "sideline"),
        transport: CurlTransport? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.store = store
        self.logger = logger
        if let transport {
            self.transport = transport
            sinkTransport = transport
        } else {
            let bound = CurlTransport(timeout: configuration.timeout, sourceAddress: configuration.sourceAddress)
            self.transport = bound
            sinkTransport = configuration.sourceAddress == nil ? bound : CurlTransport(timeout: configuration.timeout)
        }
        self.now = now
        // Only in a cluster is the host asked for its name (`gethostname`: no lookup, as the
        // pass lock's name for its session).
        cluster = configuration.cluster == nil ? nil : (store as? any ClusterStore).flatMap {
            ClusterSeat.make(configuration, store: $0, host: PostgresPassLock.hostName(), pid: Int(ProcessInfo.processInfo.processIdentifier))
        }
    }

    /// The wiring a command runs on: logs to stderr at the configured level, the store opened
    /// (an explicitly configured database's directory must exist), the wall clock unless
    /// `now` says otherwise (the demo's simulated one).
    /// Throws ``WiringError/Kind/database`` when the store cannot be opened.
    public static func open(
        _ configuration: SidelineConfiguration, label: String = "sideline", migrating: Bool = true, now: @escaping @Sendable () -> Date = { Date() }
    ) throws(WiringError) -> Wiring {
        bootstrapLogging(level: configuration.logLevel)
        return Wiring(configuration: configuration, store: try openStore(configuration, migrating: migrating), logger: Logger(label: label), now: now)
    }

    /// The configuration's store (``StoreOpener``): a configured SQLite path's directory must
    /// exist (a missing one is an unmounted volume, never replaced); the default path's is
    /// created.
    public static func openStore(_ configuration: SidelineConfiguration, migrating: Bool = true) throws(WiringError) -> any AppStore {
        try StoreOpener.open(configuration, migrating: migrating)
    }

    /// The store's pass lock: waits briefly, then throws ``WiringError/Kind/locked``.
    /// Hold the result for as long as the pass runs.
    public func lock() throws(WiringError) -> any HeldPassLock {
        do { return try store.passLock(wait: 5) } catch {
            throw WiringError(.locked, error.message)
        }
    }

    /// The lock a scheduler pass runs under: the store's pass lock, or in a cluster this
    /// poller's (``ClusterStore/pollerPassLock(_:wait:)``: pollers pass side by side).
    /// Commands that change registrations outside a pass take ``lock()``, which waits for
    /// every poller's pass.
    public func passLock() throws(WiringError) -> any HeldPassLock {
        guard let cluster else { return try lock() }
        do { return try cluster.store.pollerPassLock(cluster.poller.pollerID, wait: 5) } catch {
            throw WiringError(.locked, error.message)
        }
    }

    /// The environment a pass runs in. `now` is the pass's clock (default: the wiring's):
    /// every Sleeper call is logged at that instant, so `tick --now` replays keep an honest
    /// call log. `forRegistration` marks user/league/roster calls as registration calls.
    public func passEnvironment(now: (@Sendable () -> Date)? = nil, forRegistration: Bool = false) -> PassEnvironment {
        let gate = StoreCallGate(store: store, budget: configuration.rateBudget, now: now ?? self.now)
        let sleeper = HTTPSleeperClient(
            baseURL: configuration.sleeperURL, transport: transport, gate: gate,
            cache: StoreResponseCache(store: store), isRegistration: forRegistration, now: self.now
        )
        let games = FallbackGameStatusSource(
            primary: SleeperScoresFeed(baseURL: configuration.scoresURL, transport: transport, gate: gate),
            fallback: ESPNScoreboard(baseURL: configuration.espnURL, transport: transport),
            logger: logger
        )
        // Live points (ADR 029): the stats and projections live on the scores feed's host.
        let stats = SleeperStatsFeed(baseURL: configuration.scoresURL, transport: transport, gate: gate, now: self.now)
        var environment = PassEnvironment(
            configuration: configuration, store: store, sleeper: sleeper, games: games, stats: stats,
            playersStore: FilePlayersIndexStore(directory: configuration.cacheDirectory), logger: logger
        )
        environment.cluster = cluster
        return environment
    }

    /// A scheduler on ``passEnvironment(now:forRegistration:)``.
    public func scheduler(now: (@Sendable () -> Date)? = nil, batching: Scheduler.Batching = Scheduler.Batching()) -> Scheduler {
        Scheduler(environment: passEnvironment(now: now), batching: batching)
    }

    /// Registration through the real Sleeper client, its calls marked as registration calls.
    public func registrationService(now: (@Sendable () -> Date)? = nil) -> RegistrationService {
        RegistrationService(store: store, sleeper: passEnvironment(now: now, forRegistration: true).sleeper, newUserScope: configuration.newUserScope)
    }

    public func displayContext(at now: Date) -> DisplayContext {
        DisplayContext(now: now, timeZone: configuration.timeZone, localeIdentifier: configuration.localeIdentifier)
    }
}
