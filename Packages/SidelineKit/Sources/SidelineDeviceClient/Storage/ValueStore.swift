/// Where a small `Codable` value outlives the process: the token reporter's unreported
/// part, the last list of activities. Saving `nil` removes it.
public protocol ValueStore<Value>: Sendable {
    associatedtype Value: Codable & Sendable
    func load() async throws -> Value?
    func save(_ value: Value?) async throws
}

/// A ``ValueStore`` in memory: for previews and tests (a "relaunch" is a new reporter over
/// the same store).
public actor InMemoryValueStore<Value: Codable & Sendable>: ValueStore {
    private var value: Value?
    /// How many saves happened, so a test can see that state was persisted.
    public private(set) var saves = 0

    public init(_ value: Value? = nil) { self.value = value }

    public func load() async throws -> Value? { value }

    public func save(_ value: Value?) async throws {
        self.value = value
        saves += 1
    }
}
