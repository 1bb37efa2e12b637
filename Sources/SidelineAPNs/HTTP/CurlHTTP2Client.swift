import Foundation
import Synchronization

/// HTTP/2 over TLS through libcurl's multi interface: one connection per host, reused by
/// every request, with concurrent requests as concurrent streams on it. This is how APNs
/// expects bulk sending (see `docs/adr/008-apns-over-libcurl.md` for why not `URLSession`).
///
/// A dedicated thread (``CurlMultiLoop``) owns the libcurl handles; ``send(url:headers:body:)``
/// queues a request and suspends until the thread resumes it, so no Swift task ever blocks
/// on the network. ``close()`` (also run by `deinit`) fails whatever is pending.
public final class CurlHTTP2Client: Sendable {
    public struct Options: Sendable, Hashable {
        /// The whole request, connection setup included.
        public var timeout: TimeInterval
        /// TCP and TLS setup; the shorter of this and ``timeout`` applies.
        public var connectTimeout: TimeInterval
        /// A PEM bundle to trust instead of the system store (a test server's self-signed
        /// certificate, a TLS-intercepting proxy's CA).
        public var caFile: String?

        public init(timeout: TimeInterval = 10, connectTimeout: TimeInterval = 10, caFile: String? = nil) {
            self.timeout = timeout
            self.connectTimeout = connectTimeout
            self.caFile = caFile
        }
    }

    public let options: Options
    private let loop: CurlMultiLoop

    public init(options: Options = Options()) throws(HTTPTransportError) {
        self.options = options
        let loop = try CurlMultiLoop(options: options)
        self.loop = loop
        let thread = Thread { loop.run() }
        thread.name = "sideline-curl-http2"
        thread.start()
    }

    deinit { close() }

    /// POSTs `body` to `url` with `headers` (`name: value`, sent as given).
    ///
    /// - Throws: ``HTTPTransportError`` when no response arrived (refused, TLS, timeout,
    ///   closed, cancelled). Any HTTP status is a response, not an error.
    public func send(url: URL, headers: [(name: String, value: String)], body: Data) async throws -> HTTPResponse {
        let lines = headers.map { "\($0.name): \($0.value)" }
        let id = loop.shared.withLock { shared in
            shared.nextID += 1
            return shared.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let refusal: HTTPTransportError? = loop.shared.withLock { shared in
                    if shared.closing { return HTTPTransportError(kind: .closed, message: "the HTTP/2 client was closed") }
                    // Checked under the lock that `onCancel` takes, so a cancellation is
                    // seen either here or by `onCancel` finding the request queued.
                    if Task.isCancelled { return HTTPTransportError(kind: .cancelled, message: "request cancelled") }
                    shared.queue.append(
                        CurlSubmission(id: id, url: url.absoluteString, headers: lines, body: body, continuation: continuation)
                    )
                    CurlMultiLoop.wake(&shared)
                    return nil
                }
                if let refusal { continuation.resume(throwing: refusal) }
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// Makes the next requests go out on a new connection: APNs asks for one after a 500 or
    /// 503. Requests already in flight finish on the old connection; requests sent
    /// meanwhile wait for them (at most the request timeout) and then use the new one.
    public func resetConnection() {
        loop.shared.withLock { shared in
            shared.resetRequested = true
            CurlMultiLoop.wake(&shared)
        }
    }

    /// Fails pending requests with ``HTTPTransportError/Kind/closed`` and stops the thread.
    /// Idempotent; later sends fail at once.
    public func close() {
        loop.shared.withLock { shared in
            shared.closing = true
            CurlMultiLoop.wake(&shared)
        }
    }

    private func cancel(_ id: UInt64) {
        let queued: CurlSubmission? = loop.shared.withLock { shared in
            if let index = shared.queue.firstIndex(where: { $0.id == id }) {
                return shared.queue.remove(at: index)
            }
            if shared.inFlight.contains(id) {
                shared.cancelled.insert(id)
                CurlMultiLoop.wake(&shared)
            }
            return nil
        }
        queued?.continuation.resume(throwing: HTTPTransportError(kind: .cancelled, message: "request cancelled"))
    }
}
