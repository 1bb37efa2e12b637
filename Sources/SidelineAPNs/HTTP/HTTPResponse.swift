import Foundation

/// The HTTP version libcurl negotiated for a transfer (`CURLINFO_HTTP_VERSION`). APNs speaks
/// only HTTP/2, so anything else against Apple means a proxy or a misbuilt libcurl.
public enum HTTPVersion: String, Sendable, Hashable, CustomStringConvertible {
    case http1_0 = "HTTP/1.0"
    case http1_1 = "HTTP/1.1"
    case http2 = "HTTP/2"
    case http3 = "HTTP/3"
    case unknown = "HTTP/?"

    public var description: String { rawValue }
}

/// One complete response.
public struct HTTPResponse: Sendable, Hashable {
    public let status: Int
    /// Header names lowercased (HTTP/2 sends them so); the last value wins on repeats.
    public let headers: [String: String]
    public let body: Data
    public let httpVersion: HTTPVersion

    public init(status: Int, headers: [String: String], body: Data, httpVersion: HTTPVersion) {
        self.status = status
        self.headers = headers
        self.body = body
        self.httpVersion = httpVersion
    }
}

/// A request that got no HTTP response.
public struct HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The client was closed before the request completed.
        case closed
        /// The calling task was cancelled.
        case cancelled
        /// The request timeout passed.
        case timedOut
        /// No TCP connection (refused, unreachable, DNS).
        case connectionFailed
        /// TLS handshake or certificate verification failed.
        case tls
        /// Anything else libcurl reported (reset stream, send/receive error…).
        case other
    }

    public let kind: Kind
    /// libcurl's `CURLcode`, when libcurl reported the failure.
    public let curlCode: Int?
    /// libcurl's own words (its error buffer), for the log.
    public let message: String

    public init(kind: Kind, curlCode: Int? = nil, message: String) {
        self.kind = kind
        self.curlCode = curlCode
        self.message = message
    }

    public var description: String {
        if let curlCode { return "\(message) (curl error \(curlCode))" }
        return message
    }
}
