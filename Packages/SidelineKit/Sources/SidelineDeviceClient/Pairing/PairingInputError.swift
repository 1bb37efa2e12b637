import Foundation

/// Why a scanned link or a typed code and server cannot be used to pair.
public enum PairingInputError: Error, Hashable, Sendable {
    /// A URL that is not `sideline://pair?…`.
    case notAPairingLink
    /// Not 8 symbols of the server's alphabet (case, dashes and spaces do not matter).
    case malformedCode
    /// The link carried no server (the server has no `server.public_url`) and none was typed.
    case missingServer
    /// Not an absolute http(s) URL with a host.
    case malformedServer
    /// `http://` to an address that is not on the local network.
    case insecureServer
}

extension PairingInputError: LocalizedError {
    public var errorDescription: String? { ClientMessages.describe(self) }
}
