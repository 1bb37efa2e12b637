import Foundation
import Logging
import SidelineCore
import SidelineEngine
import SidelineHTTP
import SidelineSleeper
import SidelineStore
// The one clock is the wiring's (the demo and the benchmark run on it too).
@_exported import class SidelineWiring.ManualClock
// Every test target that imports the support gets the one date helper too.
@_exported import SidelineTestDates
import SidelineWiring

/// The one place tests wire the engine: through the wiring `sideline` runs on
/// (``Wiring``, ADR 026), on a test clock and a quiet logger.
public enum TestWiring {
    /// - Parameters:
    ///   - store: the connection to use; a new one to the configured store when `nil`
    ///     (what a new process, a cron pass or a restart gets).
    ///   - registering: the client registration uses (its calls come out of the headroom).
    public static func passEnvironment(
        _ configuration: SidelineConfiguration, now: @escaping @Sendable () -> Date,
        store: (any AppStore)? = nil, registering: Bool = false
    ) throws -> PassEnvironment {
        wiring(configuration, now: now, store: try store ?? openStore(configuration)).passEnvironment(forRegistration: registering)
    }

    /// A new connection to the configuration's store (`store.url`: the SQLite file, or a
    /// PostgreSQL schema of ``StoreUnderTest``), as a new process opens it.
    public static func openStore(_ configuration: SidelineConfiguration) throws -> any AppStore {
        try StoreOpener.open(configuration)
    }

    /// The wiring itself, for a harness that needs more of it (the server environment).
    public static func wiring(_ configuration: SidelineConfiguration, now: @escaping @Sendable () -> Date, store: any AppStore) -> Wiring {
        // With `http.source_address` the wiring builds its own pair (bound for Sleeper,
        // unbound for the sinks); handing it one transport would drop the setting.
        let transport = configuration.sourceAddress == nil ? CurlTransport(timeout: 15) : nil
        return Wiring(configuration: configuration, store: store, logger: .quiet, transport: transport, now: now)
    }

    /// A scheduler on ``passEnvironment(_:now:store:registering:)``.
    public static func scheduler(
        _ configuration: SidelineConfiguration, now: @escaping @Sendable () -> Date,
        store: (any AppStore)? = nil, batching: Scheduler.Batching = .init()
    ) throws -> Scheduler {
        wiring(configuration, now: now, store: try store ?? openStore(configuration)).scheduler(batching: batching)
    }

    /// A configuration against a fake Sleeper at `sleeper`, its files in `directory`;
    /// `overrides` are `--set`-style flags (`"sleeper.max_calls_per_minute": "5"`).
    public static func configuration(sleeper: URL, directory: URL, overrides: [String: String] = [:]) throws -> SidelineConfiguration {
        var flags = ["database": directory.appendingPathComponent("state.sqlite").path, "cache_dir": directory.path,
                     "sleeper.url": sleeper.absoluteString, "scores.url": sleeper.absoluteString, "espn.url": sleeper.absoluteString,
                     // The suites written for one activity per league keep it; the person
                     // suites ask for `person` (ADR 039).
                     "activities.new_user_scope": "league"]
        flags.merge(overrides) { $1 }
        return try ConfigurationLoader.resolve(file: nil, environment: [:], flags: flags, derivedDefaults: [:])
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
