import Foundation
import NIOCore
import SidelineCore

/// Why the API server could not listen, in words an operator can act on: NIO's bind error
/// is `bind(descriptor:ptr:bytes:): Address already in use (errno: 98)`.
public enum ListenFailure {
    /// One line naming the address, the port and the likely cause.
    public static func message(for error: any Error, address: String, port: Int) -> String {
        guard let io = error as? IOError else { return Messages.Server.cannotListen(address, port, "\(error)") }
        switch io.errnoCode {
        case EADDRINUSE: return Messages.Server.portInUse(address, port)
        case EACCES: return Messages.Server.portDenied(address, port)
        case EADDRNOTAVAIL: return Messages.Server.addressNotHere(address, port)
        default: return Messages.Server.cannotListen(address, port, String(cString: strerror(io.errnoCode)))
        }
    }
}
