import Foundation

/// A ``ValueStore`` as one JSON file, written atomically.
public struct FileValueStore<Value: Codable & Sendable>: ValueStore {
    public let url: URL

    public init(url: URL) { self.url = url }

    public func load() async throws -> Value? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(Value.self, from: Data(contentsOf: url))
    }

    public func save(_ value: Value?) async throws {
        guard let value else {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            return
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #if os(iOS)
        // iOS 18 wakes the app on a locked phone to report a push-started activity's token:
        // the file must be readable after the first unlock, like the Keychain item.
        try JSONEncoder().encode(value).write(to: url, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
        #else
        try JSONEncoder().encode(value).write(to: url, options: .atomic)
        #endif
    }
}
