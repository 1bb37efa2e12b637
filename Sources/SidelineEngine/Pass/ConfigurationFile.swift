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

    /// Loads and validates the configuration. `path` is `--config` (a missing file named
    /// explicitly is an error); without it only defaults and the environment apply.
    public static func load(path: String?, flags: [String: String], environment: [String: String] = ProcessInfo.processInfo.environment, executable: String = CommandLine.arguments.first ?? "sideline") throws(ConfigurationError) -> SidelineConfiguration {
        var data: Data?
        if let path {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw ConfigurationError("cannot read the config file \(path)")
            }
            data = contents
        }
        return try ConfigurationLoader.resolve(
            file: data, fileName: path ?? "config file", environment: environment, flags: flags,
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
