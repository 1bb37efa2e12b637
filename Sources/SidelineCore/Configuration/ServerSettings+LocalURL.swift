import Foundation

extension ServerSettings {
    /// Where a client on this host reaches the server (`sideline healthcheck`): a wildcard
    /// address (`0.0.0.0` in a container, `::`) is reached over loopback, an IPv6 literal in
    /// brackets. `nil` for port 0 (any free port, known only to the running server).
    public func localURL(path: String) -> URL? {
        guard port > 0 else { return nil }
        let host = switch address {
        case "", "0.0.0.0": "127.0.0.1"
        case "::", "[::]": "[::1]"
        case let literal where literal.contains(":") && !literal.hasPrefix("["): "[\(literal)]"
        default: address
        }
        return URL(string: "http://\(host):\(port)/\(path)")
    }
}
