import Foundation

/// What pairing leaves behind: where the server is and how this device proves who it is.
/// The whole value lives in the ``SecretStore`` (the Keychain on iOS).
public struct DeviceCredentials: Codable, Hashable, Sendable {
    /// The server's base URL, e.g. `https://sideline.example.com`.
    public let server: URL
    /// `dev-` and 8 hex digits.
    public let deviceID: String
    /// Sent as `Authorization: Bearer …`; the server keeps only its hash.
    public let deviceSecret: String
    /// The APNs environment the device was paired with.
    public let environment: APNsEnvironment

    public init(server: URL, deviceID: String, deviceSecret: String, environment: APNsEnvironment) {
        self.server = server
        self.deviceID = deviceID
        self.deviceSecret = deviceSecret
        self.environment = environment
    }
}
