import Hummingbird
import SidelineCore

/// The request context of the device API: who is calling (the peer address, for slowing
/// down failed logins) and, once the device auth middleware has run, which device.
public struct APIRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The TCP peer's IP address (the reverse proxy's, behind one).
    public let peerAddress: String
    /// Set by ``DeviceAuthMiddleware`` for the routes that need a device secret.
    public var device: Device?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
        device = nil
    }

    /// Bodies are tiny JSON objects; anything bigger is refused before it is read whole.
    public var maxUploadSize: Int { JSONBody.maximumSize }
}

extension Request {
    /// The client's address: the peer's, or, when the peer is a trusted reverse proxy, the
    /// last address it appended to `X-Forwarded-For`.
    func clientAddress(peer: String, trustedProxies: Set<String>) -> String {
        guard trustedProxies.contains(peer),
              let header = headers[HTTPFields.Element.Name("X-Forwarded-For")!],
              let last = header.split(separator: ",").last?.trimmingCharacters(in: .whitespaces),
              !last.isEmpty, last.count <= 64
        else { return peer }
        return last
    }
}
