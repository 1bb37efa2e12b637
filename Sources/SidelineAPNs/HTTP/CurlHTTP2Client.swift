import Foundation
import SidelineCurl

/// The shared ``CurlClient`` set up the way APNs expects bulk sending: HTTP/2 over TLS, one
/// connection per host, concurrent requests as concurrent streams on it (see
/// `docs/adr/008-apns-over-libcurl.md`), and POST as the only method.
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

    /// A response body larger than this is a broken server, not APNs (whose error bodies are
    /// a few dozen bytes): the transfer is aborted rather than buffered.
    static let maximumBodyBytes = 64 * 1024

    public let options: Options
    private let client: CurlClient

    public init(options: Options = Options()) throws(CurlError) {
        self.options = options
        client = try CurlClient(options: CurlClientOptions(
            timeout: options.timeout, connectTimeout: options.connectTimeout, caFile: options.caFile,
            // HTTP/2 over TLS (ALPN); HTTP/1.1 only for plain http, which APNs never is.
            httpVersion: .http2OverTLS,
            // Wait for the connection being set up instead of opening another one per
            // request, so concurrent requests become streams on one connection.
            waitForMultiplexing: true,
            acceptEncoding: false, maximumBodyBytes: Self.maximumBodyBytes,
            threadName: "sideline-curl-http2"
        ))
    }

    /// POSTs `body` to `url` with `headers` (`name: value`, sent as given).
    ///
    /// - Throws: ``CurlError`` when no response arrived (refused, TLS, timeout, closed,
    ///   cancelled). Any HTTP status is a response, not an error.
    public func send(url: URL, headers: [(name: String, value: String)], body: Data) async throws(CurlError) -> CurlResponse {
        try await client.send(CurlRequest(.post, url: url.absoluteString, headers: headers, body: body))
    }

    /// Makes the next requests go out on a new connection: APNs asks for one after a 500 or
    /// 503. Requests already in flight finish on the old connection; requests sent
    /// meanwhile wait for them (at most the request timeout) and then use the new one.
    public func resetConnection() { client.resetConnection() }

    /// Fails pending requests with ``CurlError/Kind/closed`` and stops the thread.
    /// Idempotent; later sends fail at once.
    public func close() { client.close() }
}
