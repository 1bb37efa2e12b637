import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on `127.0.0.1` over POSIX sockets, for what the fake Sleeper does
/// not show: how many TCP connections a client opened, POST bodies, exact response header
/// spelling, redirects, and requests held until the test releases them.
///
/// One thread accepts; each connection gets a thread that reads requests one after another
/// (keep-alive) and answers each with `handler`, which may block its own connection.
/// Bodies are read by `Content-Length` only; that is all the clients under test send.
final class LoopbackHTTPServer: Sendable {
    struct Request: Sendable {
        let method: String
        let path: String
        /// Names lowercased.
        let headers: [String: String]
        let body: Data
        /// 1 for the first connection accepted, 2 for the second, …
        let connection: Int
    }

    struct Reply: Sendable {
        var status: Int
        /// Sent as spelled, in order.
        var headers: [(String, String)]
        var body: Data

        init(status: Int = 200, headers: [(String, String)] = [], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        init(status: Int = 200, headers: [(String, String)] = [], text: String) {
            self.init(status: status, headers: headers, body: Data(text.utf8))
        }
    }

    typealias Handler = @Sendable (Request) -> Reply

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private struct State {
        var requests: [Request] = []
        var accepted = 0
        /// Sockets to shut down on `stop()`. Each connection thread closes its own socket, so
        /// a number is never closed while another thread may still use it.
        var open: Set<Int32> = []
        var stopped = false
        var listenerClosed = false
    }

    let port: Int
    private let listener: Int32
    private let handler: Handler
    private let state = Mutex(State())

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }  // always a valid URL
    var requests: [Request] { state.withLock { $0.requests } }
    var acceptedConnections: Int { state.withLock { $0.accepted } }
    /// The listening socket is closed: a connection now is refused.
    var isClosed: Bool { state.withLock { $0.listenerClosed } }

    init(handler: @escaping Handler) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0, listen(fd, 128) == 0 else {
            let code = errno
            close(fd)
            throw Failure(description: "bind/listen on 127.0.0.1: errno \(code)")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "loopback-http-accept"
        thread.start()
    }

    /// Stops accepting and drops every connection; a handler still blocked finishes into
    /// a closed socket. Idempotent.
    func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            // shutdown, not close, wakes a thread blocked in accept or recv on Linux. Under
            // the lock: a connection thread closes its socket only after leaving `open`, so
            // no number here can belong to someone else's socket by now.
            _ = shutdown(listener, Int32(SHUT_RDWR))
            for socket in state.open { _ = shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    deinit { stop() }

    private func acceptLoop() {
        defer {
            close(listener)
            state.withLock { $0.listenerClosed = true }
        }
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                // Only `stop()` ends the loop, so the listener is never closed under it.
                if state.withLock({ $0.stopped }) { return }
                usleep(1_000)
                continue
            }
            let number: Int? = state.withLock { state in
                guard !state.stopped else { return nil }
                state.accepted += 1
                state.open.insert(client)
                return state.accepted
            }
            guard let number else {
                close(client)
                return
            }
            let thread = Thread { [self] in serve(client, connection: number) }
            thread.name = "loopback-http-\(number)"
            thread.start()
        }
    }

    private func serve(_ socket: Int32, connection: Int) {
        defer {
            state.withLock { _ = $0.open.remove(socket) }
            close(socket)
        }
        var buffer = Data()
        while let request = Self.readRequest(socket, &buffer, connection: connection) {
            state.withLock { $0.requests.append(request) }
            guard Self.write(socket, handler(request)) else { return }
            if request.headers["connection"]?.lowercased() == "close" { return }
        }
    }

    private static func readRequest(_ socket: Int32, _ buffer: inout Data, connection: Int) -> Request? {
        let separator = Data("\r\n\r\n".utf8)
        var headEnd = buffer.range(of: separator)
        while headEnd == nil {
            guard receive(socket, into: &buffer) else { return nil }
            headEnd = buffer.range(of: separator)
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<headEnd.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "") ?? 0
        while buffer.distance(from: headEnd.upperBound, to: buffer.endIndex) < length {
            guard receive(socket, into: &buffer) else { return nil }
        }
        let bodyStart = headEnd.upperBound
        let bodyEnd = buffer.index(bodyStart, offsetBy: length)
        let body = Data(buffer[bodyStart..<bodyEnd])
        buffer = Data(buffer[bodyEnd...])
        return Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: body, connection: connection)
    }

    private static func receive(_ socket: Int32, into buffer: inout Data) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private static func write(_ socket: Int32, _ reply: Reply) -> Bool {
        var head = "HTTP/1.1 \(reply.status) Status\r\n"
        for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(reply.body.count)\r\n\r\n"
        var bytes = Data(head.utf8)
        bytes.append(reply.body)
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                // MSG_NOSIGNAL: a client that went away must not raise SIGPIPE in the test process.
                let sent = send(socket, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}

/// Runs `body` against a ``LoopbackHTTPServer`` answering with `handler`, stopping it afterwards.
func withLoopbackServer<T>(
    _ handler: @escaping LoopbackHTTPServer.Handler, _ body: (LoopbackHTTPServer) async throws -> T
) async throws -> T {
    let server = try LoopbackHTTPServer(handler: handler)
    defer { server.stop() }
    return try await body(server)
}

/// A latch a handler blocks on until the test opens it (or 30 s pass, so a broken test
/// cannot hang its server thread forever; no test waits for that).
final class Latch: Sendable {
    private let opened = Mutex(false)

    func open() { opened.withLock { $0 = true } }

    func wait() {
        for _ in 0..<30_000 {
            if opened.withLock({ $0 }) { return }
            usleep(1_000)
        }
    }
}

/// A count handlers on several connection threads share.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// Adds one and returns the new count.
    func increment() -> Int { value.withLock { $0 += 1; return $0 } }
}

/// Polls `condition` every 5 ms until it holds. The cap only keeps a broken run from
/// hanging; it is not a timing expectation.
func eventually(_ condition: () -> Bool) async throws {
    for _ in 0..<6_000 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(5))
    }
    throw LoopbackHTTPServer.Failure(description: "condition never held")
}
