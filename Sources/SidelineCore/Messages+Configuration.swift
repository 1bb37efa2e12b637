import Foundation

extension Messages {
    /// Problems with the configuration file and values: each names the key and the file.
    public enum Configuration {
        public static func notJSON(_ file: String) -> String { "\(file) is not valid JSON" }
        public static func notAnObject(_ file: String) -> String { "\(file) must hold a JSON object" }
        public static func duplicateKey(_ key: String, _ file: String) -> String {
            "\"\(key)\" appears twice in one object of \(file); keep one"
        }
        public static func unknownKey(_ key: String, _ file: String) -> String { "unknown key \"\(key)\" in \(file)" }
        public static func notStrings(_ key: String, _ file: String) -> String { "\(key) in \(file) must be a list of strings" }
        public static func boolean(_ key: String, _ file: String) -> String {
            "\(key) in \(file) must not be true/false (see config/sideline.example.json for its type)"
        }
        public static func wrongType(_ key: String, _ file: String) -> String { "\(key) in \(file) has a value of the wrong type" }
        public static func oneOf(_ allowed: [String]) -> String { "must be one of \(allowed.joined(separator: ", "))" }
    }
}
