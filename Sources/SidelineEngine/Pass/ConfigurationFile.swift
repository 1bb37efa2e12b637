import Foundation
import SidelineCore

/// Reads the configuration from disk and the process environment, and works out default
/// paths that hold from any working directory.
public enum ConfigurationFile {
    /// Where state lives when nothing says otherwise:
    /// - run from a checkout (`swift run`, `.build/…/sideline`): the checkout itself, so the
    ///   database is `<checkout>/sideline.sqlite` and downloads go to `<checkout>/cache/`;
    /// - installed anywhere else: `$XDG_DATA_HOME/sideline` (default `~/.local/share/sideline`)
    ///   for the database and `$XDG_CACHE_HOME/sideline` (default `~/.cache/sideline`) for downloads.
    public static func defaultPaths(executable: String, environment: [String: String]) -> [String: String] {
        if let checkout = checkoutRoot(of: executable) {
            return ["database": checkout + "/sideline.sqlite", "cache_dir": checkout + "/cache"]
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.cache"
        return ["database": data + "/sideline/sideline.sqlite", "cache_dir": cache + "/sideline"]
    }

    /// The package root when the executable sits in its `.build` directory.
    static func checkoutRoot(of executable: String) -> String? {
        let resolved = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
        guard let range = resolved.range(of: "/.build") else { return nil }
        let root = String(resolved[..<range.lowerBound])
        return FileManager.default.fileExists(atPath: root + "/Package.swift") ? root : nil
    }

    /// The system-wide configuration file, read when present (what `scripts/install` writes).
    public static let systemFile = "/etc/sideline/config.json"

    /// Which configuration file a command reads, and who chose it.
    public enum Choice: Sendable, Equatable {
        /// No file: `SIDELINE_CONFIG=none`, or no default file exists.
        case none
        /// A file named by `--config` or `SIDELINE_CONFIG` (`source`): it must be readable.
        case named(String, source: String)
        /// A default file that exists.
        case found(String)

        public var path: String? {
            switch self {
            case .none: nil
            case .named(let path, _), .found(let path): path
            }
        }
    }

    /// `--config`, else `SIDELINE_CONFIG` (`none` reads no file), else
    /// ``systemFile`` when present, else `$XDG_CONFIG_HOME/sideline/config.json` (default
    /// `~/.config/…`) when present, else none.
    public static func choose(flag: String?, environment: [String: String], exists: (String) -> Bool = FileManager.default.fileExists(atPath:)) -> Choice {
        if let flag { return .named(flag, source: "--config") }
        if let named = environment[ConfigurationLoader.fileVariable], !named.isEmpty {
            return named == "none" ? .none : .named(named, source: ConfigurationLoader.fileVariable)
        }
        for candidate in defaultFiles(environment: environment) where exists(candidate) { return .found(candidate) }
        return .none
    }

    /// The default files, first found wins.
    public static func defaultFiles(environment: [String: String]) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return [systemFile, config + "/sideline/config.json"]
    }

    /// Loads and validates the configuration: flags over the environment over the file
    /// ``choose(flag:environment:exists:)`` picks over the defaults.
    public static func load(path: String?, flags: [String: String], environment: [String: String] = ProcessInfo.processInfo.environment, executable: String = CommandLine.arguments.first ?? "sideline") throws(ConfigurationError) -> SidelineConfiguration {
        var data: Data?
        let choice = choose(flag: path, environment: environment)
        switch choice {
        case .none: break
        case .named(let file, let source):
            guard let contents = FileManager.default.contents(atPath: file) else {
                throw ConfigurationError(Messages.Configuration.unreadableFile(file, from: source))
            }
            data = contents
        case .found(let file):
            guard let contents = FileManager.default.contents(atPath: file) else {
                throw ConfigurationError(Messages.Configuration.unreadableDefaultFile(file))
            }
            data = contents
        }
        return try ConfigurationLoader.resolve(
            file: data, fileName: choice.path ?? "config file", environment: environment, flags: flags,
            derivedDefaults: defaultPaths(executable: executablePath(executable), environment: environment)
        )
    }

    /// The running binary's real path (argv[0] may be relative or found through PATH).
    static func executablePath(_ argument0: String) -> String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return argument0
    }
}
