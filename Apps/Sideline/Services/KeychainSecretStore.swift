import Foundation
import Security
import SidelineDeviceClient

/// The device credentials as one Keychain item, readable after the first unlock and never
/// leaving this phone: iOS 18 wakes the app on a locked phone to report a push-started
/// activity's token, which needs the secret.
struct KeychainSecretStore: SecretStore {
    struct KeychainError: Error, CustomStringConvertible {
        let status: OSStatus
        var description: String { "Keychain error \(status)" }
    }

    // Computed, not stored: `[String: Any]` is not Sendable, and a SecretStore must be.
    private var query: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "sideline.device",
            kSecAttrAccount as String: "credentials",
        ]
    }

    func load() async throws -> DeviceCredentials? {
        var search = query
        search[kSecReturnData as String] = true
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(search as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw KeychainError(status: status) }
        return try JSONDecoder().decode(DeviceCredentials.self, from: data)
    }

    func save(_ credentials: DeviceCredentials) async throws {
        try await delete()
        var item = query
        item[kSecValueData as String] = try JSONEncoder().encode(credentials)
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else { throw KeychainError(status: status) }
    }

    func delete() async throws {
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError(status: status) }
    }
}
