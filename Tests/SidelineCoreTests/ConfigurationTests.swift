import Foundation
import Testing
@testable import SidelineCore

@Suite("Configuration")
struct ConfigurationTests {
    let paths = ["database": "/var/lib/sideline/db.sqlite", "cache_dir": "/var/cache/sideline"]

    func resolve(file: String? = nil, env: [String: String] = [:], flags: [String: String] = [:]) throws(ConfigurationError) -> SidelineConfiguration {
        try ConfigurationLoader.resolve(file: file.map { Data($0.utf8) }, fileName: "test.json", environment: env, flags: flags, derivedDefaults: paths)
    }

    @Test("Defaults apply with no file and no environment")
    func defaults() throws {
        let config = try resolve()
        #expect(config.maxCallsPerMinute == 1000)
        #expect(config.sleeperURL.absoluteString == "https://api.sleeper.app")
        #expect(config.scoresURL.absoluteString == "https://api.sleeper.com")
        #expect(config.espnURL.absoluteString == "https://site.api.espn.com")
        #expect(config.lifecycle.grace == 30 * 60)
        #expect(config.lifecycle.maxActivityAge == 7.5 * 3600)
        #expect(config.databasePath == "/var/lib/sideline/db.sqlite")
        #expect(config.timeZone.identifier == "America/New_York")
        #expect(config.sinks == ["stdout"])
    }

    @Test("Precedence: flag, environment, file, default")
    func precedence() throws {
        let file = #"{"database": "/from/file", "sleeper": {"max_calls_per_minute": 500}}"#
        #expect(try resolve(file: file).databasePath == "/from/file")
        #expect(try resolve(file: file, env: ["SIDELINE_DATABASE": "/from/env"]).databasePath == "/from/env")
        #expect(try resolve(file: file, env: ["SIDELINE_DATABASE": "/from/env"], flags: ["database": "/from/flag"]).databasePath == "/from/flag")
        #expect(try resolve(file: file).maxCallsPerMinute == 500)
        #expect(try resolve(file: file, env: ["SIDELINE_SLEEPER_MAX_CALLS_PER_MINUTE": "700"]).maxCallsPerMinute == 700)
    }

    @Test("Every key has an environment variable named by one rule")
    func environmentNames() {
        let names = Set(ConfigurationKey.all.map(\.environmentName))
        for expected in ["SIDELINE_DATABASE", "SIDELINE_CACHE_DIR", "SIDELINE_SLEEPER_URL", "SIDELINE_SCORES_URL", "SIDELINE_ESPN_URL", "SIDELINE_SLEEPER_MAX_CALLS_PER_MINUTE", "SIDELINE_LIFECYCLE_GRACE_MINUTES"] {
            #expect(names.contains(expected))
        }
    }

    @Test("Unknown keys, bad values and out-of-range values are errors naming the key")
    func errors() {
        func message(_ body: () throws(ConfigurationError) -> SidelineConfiguration) -> String {
            do { _ = try body(); return "no error" } catch { return error.message }
        }
        #expect(message { () throws(ConfigurationError) in try resolve(file: #"{"sleeper": {"max_calls": 5}}"#) }.contains("sleeper.max_calls"))
        #expect(message { () throws(ConfigurationError) in try resolve(file: #"{"sleeper": {"max_calls_per_minute": 5000}}"#) }.contains("sleeper.max_calls_per_minute"))
        #expect(message { () throws(ConfigurationError) in try resolve(file: #"{"lifecycle": {"grace_minutes": "soon"}}"#) }.contains("lifecycle.grace_minutes"))
        #expect(message { () throws(ConfigurationError) in try resolve(file: "{not json") }.contains("not valid JSON"))
        #expect(message { () throws(ConfigurationError) in try resolve(env: ["SIDELINE_SLEEPR_URL": "x"]) }.contains("SIDELINE_SLEEPR_URL"))
        #expect(message { () throws(ConfigurationError) in try resolve(env: ["SIDELINE_SLEEPER_URL": "ftp://x"]) }.contains("sleeper.url"))
        #expect(message { () throws(ConfigurationError) in try resolve(env: ["SIDELINE_DISPLAY_TIME_ZONE": "Mars/Olympus"]) }.contains("display.time_zone"))
        #expect(message { () throws(ConfigurationError) in try resolve(env: ["SIDELINE_POLLING_MATCHUPS_SECONDS": "30"]) }.contains("polling.matchups_seconds"))
        #expect(message { () throws(ConfigurationError) in try resolve(env: ["SIDELINE_SINKS_ENABLED": "stdout,pigeon"]) }.contains("pigeon"))
    }

    static let exampleURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../config/sideline.example.json")

    @Test("The example config documents exactly the keys Sideline reads (as a value or a _comment), and loads as it is")
    func exampleConfig() throws {
        let data = try Data(contentsOf: Self.exampleURL)
        let valued = Set(try ConfigurationLoader.flatten(data, fileName: "example").keys)
        var documented: Set<String> = []
        func walk(_ object: [String: Any], _ prefix: String) {
            for (name, value) in object {
                if let nested = value as? [String: Any] { walk(nested, prefix + name + "."); continue }
                if name.hasPrefix("_"), name != "_comment" { documented.insert(prefix + name.dropFirst()) }
            }
        }
        walk(try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]), "")
        #expect(valued.union(documented) == Set(ConfigurationKey.all.map(\.name)))
        #expect(valued.isSubset(of: documented), "every value has its comment")
        let loaded = try ConfigurationLoader.resolve(file: data, fileName: "example", environment: [:], derivedDefaults: paths)
        #expect(loaded.sinks == ["stdout"])
        #expect(loaded.configurationFile == "example")
    }

    @Test("The example is safe to copy: no localhost APNs URL or missing CA file, and a placeholder is refused only once its sink is on")
    func examplePlaceholders() throws {
        let data = try Data(contentsOf: Self.exampleURL)
        let values = try ConfigurationLoader.flatten(data, fileName: "example")
        #expect(values["apns.url"] == nil && values["apns.ca_file"] == nil && values["server.admin_token"] == nil)
        #expect(!values.contains { $0.key.hasSuffix("url") && ($0.value.contains("127.0.0.1") || $0.value.contains("localhost")) })
        for sink in ["apns", "homeassistant", "webhook", "ntfy"] {
            do {
                _ = try ConfigurationLoader.resolve(file: data, fileName: "example", environment: ["SIDELINE_SINKS_ENABLED": sink], derivedDefaults: paths)
                Issue.record("the example with \(sink) enabled and its placeholders left in loaded")
            } catch {
                #expect(error.message.contains("placeholder") && error.message.contains("in example"), "\(error.message)")
                let key = try #require(ConfigurationKey.all.first { error.message.hasPrefix($0.name + " ") })
                #expect(key.sink == sink, "\(error.message)")
            }
        }
        // A placeholder in a key that is always read is refused whatever is enabled.
        #expect(throws: ConfigurationError.self) { try resolve(file: #"{"server": {"admin_token": "<openssl rand -hex 24>"}}"#) }
        // Filled in, the same file loads with the sink on.
        let filled = #"{"sinks": {"enabled": ["ntfy"], "ntfy": {"topic": "my-topic"}}, "homeassistant": {"token": "<a long-lived access token>"}}"#
        #expect(try resolve(file: filled).ntfyTopic == "my-topic")
    }

    @Test("Unknown keys and variables suggest the closest real one; SIDELINE_CONFIG is not a key but is not unknown")
    func didYouMean() throws {
        func message(_ body: () throws(ConfigurationError) -> SidelineConfiguration) -> String {
            do { _ = try body(); return "no error" } catch { return error.message }
        }
        let key = message { () throws(ConfigurationError) in try resolve(file: #"{"sinks": {"enabeld": ["stdout"]}}"#) }
        #expect(key.contains("unknown key \"sinks.enabeld\" in test.json; did you mean \"sinks.enabled\"?"), "\(key)")
        #expect(key.contains("sideline config keys"))
        let variable = message { () throws(ConfigurationError) in try resolve(env: ["SIDELINE_SINK_ENABLED": "stdout"]) }
        #expect(variable.contains("unknown environment variable SIDELINE_SINK_ENABLED; did you mean SIDELINE_SINKS_ENABLED?"), "\(variable)")
        let far = message { () throws(ConfigurationError) in try resolve(env: ["SIDELINE_PIGEON": "1"]) }
        #expect(!far.contains("did you mean"), "\(far)")
        #expect(try resolve(env: ["SIDELINE_CONFIG": "none"]).sinks == ["stdout"])
        #expect(Suggestion.closest(to: "--confg", among: ["--config", "--database"]) == "--config")
    }

    @Test("APNs: the ids and key are required when apns is enabled, and checked")
    func apnsSettings() throws {
        func message(_ body: () throws(ConfigurationError) -> SidelineConfiguration) -> String {
            do { _ = try body(); return "no error" } catch { return error.message }
        }
        let good = ["SIDELINE_SINKS_ENABLED": "apns", "SIDELINE_APNS_KEY_FILE": "/k.p8", "SIDELINE_APNS_KEY_ID": "ABC123DEFG",
                    "SIDELINE_APNS_TEAM_ID": "DEF123GHIJ", "SIDELINE_APNS_BUNDLE_ID": "com.example.sideline"]
        let settings = try #require(try resolve(env: good).apns)
        #expect(settings.topic == "com.example.sideline.push-type.liveactivity")
        #expect(settings.dismissalDelay == 0)
        #expect(try resolve(env: [:]).apns == nil)
        var missing = good
        missing["SIDELINE_APNS_TEAM_ID"] = nil
        #expect(message { () throws(ConfigurationError) in try resolve(env: missing) }.contains("apns.team_id is required"))
        var short = good
        short["SIDELINE_APNS_KEY_ID"] = "ABC"
        #expect(message { () throws(ConfigurationError) in try resolve(env: short) }.contains("apns.key_id"))
        var topic = good
        topic["SIDELINE_APNS_BUNDLE_ID"] = "com.example.sideline.push-type.liveactivity"
        #expect(message { () throws(ConfigurationError) in try resolve(env: topic) }.contains("apns.bundle_id"))
        var local = good
        local["SIDELINE_APNS_URL"] = "https://127.0.0.1:8443/"
        local["SIDELINE_APNS_CA_FILE"] = "/tmp/ca.pem"
        local["SIDELINE_APNS_DISMISSAL_MINUTES"] = "15"
        let overridden = try #require(try resolve(env: local).apns)
        #expect(overridden.baseURL?.absoluteString == "https://127.0.0.1:8443")
        #expect(overridden.caFile == "/tmp/ca.pem")
        #expect(overridden.dismissalDelay == 900)
    }

    @Test("Home Assistant: url and token are required when it is enabled, the allowance is 10–500, the dismissal delay is sink-neutral")
    func homeAssistantSettings() throws {
        let good = ["SIDELINE_SINKS_ENABLED": "homeassistant,stdout", "SIDELINE_HOMEASSISTANT_URL": "http://homeassistant.local:8123",
                    "SIDELINE_HOMEASSISTANT_TOKEN": "a-long-lived-token"]
        let settings = try #require(try resolve(env: good).homeAssistant)
        #expect(settings.baseURL.absoluteString == "http://homeassistant.local:8123")
        #expect(settings.dailyPushes == 300)
        #expect(settings.token.value == "a-long-lived-token")
        #expect(!"\(settings)".contains("a-long-lived-token"), "the token is never shown")
        #expect(try resolve(env: [:]).homeAssistant == nil)
        for key in ["SIDELINE_HOMEASSISTANT_URL", "SIDELINE_HOMEASSISTANT_TOKEN"] {
            var missing = good
            missing[key] = nil
            let name = key == "SIDELINE_HOMEASSISTANT_URL" ? "homeassistant.url" : "homeassistant.token"
            #expect(failure { () throws(ConfigurationError) in try resolve(env: missing) }.contains("\(name) is required"))
        }
        for bad in ["9", "501", "true"] {
            var allowance = good
            allowance["SIDELINE_HOMEASSISTANT_DAILY_PUSHES"] = bad
            #expect(failure { () throws(ConfigurationError) in try resolve(env: allowance) }.contains("homeassistant.daily_pushes"))
        }
        var ftp = good
        ftp["SIDELINE_HOMEASSISTANT_URL"] = "ftp://ha.local"
        #expect(failure { () throws(ConfigurationError) in try resolve(env: ftp) }.contains("homeassistant.url"))
        // The dismissal delay: the new name wins, the old one is still read.
        #expect(try resolve(env: ["SIDELINE_APNS_DISMISSAL_MINUTES": "5"]).dismissalDelay == 300)
        #expect(try resolve(env: ["SIDELINE_DISPLAY_DISMISSAL_MINUTES": "10", "SIDELINE_APNS_DISMISSAL_MINUTES": "5"]).dismissalDelay == 600)
        #expect(try resolve(env: [:]).dismissalDelay == 0)
    }

    func failure(_ body: () throws(ConfigurationError) -> SidelineConfiguration) -> String {
        do { _ = try body(); return "no error" } catch { return error.message }
    }

    @Test("JSON booleans for numeric keys and unknown or listed log levels are errors naming the key, never 1, 0 or info")
    func noSilentCoercion() {
        let booleanTimeout = failure { () throws(ConfigurationError) in try resolve(file: #"{"sleeper": {"timeout_seconds": true}}"#) }
        #expect(booleanTimeout.contains("sleeper.timeout_seconds"), "\(booleanTimeout)")
        #expect(booleanTimeout.contains("true/false"))
        let booleanGrace = failure { () throws(ConfigurationError) in try resolve(file: #"{"lifecycle": {"grace_minutes": false}}"#) }
        #expect(booleanGrace.contains("lifecycle.grace_minutes"), "\(booleanGrace)")
        let booleanPort = failure { () throws(ConfigurationError) in try resolve(file: #"{"server": {"port": true}}"#) }
        #expect(booleanPort.contains("server.port"), "\(booleanPort)")
        for level in ["info,debug", "verbose", "INFO "] {
            let fromFile = failure { () throws(ConfigurationError) in try resolve(file: #"{"log": {"level": "\#(level)"}}"#) }
            #expect(fromFile.contains("log.level"), "\(level): \(fromFile)")
            let fromEnvironment = failure { () throws(ConfigurationError) in try resolve(env: ["SIDELINE_LOG_LEVEL": level]) }
            #expect(fromEnvironment.contains("log.level"), "\(level): \(fromEnvironment)")
        }
        #expect(failure { () throws(ConfigurationError) in try resolve(file: #"{"log": {"level": null}}"#) }.contains("log.level"))
    }

    @Test("Numbers in the file keep working: whole numbers for integer keys, fractions for number keys, each level alone")
    func numbersStillLoad() throws {
        let config = try resolve(file: #"{"server": {"port": 8788}, "lifecycle": {"grace_minutes": 12.5}, "sleeper": {"timeout_seconds": 1e1}, "log": {"level": "debug"}}"#)
        #expect(config.server.port == 8788)
        #expect(config.lifecycle.grace == 12.5 * 60)
        #expect(config.timeout == 10)
        #expect(config.logLevel == "debug")
    }

    @Test("A key written twice in the config file is an error naming it, not whichever copy wins")
    func duplicateKeys() {
        let message = failure { () throws(ConfigurationError) in try resolve(file: #"{"log": {"level": "info", "level": "debug"}}"#) }
        #expect(message.contains("\"level\" appears twice"), "\(message)")
        #expect(message.contains("test.json"))
    }

    @Test("Only a database set by flag, environment or file counts as configured (its directory must exist)")
    func databaseExplicitness() throws {
        #expect(try resolve().databaseIsExplicit == false)
        #expect(try resolve(file: #"{"database": "/mnt/data/sideline.sqlite"}"#).databaseIsExplicit)
        #expect(try resolve(env: ["SIDELINE_DATABASE": "/mnt/data/sideline.sqlite"]).databaseIsExplicit)
        #expect(try resolve(flags: ["database": "/mnt/data/sideline.sqlite"]).databaseIsExplicit)
        #expect(try resolve(flags: ["cache_dir": "/tmp/c"]).databaseIsExplicit == false)
    }
}
