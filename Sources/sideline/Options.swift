import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineWiring

/// Options every command that touches state takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("JSON config file (default: $SIDELINE_CONFIG, else /etc/sideline/config.json, else ~/.config/sideline/config.json, when present; SIDELINE_CONFIG=none reads none). `sideline config keys` lists the keys.", valueName: "path"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("SQLite database file (overrides SIDELINE_DATABASE and the config file).", valueName: "path"))
    var database: String?

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("Directory for downloaded data (overrides SIDELINE_CACHE_DIR).", valueName: "path"))
    var cacheDir: String?

    var flags: [String: String] {
        var flags: [String: String] = [:]
        flags["database"] = database
        flags["cache_dir"] = cacheDir
        return flags
    }

    func loadConfiguration() throws -> SidelineConfiguration {
        do {
            return try ConfigurationFile.load(path: config, flags: flags)
        } catch {
            throw CLIFailure(error.message, code: .configuration)
        }
    }

    /// ``loadConfiguration()`` for a command outside ``reportingFailures(_:)``.
    func loadConfigurationReporting() throws -> SidelineConfiguration {
        do { return try loadConfiguration() } catch let failure as CLIFailure { throw report(failure) }
    }
}

/// Parses `--now`: ISO-8601 with or without fractional seconds.
struct Instant: ExpressibleByArgument {
    let date: Date

    init?(argument: String) {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: argument) { self.date = date; return }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = formatter.date(from: argument) else { return nil }
        self.date = date
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// A failure the CLI reports as one line on stderr with a documented exit code.
struct CLIFailure: Error, CustomStringConvertible, Sendable {
    enum Code: Int32 {
        case refused = 1
        case usage = 64
        case database = 74
        case locked = 75
        case configuration = 78
    }

    let message: String
    let code: Code

    init(_ message: String, code: Code) {
        self.message = message
        self.code = code
    }

    var description: String { message }
}

extension CLIFailure {
    /// The libraries' failures, with the exit code their kind documents.
    init(_ error: WiringError) {
        let code: Code = switch error.kind {
        case .refused: .refused
        case .database: .database
        case .locked: .locked
        case .configuration: .configuration
        }
        self.init(error.message, code: code)
    }
}

/// Runs a command body, turning known failures into one stderr line and an exit code.
func reportingFailures(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let failure as CLIFailure {
        throw report(failure)
    } catch let error as WiringError {
        throw report(CLIFailure(error))
    }
}

private func report(_ failure: CLIFailure) -> ExitCode {
    FileHandle.standardError.write(Data("sideline: \(failure.message)\n".utf8))
    return ExitCode(failure.code.rawValue)
}

/// Prints a value as pretty, key-sorted JSON on stdout (`--json` output).
func printJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let text = String(decoding: try encoder.encode(value), as: UTF8.self)
    // Foundation pretty-prints an empty array across lines; `[]` is what scripts expect.
    print(text.filter { !$0.isWhitespace } == "[]" ? "[]" : text)
}

/// A note for the person at the terminal, on stderr (stdout stays for results).
func printError(_ line: String) {
    FileHandle.standardError.write(Data("sideline: \(line)\n".utf8))
}
