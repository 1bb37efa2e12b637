import Foundation
import Logging
import SidelineAPNs
import SidelineCore
import SidelineEngine
import SidelineSinks
import SidelineSleeper
import SidelineStore
import SidelineDelivery
import SidelineHTTP

/// Builds the real adapters from the configuration: the one place that knows which
/// concrete HTTP client, feeds and stores Sideline runs with.
struct Wiring {
    let configuration: SidelineConfiguration
    let store: SQLiteStore
    let logger: Logger
    /// One HTTP client (one libcurl thread, one connection cache) for Sleeper, the status
    /// feeds and the sinks of every pass this process runs.
    let transport: CurlTransport

    static func open(_ configuration: SidelineConfiguration, label: String = "sideline") throws -> Wiring {
        bootstrapLogging(level: configuration.logLevel)
        do {
            let store = try SQLiteStore(path: configuration.databasePath, directory: configuration.databaseIsExplicit ? .mustExist : .create)
            return Wiring(configuration: configuration, store: store, logger: Logger(label: label),
                          transport: CurlTransport(timeout: configuration.timeout))
        } catch {
            throw CLIFailure("\(error)", code: .database)
        }
    }

    /// The pass lock for this database (waits briefly, then fails with exit code 75).
    func lock() throws -> PassLock {
        do { return try PassLock(databasePath: configuration.databasePath) } catch {
            throw CLIFailure(error.message, code: .locked)
        }
    }

    /// The environment a pass runs in. `now` is the pass's clock: every Sleeper call is
    /// logged at that instant, so `--now` replays keep an honest call log.
    func passEnvironment(now: @escaping @Sendable () -> Date, forRegistration: Bool = false) -> PassEnvironment {
        let gate = StoreCallGate(store: store, budget: configuration.rateBudget, now: now)
        let sleeper = HTTPSleeperClient(
            baseURL: configuration.sleeperURL, transport: transport, gate: gate,
            cache: StoreResponseCache(store: store), isRegistration: forRegistration
        )
        let games = FallbackGameStatusSource(
            primary: SleeperScoresFeed(baseURL: configuration.scoresURL, transport: transport, gate: gate),
            fallback: ESPNScoreboard(baseURL: configuration.espnURL, transport: transport),
            logger: logger
        )
        return PassEnvironment(
            configuration: configuration, store: store, sleeper: sleeper, games: games,
            playersStore: FilePlayersIndexStore(directory: configuration.cacheDirectory), logger: logger
        )
    }

    /// The sinks a real (non-dry-run) pass delivers to. A sink that cannot be built from its
    /// configuration (a bad secret, a bad topic) is a configuration error: exit 78.
    func liveSinks(json: Bool) throws -> [any PushSink] {
        let delivery = HTTPSinkDelivery(poster: transport, logger: logger)
        return try configuration.sinks.map { name throws -> any PushSink in
            do {
                switch name {
                case "stdout":
                    return StdoutSink(format: json ? .json : .human, timeZone: configuration.timeZone)
                case "webhook":
                    // The configuration guarantees both when webhook is enabled.
                    guard let url = configuration.webhookURL, let secret = configuration.webhookSecret else { break }
                    return try WebhookSink(url: url, secret: secret.value, delivery: delivery)
                case "apns":
                    guard let settings = configuration.apns else { break }
                    return try apnsSink(settings)
                case "homeassistant":
                    guard let settings = configuration.homeAssistant, let client = homeAssistantClient() else { break }
                    return HomeAssistantSink(client: client, dailyPushes: settings.dailyPushes, token: settings.token.value,
                                             notes: StoredHomeAssistantNotes(store: store), logger: Logger(label: "sideline.homeassistant"))
                case "ntfy":
                    guard let topic = configuration.ntfyTopic else { break }
                    return try NtfySink(server: configuration.ntfyURL, topic: topic, token: configuration.ntfyToken?.value, delivery: delivery)
                default:
                    break
                }
            } catch let error as WebhookSinkError {
                throw CLIFailure("sinks.webhook: \(error)", code: .configuration)
            } catch let error as NtfySinkError {
                throw CLIFailure("sinks.ntfy: \(error)", code: .configuration)
            }
            throw CLIFailure("sinks.enabled names \"\(name)\", which is not configured", code: .configuration)
        }
    }

    /// The APNs sink: reads the key (warning when others may read it) and sets up the
    /// HTTP/2 client. A key that cannot be read or parsed is a configuration error.
    func apnsSink(_ settings: APNsSettings) throws -> APNsSink {
        let key: APNsSigningKey
        do { key = try APNsSigningKey(contentsOfFile: settings.keyFile) } catch {
            throw CLIFailure("apns.key_file: \(error)", code: .configuration)
        }
        if let mode = (try? FileManager.default.attributesOfItem(atPath: settings.keyFile))?[.posixPermissions] as? Int, mode & 0o077 != 0 {
            logger.warning("\(Messages.Pushes.keyReadableByOthers(settings.keyFile, mode: mode))")
        }
        var overrides: [APNsEnvironment: URL] = [:]
        if let url = settings.baseURL { overrides = [.sandbox: url, .production: url] }
        let apns = APNsConfiguration(
            keyID: settings.keyID, teamID: settings.teamID, bundleID: settings.bundleID, signingKey: key,
            baseURLOverrides: overrides, caFile: settings.caFile, timeout: configuration.timeout
        )
        do {
            return APNsSink(
                client: try APNsClient(configuration: apns, logger: Logger(label: "sideline.apns"), tokenStore: StoredProviderToken(store: store)),
                dismissalDelay: settings.dismissalDelay
            )
        } catch {
            throw CLIFailure("apns: \(error)", code: .configuration)
        }
    }

    /// Home Assistant's REST API, when the sink is configured; its own transport, so a
    /// self-signed certificate (`homeassistant.ca_file`) is trusted for HA alone.
    func homeAssistantClient() -> HomeAssistantClient? {
        guard let settings = configuration.homeAssistant else { return nil }
        let transport = CurlTransport(timeout: HTTPSinkDelivery.defaultTimeout, caFile: settings.caFile)
        return HomeAssistantClient(baseURL: settings.baseURL, token: settings.token.value, transport: transport, poster: transport)
    }

    func displayContext(at now: Date) -> DisplayContext {
        DisplayContext(now: now, timeZone: configuration.timeZone, localeIdentifier: configuration.localeIdentifier)
    }
}

/// The players index as a file under the cache directory.
struct FilePlayersIndexStore: PlayersIndexStore {
    let directory: String

    func load() -> (index: PlayersIndex, fetchedAt: Date)? {
        try? PlayersIndexFile.load(from: URL(fileURLWithPath: directory))
    }

    func save(_ index: PlayersIndex, fetchedAt: Date) throws {
        try PlayersIndexFile.save(index, fetchedAt: fetchedAt, to: URL(fileURLWithPath: directory))
    }
}

private let loggingBootstrap = Mutex(false)

/// Logs go to stderr (stdout is for events), at the configured level.
func bootstrapLogging(level: String) {
    let parsed = Logger.Level(rawValue: level) ?? .info
    loggingBootstrap.withLock { done in
        guard !done else { return }
        done = true
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = parsed
            return handler
        }
    }
}

import Synchronization
