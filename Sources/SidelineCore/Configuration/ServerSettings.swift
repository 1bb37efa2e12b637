import Foundation

/// The `server.*` keys: where the device API and status page listen and who may use them.
public struct ServerSettings: Sendable, Hashable {
    /// An admin token shorter than this is refused: it guards every registration.
    public static let minimumAdminTokenLength = 24

    public let address: String
    public let port: Int
    /// `nil`: the admin endpoints and the status page answer 403.
    public let adminToken: Secret?
    public let publicURL: URL?
    public let pairingLifetime: TimeInterval
    /// Peers whose `X-Forwarded-For` is believed (a reverse proxy on the same host).
    public let trustedProxies: Set<String>

    public init(address: String = "127.0.0.1", port: Int = 8787, adminToken: Secret? = nil, publicURL: URL? = nil, pairingLifetime: TimeInterval = 15 * 60, trustedProxies: Set<String> = []) {
        self.address = address
        self.port = port
        self.adminToken = adminToken
        self.publicURL = publicURL
        self.pairingLifetime = pairingLifetime
        self.trustedProxies = trustedProxies
    }

    init(values: [String: String]) throws(ConfigurationError) {
        address = values["server.address"] ?? "127.0.0.1"
        port = values["server.port"].flatMap(Int.init) ?? 8787
        if let token = values["server.admin_token"] {
            guard token.count >= Self.minimumAdminTokenLength else {
                throw ConfigurationError(Messages.Server.adminTokenTooShort(minimum: Self.minimumAdminTokenLength))
            }
            adminToken = Secret(token)
        } else {
            adminToken = nil
        }
        publicURL = values["server.public_url"].flatMap(URL.init(string:))
        pairingLifetime = (values["server.pairing_minutes"].flatMap(Double.init) ?? 15) * 60
        trustedProxies = Set((values["server.trusted_proxies"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
}
