/// Where the device id and secret live. On iOS it is the Keychain, readable after the
/// first unlock (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`) because iOS 18 wakes
/// the app on a locked phone to report a push-started activity's token; the implementation
/// lives with the app (`Apps/Sideline/Services/KeychainSecretStore.swift`).
public protocol SecretStore: Sendable {
    func load() async throws -> DeviceCredentials?
    func save(_ credentials: DeviceCredentials) async throws
    func delete() async throws
}

/// A ``SecretStore`` in memory, for previews and tests.
public actor InMemorySecretStore: SecretStore {
    private var credentials: DeviceCredentials?

    public init(_ credentials: DeviceCredentials? = nil) { self.credentials = credentials }

    public func load() async throws -> DeviceCredentials? { credentials }
    public func save(_ credentials: DeviceCredentials) async throws { self.credentials = credentials }
    public func delete() async throws { credentials = nil }
}
