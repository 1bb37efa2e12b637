import Foundation

/// One HTTP request for ``CurlClient/send(_:)``.
public struct CurlRequest: Sendable {
    public enum Method: String, Sendable, Hashable {
        case get = "GET"
        case post = "POST"
    }

    public var method: Method
    /// An absolute `http` or `https` URL; libcurl refuses every other scheme.
    public var url: String
    /// Sent as given, in order. A name libcurl would send itself (`Accept`, `User-Agent`)
    /// replaces libcurl's line; an empty value removes it.
    public var headers: [(name: String, value: String)]
    /// The POST body (ignored for GET). libcurl copies it, so it need not outlive the call.
    public var body: Data
    /// The whole request, connection setup and redirects included; `nil` takes the client's
    /// ``CurlClientOptions/timeout``. Millisecond resolution.
    public var timeout: TimeInterval?
    /// Follow `Location` on 3xx (at most ``CurlClientOptions/maximumRedirects``, http and
    /// https only) and return the last response; otherwise the 3xx itself is the response.
    public var followRedirects: Bool

    public init(
        _ method: Method, url: String, headers: [(name: String, value: String)] = [], body: Data = Data(),
        timeout: TimeInterval? = nil, followRedirects: Bool = false
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.followRedirects = followRedirects
    }
}
