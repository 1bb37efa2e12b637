import Foundation

/// Makes HTTP POST requests for push sinks (webhooks, ntfy). The real one is
/// ``CurlTransport``; tests use it too, against a receiver on loopback.
public protocol HTTPPoster: Sendable {
    /// Performs one POST of `body` with `headers`. Any answer, whatever its status, is
    /// returned; only a missing answer (refused, DNS, timeout, TLS) throws, as
    /// ``HTTPPostError``.
    func post(_ url: URL, headers: [String: String], body: Data, timeout: TimeInterval) async throws -> HTTPTransportResponse
}

/// A POST that got no answer at all.
public struct HTTPPostError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Scheme, host and port only: sink URLs often carry a token in the path or query,
    /// and this error ends up in logs.
    public let host: String
    /// Short and fixed: `"connection refused"`, `"timed out"`, `"host not found"`, …
    public let reason: String
    /// The whole timeout went by: trying again at once would double the wait.
    public let timedOut: Bool

    public init(host: String, reason: String, timedOut: Bool) {
        self.host = host
        self.reason = reason
        self.timedOut = timedOut
    }

    public var description: String { "could not reach \(host): \(reason)" }

    /// `scheme://host[:port]` of `url`, without path, query or credentials.
    public static func redacted(_ url: URL) -> String {
        guard let scheme = url.scheme, let host = url.host else { return "(invalid URL)" }
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }
}
