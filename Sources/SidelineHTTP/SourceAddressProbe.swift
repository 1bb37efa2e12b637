import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether this host has an address, by binding a TCP socket to it (port 0) and closing it:
/// the same `bind` libcurl does for `CURLOPT_INTERFACE`, without asking anyone on the network.
/// `sideline check` uses it to say a wrong `http.source_address` before Sleeper is asked.
public enum SourceAddressProbe {
    /// `nil` when `address` (an IPv4 or IPv6 literal) can be bound; otherwise why not
    /// (`strerror`: "Cannot assign requested address" for an address the host lacks).
    public static func bindFailure(_ address: String) -> String? {
        if address.contains(":") {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            guard inet_pton(AF_INET6, address, &socketAddress.sin6_addr) == 1 else { return notALiteral }
            return bindFailure(family: AF_INET6, socketAddress)
        }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        guard inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1 else { return notALiteral }
        return bindFailure(family: AF_INET, socketAddress)
    }

    static let notALiteral = "not an IP address"

    private static func bindFailure<Address>(family: Int32, _ address: Address) -> String? {
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        var address = address
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
        return result == 0 ? nil : String(cString: strerror(errno))
    }
}
