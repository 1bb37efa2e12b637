import Foundation
import Logging
import SidelineCore
import SidelineEngine
import SidelineHTTP
import SidelineSleeper
import SidelineStore

/// The one place tests wire the engine (a store connection, the Sleeper client behind the
/// call budget, the game feeds, the players index) the way `sideline` does, but on a test
/// clock. When the wiring moves into a library of its own, `passEnvironment` is what changes.
public enum TestWiring {
    /// - Parameters:
    ///   - store: the connection to use; a new one on the configured database when `nil`
    ///     (what a new process, a cron pass or a restart gets).
    ///   - registering: the client registration uses (its calls come out of the headroom).
    public static func passEnvironment(
        _ configuration: SidelineConfiguration, now: @escaping @Sendable () -> Date,
        store: SQLiteStore? = nil, registering: Bool = false
    ) throws -> PassEnvironment {
        let store = try store ?? SQLiteStore(path: configuration.databasePath)
        let transport = CurlTransport(timeout: 15)
        let gate = StoreCallGate(store: store, budget: configuration.rateBudget, now: now)
        let sleeper = HTTPSleeperClient(
            baseURL: configuration.sleeperURL, transport: transport, gate: gate,
            cache: StoreResponseCache(store: store), isRegistration: registering, now: now
        )
        let games = FallbackGameStatusSource(
            primary: SleeperScoresFeed(baseURL: configuration.scoresURL, transport: transport, gate: gate),
            fallback: ESPNScoreboard(baseURL: configuration.espnURL, transport: transport)
        )
        return PassEnvironment(
            configuration: configuration, store: store, sleeper: sleeper, games: games,
            playersStore: TestPlayersStore(directory: configuration.cacheDirectory), logger: .quiet
        )
    }

    /// A scheduler on ``passEnvironment(_:now:store:registering:)``.
    public static func scheduler(
        _ configuration: SidelineConfiguration, now: @escaping @Sendable () -> Date,
        store: SQLiteStore? = nil, batching: Scheduler.Batching = .init()
    ) throws -> Scheduler {
        Scheduler(environment: try passEnvironment(configuration, now: now, store: store), batching: batching)
    }

    /// A configuration against a fake Sleeper at `sleeper`, its files in `directory`;
    /// `overrides` are `--set`-style flags (`"sleeper.max_calls_per_minute": "5"`).
    public static func configuration(sleeper: URL, directory: URL, overrides: [String: String] = [:]) throws -> SidelineConfiguration {
        var flags = ["database": directory.appendingPathComponent("state.sqlite").path, "cache_dir": directory.path,
                     "sleeper.url": sleeper.absoluteString, "scores.url": sleeper.absoluteString, "espn.url": sleeper.absoluteString]
        flags.merge(overrides) { $1 }
        return try ConfigurationLoader.resolve(file: nil, environment: [:], flags: flags, derivedDefaults: [:])
    }
}

/// The players index in a directory, as `sideline` keeps it in its cache directory.
public struct TestPlayersStore: PlayersIndexStore {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// As `sideline`'s own store: no file, or one it cannot read, is no index, and the engine
    /// fetches one (what the tests check is that fetch, not the file).
    public func load() -> (index: PlayersIndex, fetchedAt: Date)? { try? PlayersIndexFile.load(from: URL(fileURLWithPath: directory)) }

    public func save(_ index: PlayersIndex, fetchedAt: Date) throws {
        try PlayersIndexFile.save(index, fetchedAt: fetchedAt, to: URL(fileURLWithPath: directory))
    }
}

extension Logger {
    /// Tests check outcomes, not log lines.
    public static var quiet: Logger {
        var logger = Logger(label: "sideline.tests", factory: { _ in SwiftLogNoOpLogHandler() })
        logger.logLevel = .critical
        return logger
    }
}

/// `"2026-11-22T14:00:00Z"` as a date.
public func utc(_ text: String) -> Date {
    guard let date = ISO8601DateFormatter().date(from: text) else { preconditionFailure("not an ISO 8601 instant: \(text)") }
    return date
}

/// A date as `"2026-11-22T14:00:00Z"`.
public func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
