import Foundation
import Logging
import SidelineAPNs
import SidelineCore
import SidelineDelivery
import SidelineHTTP
import SidelineSinks

extension Wiring {
    /// The sinks of a pass: stdout alone for a dry run, the configured ones otherwise.
    public func passSinks(dryRun: Bool, json: Bool) throws(WiringError) -> [any PushSink] {
        dryRun ? [stdoutSink(json: json)] : try liveSinks(json: json)
    }

    /// Events printed on stdout, readable or one JSON object a line, in the display time zone.
    public func stdoutSink(json: Bool) -> StdoutSink {
        StdoutSink(format: json ? .json : .human, timeZone: configuration.timeZone)
    }

    /// The sinks a real (non-dry-run) pass delivers to. A sink that cannot be built from its
    /// configuration (a bad secret, a bad topic, an unreadable key) throws
    /// ``WiringError/Kind/configuration``.
    public func liveSinks(json: Bool) throws(WiringError) -> [any PushSink] {
        let delivery = HTTPSinkDelivery(poster: sinkTransport, logger: logger)
        var sinks: [any PushSink] = []
        for name in configuration.sinks {
            guard let sink = try sink(named: name, json: json, delivery: delivery) else {
                throw WiringError(.configuration, "sinks.enabled names \"\(name)\", which is not configured")
            }
            sinks.append(sink)
        }
        return sinks
    }

    /// One configured sink, or `nil` when the configuration does not set it up.
    func sink(named name: String, json: Bool, delivery: HTTPSinkDelivery) throws(WiringError) -> (any PushSink)? {
        switch name {
        case "stdout":
            return stdoutSink(json: json)
        case "webhook":
            // The configuration guarantees both when webhook is enabled.
            guard let url = configuration.webhookURL, let secret = configuration.webhookSecret else { return nil }
            do { return try WebhookSink(url: url, secret: secret.value, delivery: delivery) } catch {
                throw WiringError(.configuration, "sinks.webhook: \(error)")
            }
        case "apns":
            guard let settings = configuration.apns else { return nil }
            return try apnsSink(settings)
        case "homeassistant":
            return homeAssistantSink()
        case "ntfy":
            guard let topic = configuration.ntfyTopic else { return nil }
            do { return try NtfySink(server: configuration.ntfyURL, topic: topic, token: configuration.ntfyToken?.value, delivery: delivery) } catch {
                throw WiringError(.configuration, "sinks.ntfy: \(error)")
            }
        default:
            return nil
        }
    }

    /// The APNs sink: reads the key (warning when others may read it) and sets up the
    /// HTTP/2 client. A key that cannot be read or parsed is a configuration error.
    func apnsSink(_ settings: APNsSettings) throws(WiringError) -> APNsSink {
        let key: APNsSigningKey
        do { key = try APNsSigningKey(contentsOfFile: settings.keyFile) } catch {
            throw WiringError(.configuration, "apns.key_file: \(error)")
        }
        warnIfReadableByOthers(settings.keyFile)
        var overrides: [APNsEnvironment: URL] = [:]
        if let url = settings.baseURL { overrides = [.sandbox: url, .production: url] }
        let apns = APNsConfiguration(
            keyID: settings.keyID, teamID: settings.teamID, bundleID: settings.bundleID, signingKey: key,
            baseURLOverrides: overrides, caFile: settings.caFile, timeout: configuration.timeout
        )
        do {
            return APNsSink(
                client: try APNsClient(configuration: apns, logger: Logger(label: "sideline.apns"), tokenStore: StoredProviderToken(store: store)),
                dismissalDelay: settings.dismissalDelay, notes: StoredAPNsNotes(store: store), logger: Logger(label: "sideline.apns")
            )
        } catch {
            throw WiringError(.configuration, "apns: \(error)")
        }
    }

    private func warnIfReadableByOthers(_ keyFile: String) {
        // The key was just read, so its mode is readable too; if not, there is only no warning.
        guard let mode = (try? FileManager.default.attributesOfItem(atPath: keyFile))?[.posixPermissions] as? Int, mode & 0o077 != 0 else { return }
        logger.warning("\(Messages.Pushes.keyReadableByOthers(keyFile, mode: mode))")
    }

    /// The Home Assistant sink, when it is configured.
    func homeAssistantSink() -> HomeAssistantSink? {
        guard let settings = configuration.homeAssistant, let client = homeAssistantClient() else { return nil }
        return HomeAssistantSink(client: client, dailyPushes: settings.dailyPushes, dismissalDelay: configuration.dismissalDelay, token: settings.token.value,
                                 notes: StoredHomeAssistantNotes(store: store), logger: Logger(label: "sideline.homeassistant"))
    }

    /// Home Assistant's REST API, when the sink is configured; its own transport, so a
    /// self-signed certificate (`homeassistant.ca_file`) is trusted for HA alone.
    public func homeAssistantClient() -> HomeAssistantClient? {
        guard let settings = configuration.homeAssistant else { return nil }
        let transport = CurlTransport(timeout: HTTPSinkDelivery.defaultTimeout, caFile: settings.caFile)
        return HomeAssistantClient(baseURL: settings.baseURL, token: settings.token.value, transport: transport, poster: transport)
    }
}
