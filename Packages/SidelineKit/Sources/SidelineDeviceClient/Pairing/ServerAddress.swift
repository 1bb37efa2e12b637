import Foundation

/// The server's base URL, checked: HTTPS, or plain HTTP only to a local-network address
/// (the app's `NSAllowsLocalNetworking` exception covers nothing else).
public struct ServerAddress: Hashable, Sendable {
    public let url: URL

    public init(_ text: String) throws(PairingInputError) {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .missingServer }
        // People type "sideline.example.com"; HTTPS is what they mean.
        if !trimmed.contains("://") { trimmed = "https://" + trimmed }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
              let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else { throw .malformedServer }
        switch scheme {
        case "https": break
        case "http": guard Self.isLocalNetwork(host: host) else { throw .insecureServer }
        default: throw .malformedServer
        }
        self.url = url
    }

    /// Loopback, RFC 1918 and link-local IPv4, IPv6 loopback, unique-local and link-local,
    /// and multicast-DNS names: what iOS's local-networking exception lets through.
    static func isLocalNetwork(host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host.hasSuffix(".local") { return true }
        if host == "::1" || host.hasPrefix("fe80:") || host.hasPrefix("fc") || host.hasPrefix("fd") {
            return host.contains(":")
        }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard octets.count == 4, octets.allSatisfy({ $0.map { (0...255).contains($0) } ?? false }) else { return false }
        let a = octets[0]!, b = octets[1]!
        return a == 127 || a == 10 || (a == 172 && (16...31).contains(b)) || (a == 192 && b == 168) || (a == 169 && b == 254)
    }
}
