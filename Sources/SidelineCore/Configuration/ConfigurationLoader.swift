import Foundation

/// A configuration problem, always naming the key (or file) at fault.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Where a configuration value came from, for `--help`-style diagnostics.
public enum ConfigurationSource: String, Sendable {
    case flag, environment, file, `default`
}

/// One resolved key, for `sideline config show`: its value (`nil` for a secret, which is
/// never shown) and where it came from (`flag`, an environment variable, the file, `default`).
public struct ConfigurationSetting: Sendable, Hashable, Codable {
    public let key: String
    public let value: String?
    public let source: String
}

/// Resolves the configuration from flags, the environment, a JSON file and the defaults, in
/// that order of precedence. Pure: the caller reads the file and the environment.
public enum ConfigurationLoader {
    /// Names the configuration file to read (`none`: read no file). Not a key: it says where
    /// the keys are.
    public static let fileVariable = "SIDELINE_CONFIG"

    public static func resolve(
        file: Data?,
        fileName: String = "config file",
        environment: [String: String],
        flags: [String: String] = [:],
        derivedDefaults: [String: String]
    ) throws(ConfigurationError) -> SidelineConfiguration {
        var fileValues = try file.map { data throws(ConfigurationError) in try flatten(data, fileName: fileName) } ?? [:]
        let environmentValues = try environmentOverrides(environment)
        let enabled = flags["sinks.enabled"] ?? environmentValues["sinks.enabled"] ?? fileValues["sinks.enabled"] ?? ""
        fileValues = try withoutPlaceholders(fileValues, enabledSinks: Set(enabled.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }), fileName: fileName)
        var raw: [String: String] = [:]
        var settings: [ConfigurationSetting] = []
        for key in ConfigurationKey.all {
            if let value = flags[key.name] ?? environmentValues[key.name] ?? fileValues[key.name] ?? key.defaultValue ?? derivedDefaults[key.name] {
                let source = flags[key.name] != nil ? "flag" : environmentValues[key.name] != nil ? key.environmentName : fileValues[key.name] != nil ? fileName : "default"
                raw[key.name] = try validate(value, for: key, source: source)
                settings.append(ConfigurationSetting(key: key.name, value: key.kind == .secret ? nil : raw[key.name], source: source))
            }
        }
        // A configured database names a place the operator prepared (a mounted volume); only
        // the derived default's directory may be created on the fly.
        let databaseIsExplicit = flags["database"] != nil || environmentValues["database"] != nil || fileValues["database"] != nil
        return try SidelineConfiguration(values: raw, databaseIsExplicit: databaseIsExplicit, configurationFile: file == nil ? nil : fileName, settings: settings)
    }

    /// The example file's placeholders (`"<your …>"`): ignored in a key whose sink is not
    /// enabled, refused in one that would be used, so a copied example never sends to a
    /// placeholder address or with a placeholder credential.
    static func withoutPlaceholders(_ values: [String: String], enabledSinks: Set<String>, fileName: String) throws(ConfigurationError) -> [String: String] {
        var kept = values
        for (name, value) in values where isPlaceholder(value) {
            if let sink = ConfigurationKey.byName[name]?.sink, !enabledSinks.contains(sink) {
                kept[name] = nil
                continue
            }
            throw ConfigurationError(Messages.Configuration.placeholder(name, fileName))
        }
        return kept
    }

    /// `<…>`: the example file's way of saying "put yours here".
    static func isPlaceholder(_ value: String) -> Bool {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("<") && trimmed.hasSuffix(">")
    }

    /// `SIDELINE_*` variables, by key name. An unknown `SIDELINE_` variable is an error: a
    /// typo must not silently fall back to a default.
    static func environmentOverrides(_ environment: [String: String]) throws(ConfigurationError) -> [String: String] {
        let byEnvironmentName = Dictionary(uniqueKeysWithValues: ConfigurationKey.all.map { ($0.environmentName, $0.name) })
        var values: [String: String] = [:]
        for (name, value) in environment where name.hasPrefix("SIDELINE_") && name != fileVariable {
            guard let key = byEnvironmentName[name] else {
                throw ConfigurationError(Messages.Configuration.unknownVariable(name, suggestion: Suggestion.closest(to: name, among: byEnvironmentName.keys)))
            }
            values[key] = value
        }
        return values
    }

    /// Flattens `{"sleeper": {"max_calls_per_minute": 900}}` to `sleeper.max_calls_per_minute`.
    /// Read with ``StrictJSON``: a boolean stays a boolean (never 1 or 0) and a key written
    /// twice is an error, not whichever copy Foundation happens to keep.
    static func flatten(_ data: Data, fileName: String) throws(ConfigurationError) -> [String: String] {
        let root: JSONValue
        do {
            root = try StrictJSON.parse(data)
        } catch {
            switch error {
            case .malformed: throw ConfigurationError(Messages.Configuration.notJSON(fileName))
            case .duplicateKey(let key): throw ConfigurationError(Messages.Configuration.duplicateKey(key, fileName))
            }
        }
        guard case .object(let object) = root else {
            throw ConfigurationError(Messages.Configuration.notAnObject(fileName))
        }
        var values: [String: String] = [:]
        try flatten(object, prefix: "", into: &values, fileName: fileName)
        return values
    }

    private static func flatten(_ object: [String: JSONValue], prefix: String, into values: inout [String: String], fileName: String) throws(ConfigurationError) {
        for (name, value) in object {
            // Keys starting with "_" are comments (JSON has none of its own).
            if name.hasPrefix("_") { continue }
            let key = prefix.isEmpty ? name : "\(prefix).\(name)"
            if case .object(let nested) = value {
                try flatten(nested, prefix: key, into: &values, fileName: fileName)
                continue
            }
            guard ConfigurationKey.byName[key] != nil else {
                throw ConfigurationError(Messages.Configuration.unknownKey(key, fileName, suggestion: Suggestion.closest(to: key, among: ConfigurationKey.byName.keys)))
            }
            values[key] = try text(of: value, key: key, fileName: fileName)
        }
    }

    private static func text(of value: JSONValue, key: String, fileName: String) throws(ConfigurationError) -> String {
        switch value {
        case .string(let string): return string
        case .array(let list):
            var items: [String] = []
            for item in list {
                guard case .string(let string) = item else { throw ConfigurationError(Messages.Configuration.notStrings(key, fileName)) }
                items.append(string)
            }
            return items.joined(separator: ",")
        case .bool:
            throw ConfigurationError(Messages.Configuration.boolean(key, fileName))
        case .number(let number):
            // Whole numbers as integers, so `8787` passes an integer key's check.
            if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
            return String(number)
        case .null, .object:
            throw ConfigurationError(Messages.Configuration.wrongType(key, fileName))
        }
    }

    static func validate(_ value: String, for key: ConfigurationKey, source: String) throws(ConfigurationError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        func fail(_ why: String) -> ConfigurationError {
            ConfigurationError("\(key.name) (from \(source)) \(why), got \"\(value)\"")
        }
        switch key.kind {
        case .secret:
            guard !trimmed.isEmpty else { throw ConfigurationError("\(key.name) (from \(source)) must not be empty") }
            return trimmed
        case .string:
            guard !trimmed.isEmpty else { throw fail("must not be empty") }
            return trimmed
        case .integer(let range):
            guard let number = Int(trimmed) else { throw fail("must be a whole number") }
            guard range.contains(number) else { throw fail("must be between \(range.lowerBound) and \(range.upperBound)") }
            return trimmed
        case .number(let range):
            guard let number = Double(trimmed), number.isFinite else { throw fail("must be a number") }
            guard range.contains(number) else { throw fail("must be between \(range.lowerBound.formatted()) and \(range.upperBound.formatted())") }
            return trimmed
        case .url:
            guard let url = URL(string: trimmed), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                throw fail("must be an http(s) URL")
            }
            return trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed
        case .timeZone:
            guard TimeZone(identifier: trimmed) != nil else { throw fail("must be a time zone name like America/New_York") }
            return trimmed
        case .ipAddress:
            guard IPAddressLiteral.isValid(trimmed) else { throw fail(Messages.Configuration.notAnIPAddress) }
            return trimmed
        case .choice(let allowed):
            // One value: `"info,debug"` is not a level, however valid each part.
            guard allowed.contains(trimmed) else { throw fail(Messages.Configuration.oneOf(allowed)) }
            return trimmed
        case .list(let allowed):
            let items = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if let bad = items.first(where: { !allowed.contains($0) }) {
                throw fail("has \"\(bad)\"; allowed: \(allowed.joined(separator: ", "))")
            }
            return items.joined(separator: ",")
        }
    }
}

private extension Double {
    func formatted() -> String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
