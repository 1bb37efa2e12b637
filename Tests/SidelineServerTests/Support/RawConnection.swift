import Dispatch
import Foundation
import SidelineTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A bare TCP connection to the server, for what URLSession will not send: no `Host`, two
/// of them, HTTP/1.0, half a head. Blocking calls run on a Dispatch thread, off Swift's
/// cooperative pool, which the in-process server needs to answer.
final class RawConnection: Sendable {
    private let descriptor: Int32
    private let connectedAt = Date()

    struct Outcome: Sendable {
        let text: String
        /// The server closed the connection (EOF or reset) before the wait ran out.
        let closed: Bool
        /// From the connection's opening to the close (or to the end of the wait).
        let seconds: Double
    }

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, connected == 0 else { throw HarnessError("cannot connect to 127.0.0.1:\(port)") }
    }

    deinit { close(descriptor) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the server closes the connection or `wait` seconds pass.
    func read(wait: Double) async -> Outcome {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.readBlocking(wait: wait)) }
        }
    }

    private func readBlocking(wait: Double) -> Outcome {
        let start = Date()
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date().timeIntervalSince(start) < wait {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, (wait - Date().timeIntervalSince(start)) * 1000))
            guard poll(&poller, 1, min(left, 100)) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 {
                return Outcome(text: String(decoding: received, as: UTF8.self), closed: true, seconds: Date().timeIntervalSince(connectedAt))
            }
            received += buffer[0..<count]
        }
        return Outcome(text: String(decoding: received, as: UTF8.self), closed: false, seconds: Date().timeIntervalSince(connectedAt))
    }
}
