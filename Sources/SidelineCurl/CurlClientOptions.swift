import Foundation

/// What every request of one ``CurlClient`` shares.
public struct CurlClientOptions: Sendable, Hashable {
    public enum HTTPVersion: Sendable, Hashable {
        /// HTTP/1.1 only, one request per connection at a time; idle connections are kept
        /// alive in the multi handle's cache and reused.
        case http1_1
        /// HTTP/2 when TLS negotiates it (ALPN), HTTP/1.1 otherwise and for plain `http`.
        /// libcurl's default, and so what `URLSession` got on Linux.
        case http2OverTLS
    }

    /// The default per-request timeout (a ``CurlRequest`` may carry its own).
    public var timeout: TimeInterval
    /// TCP and TLS setup; the shorter of this and the request timeout applies.
    public var connectTimeout: TimeInterval
    /// A PEM bundle to trust instead of the system store (a test server's self-signed
    /// certificate, a TLS-intercepting proxy's CA). `nil`: libcurl's built-in store.
    public var caFile: String?
    public var httpVersion: HTTPVersion
    /// `CURLOPT_PIPEWAIT` for `https` with ``HTTPVersion/http2OverTLS``: a request waits
    /// for a connection being set up to say (by ALPN) whether it can multiplex rather than
    /// open another one, so concurrent HTTP/2 requests become streams on one connection.
    /// Plain `http` never multiplexes here and never waits.
    public var waitForMultiplexing: Bool
    /// Send `Accept-Encoding` with every encoding libcurl was built with and decode the
    /// body (`CURLOPT_ACCEPT_ENCODING ""`).
    public var acceptEncoding: Bool
    /// A body larger than this (after decoding) fails the request with
    /// ``CurlError/Kind/bodyTooLarge`` rather than being buffered without bound.
    public var maximumBodyBytes: Int
    /// Redirect hops a ``CurlRequest/followRedirects`` request follows (Darwin's and
    /// FoundationNetworking's limit is 20).
    public var maximumRedirects: Int
    /// `CURLMOPT_MAXCONNECTS`: idle connections kept for reuse. libcurl's default (four per
    /// handle *currently added*) shrinks as a burst drains and would close connections the
    /// next pass wants.
    public var maximumCachedConnections: Int
    /// The loop thread's name (seen in `top -H`, debuggers).
    public var threadName: String
    /// The local IPv4 or IPv6 address every connection leaves from (`CURLOPT_INTERFACE`),
    /// or `nil` for the one the routing table picks. A literal only, already validated: it
    /// is passed as `host!<address>`, so libcurl never reads it as an interface name or
    /// resolves it. An address this host does not have fails each request with
    /// ``CurlError/Kind/sourceAddressUnavailable``.
    public var sourceAddress: String?

    public init(
        timeout: TimeInterval = 15, connectTimeout: TimeInterval = 10, caFile: String? = nil,
        httpVersion: HTTPVersion = .http2OverTLS, waitForMultiplexing: Bool = true, acceptEncoding: Bool = false,
        maximumBodyBytes: Int = 64 << 20, maximumRedirects: Int = 20, maximumCachedConnections: Int = 16,
        threadName: String = "sideline-curl", sourceAddress: String? = nil
    ) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.caFile = caFile
        self.httpVersion = httpVersion
        self.waitForMultiplexing = waitForMultiplexing
        self.acceptEncoding = acceptEncoding
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumRedirects = maximumRedirects
        self.maximumCachedConnections = maximumCachedConnections
        self.threadName = threadName
        self.sourceAddress = sourceAddress
    }
}
