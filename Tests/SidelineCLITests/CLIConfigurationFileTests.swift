import Foundation
import Testing
import SidelineFakeSleeper
import SidelineTestSupport

/// Issue 27: one configuration that cannot get lost. A default file is read by every
/// command (cron's `tick` included), `SIDELINE_CONFIG` names another or none, and
/// `sideline config show` says which file and database a command uses.
@Suite("The configuration file: found by default, named, or none")
struct CLIConfigurationFileTests {
    /// The harness's SIDELINE_CONFIG=none, lifted: the command looks for its default file.
    static let lookForDefault = ["SIDELINE_CONFIG": ""]

    func writeDefault(_ cli: SidelineBinary, _ json: String) throws -> String {
        let directory = cli.directory.appendingPathComponent("xdg/sideline")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("config.json")
        try Data(json.utf8).write(to: file)
        return file.path
    }

    func show(_ cli: SidelineBinary, _ arguments: [String] = [], environment: [String: String]) async throws -> [String: Any] {
        let output = try await cli.run(["config", "show", "--json"] + arguments, environment: environment)
        #expect(output.status == 0, "\(output.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    @Test("A file in $XDG_CONFIG_HOME/sideline is read without being named, by config show and by tick alike")
    func defaultFileIsRead() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let file = try writeDefault(cli, #"{"display": {"time_zone": "Europe/London"}, "log": {"level": "error"}}"#)
            let environment = Self.lookForDefault.merging(["XDG_CONFIG_HOME": cli.directory.appendingPathComponent("xdg").path]) { $1 }
            let shown = try await show(cli, environment: environment)
            #expect(shown["file"] as? String == file)
            #expect(shown["database"] as? String == cli.databasePath)
            let settings = try #require(shown["settings"] as? [[String: Any]])
            let zone = try #require(settings.first { $0["key"] as? String == "display.time_zone" })
            #expect(zone["value"] as? String == "Europe/London" && zone["source"] as? String == file)

            // The same resolution for a pass: a bad value in the default file stops tick too.
            _ = try writeDefault(cli, #"{"display": {"time_zone": "Mars/Olympus"}}"#)
            let tick = try await cli.run(["tick"], environment: environment)
            #expect(tick.status == 78)
            #expect(tick.stderr.contains("display.time_zone") && tick.stderr.contains(file), "\(tick.stderr)")
        }
    }

    @Test("SIDELINE_CONFIG=none reads no file; SIDELINE_CONFIG=<path> reads that one; --config wins over both")
    func namedOrNone() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let xdg = ["XDG_CONFIG_HOME": cli.directory.appendingPathComponent("xdg").path]
            let defaultFile = try writeDefault(cli, #"{"display": {"locale": "de_DE"}}"#)
            let none = try await show(cli, environment: xdg.merging(["SIDELINE_CONFIG": "none"]) { $1 })
            #expect(none["file"] == nil)

            let other = cli.directory.appendingPathComponent("other.json")
            try Data(#"{"display": {"locale": "fr_FR"}}"#.utf8).write(to: other)
            let named = try await show(cli, environment: xdg.merging(["SIDELINE_CONFIG": other.path]) { $1 })
            #expect(named["file"] as? String == other.path)
            let flagged = try await show(cli, ["--config", defaultFile], environment: xdg.merging(["SIDELINE_CONFIG": other.path]) { $1 })
            #expect(flagged["file"] as? String == defaultFile)

            let missing = try await cli.run(["status"], environment: ["SIDELINE_CONFIG": "/nonexistent/sideline.json"])
            #expect(missing.status == 78)
            #expect(missing.stderr.contains("/nonexistent/sideline.json") && missing.stderr.contains("SIDELINE_CONFIG"), "\(missing.stderr)")
        }
    }

    @Test("status names the configuration file and database it used, in its text and --json; no file read says so")
    func statusNamesItsSetup() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let none = try await cli.run("status")
            #expect(none.status == 0, "\(none.stderr)")
            #expect(none.stdout.contains("configuration file: none"), "\(none.stdout)")
            #expect(none.stdout.contains("database: \(cli.databasePath)"))
            let noneJSON = try #require(try JSONSerialization.jsonObject(with: Data(try await cli.run("status", "--json").stdout.utf8)) as? [String: Any])
            #expect(noneJSON["database"] as? String == cli.databasePath)
            #expect(noneJSON["configuration_file"] == nil)

            let file = cli.directory.appendingPathComponent("sideline.json")
            try Data(#"{"display": {"time_zone": "Asia/Kathmandu"}}"#.utf8).write(to: file)
            let named = try await cli.run(["status"], environment: ["SIDELINE_CONFIG": file.path])
            #expect(named.stdout.contains("configuration file: \(file.path)"), "\(named.stdout)")
            // The header's instant in the file's display zone, labelled (it was bare UTC).
            let header = try #require(named.stdout.split(separator: "\n").first)
            #expect(header.contains(#/^Sideline status at \w{3}, \w{3} \d{1,2} at \d{1,2}:\d{2} [AP]M GMT\+5:45 — /#), "\(header)")
            let namedJSON = try #require(try JSONSerialization.jsonObject(with: Data(try await cli.run(["status", "--json"], environment: ["SIDELINE_CONFIG": file.path]).stdout.utf8)) as? [String: Any])
            #expect(namedJSON["configuration_file"] as? String == file.path)
            #expect((namedJSON["at"] as? String)?.hasSuffix("Z") == true, "--json keeps ISO 8601 UTC")
        }
    }

    @Test("The shipped example copied as the default file: tick runs on it; with a sink enabled and its placeholders left, exit 78 naming the key")
    func copiedExample() async throws {
        let example = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../config/sideline.example.json"), encoding: .utf8)
        try await withSidelineBinary(scriptedSleeperAt: "2026-11-22T12:00:00Z") { cli, _ in
            _ = try writeDefault(cli, example)
            let environment = Self.lookForDefault.merging(["XDG_CONFIG_HOME": cli.directory.appendingPathComponent("xdg").path]) { $1 }
            let tick = try await cli.run(["tick", "--now", "2026-11-22T12:00:00Z"], environment: environment)
            #expect(tick.status == 0, "\(tick.stderr)")
            let apns = try await cli.run(["tick", "--now", "2026-11-22T12:01:00Z"], environment: environment.merging(["SIDELINE_SINKS_ENABLED": "stdout,apns"]) { $1 })
            #expect(apns.status == 78)
            #expect(apns.stderr.contains("apns.") && apns.stderr.contains("placeholder"), "\(apns.stderr)")
        }
    }

    @Test("config keys lists every key with its variable; a mistyped option or variable suggests the right one")
    func keysAndSuggestions() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let keys = try await cli.run("config", "keys")
            #expect(keys.status == 0)
            #expect(keys.stdout.contains("sinks.enabled  (SIDELINE_SINKS_ENABLED; default: stdout)"))
            let variable = try await cli.run(["status"], environment: ["SIDELINE_SINK_ENABLED": "apns"])
            #expect(variable.status == 78)
            #expect(variable.stderr.contains("did you mean SIDELINE_SINKS_ENABLED?"), "\(variable.stderr)")
            let option = try await cli.run("status", "--confg", "x.json")
            #expect(option.status == 64)
            #expect(option.stderr.contains("--config"), "\(option.stderr)")
        }
    }
}
