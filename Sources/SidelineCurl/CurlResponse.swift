import Foundation

/// The HTTP version libcurl negotiated for a transfer (`CURLINFO_HTTP_VERSION`).
public enum CurlHTTPVersion: String, Sendable, Hashable, CustomStringConvertible {
    case http1_0 = "HTTP/1.0"
    case http1_1 = "HTTP/1.1"
    case http2 = "HTTP/2"
    case http3 = "HTTP/3"
    case unknown = "HTTP/?"

    public var description: String { rawValue }
}

/// One complete response, whatever its status.
public struct CurlResponse: Sendable, Hashable {
    public let status: Int
    /// Header names lowercased (HTTP/2 sends them so, and HTTP field names are
    /// case-insensitive); the last value wins on repeats. After followed redirects, the
    /// last response's headers only.
    public let headers: [String: String]
    /// Decoded already when the client asks for compression (``CurlClientOptions/acceptEncoding``).
    public let body: Data
    public let httpVersion: CurlHTTPVersion

    public init(status: Int, headers: [String: String], body: Data, httpVersion: CurlHTTPVersion) {
        self.status = status
        self.headers = headers
        self.body = body
        self.httpVersion = httpVersion
    }
}
