import Foundation
import SidelineCurl

/// ``HTTPTransport`` and ``HTTPPoster`` over ``CurlClient``: libcurl's multi interface driven
/// by one thread (see `docs/adr/013-sleeper-over-libcurl.md`). One transport is one client:
/// connections are kept alive and reused across requests, concurrent requests run side by
/// side on the one thread, and there is no cookie store and no URL cache (ETags are handled
/// by the Sleeper client's response cache, where the budget can see them).
///
/// GETs follow redirects (http and https only, at most 20), as `URLSession` did, unless they
/// carry an `Authorization` header; POSTs do not (see ``post(_:headers:body:timeout:)``).
public final class CurlTransport: HTTPTransport {
    /// Sent as `User-Agent` so Sleeper can tell Sideline instances apart from scrapers.
    public static let defaultUserAgent = "Sideline/\(SidelineVersion.current)"

    /// Per-request timeout in seconds (millisecond resolution).
    public let timeout: TimeInterval
    let userAgent: String
    /// The local address every request leaves from (`http.source_address`), or `nil` for
    /// the one the routing table picks.
    public let sourceAddress: String?
    /// `failure` only when libcurl could not make a multi handle (out of memory at start):
    /// every request then fails as unreachable instead of the process failing to start.
    let client: Result<CurlClient, CurlError>

    /// - Parameters:
    ///   - timeout: per-request timeout in seconds, connection setup included.
    ///   - userAgent: the `User-Agent` header.
    ///   - caFile: a PEM bundle to trust instead of the system store; `nil` for libcurl's
    ///     built-in store (Debian: `/etc/ssl/certs/ca-certificates.crt`).
    ///   - sourceAddress: an IPv4 or IPv6 literal of this host that every connection leaves
    ///     from (Sleeper limits calls per client address); `nil` for the routing table's pick.
    public init(timeout: TimeInterval = 15, userAgent: String = CurlTransport.defaultUserAgent, caFile: String? = nil, sourceAddress: String? = nil) {
        self.timeout = timeout
        self.userAgent = userAgent
        self.sourceAddress = sourceAddress
        client = Result { () throws(CurlError) in
            try CurlClient(options: CurlClientOptions(
                timeout: timeout, connectTimeout: min(timeout, 10), caFile: caFile,
                // What libcurl (and so URLSession) does by default: HTTP/2 when the TLS
                // server offers it, waiting for it so concurrent GETs share one connection.
                httpVersion: .http2OverTLS, waitForMultiplexing: true,
                acceptEncoding: true,
                // `players/nfl` is ~15 MB decoded; four times that is a broken server.
                maximumBodyBytes: 64 << 20,
                threadName: "sideline-http", sourceAddress: sourceAddress
            ))
        }
    }

    public func get(_ url: URL, headers: [String: String]) async throws(HTTPUnreachable) -> HTTPTransportResponse {
        let lines = Self.merge(["User-Agent": userAgent, "Accept": "application/json"], headers)
        // A GET with credentials (Home Assistant's token) is not followed: libcurl drops the
        // `Authorization` header when a redirect changes scheme, host or port (http → https
        // behind a proxy), so the server behind it would answer 401 and the person be told
        // their token is wrong. The caller gets the 3xx and can say which address to use.
        // Sleeper's and ESPN's public GETs carry none and follow as before.
        let credentials = headers.keys.contains { $0.caseInsensitiveCompare("Authorization") == .orderedSame }
        let request = CurlRequest(.get, url: url.absoluteString, headers: lines, followRedirects: !credentials)
        do throws(CurlError) {
            return try await Self.response(client.get().send(request))
        } catch {
            throw HTTPUnreachable(url: url.absoluteString, reason: Self.reason(for: error, sourceAddress: sourceAddress))
        }
    }

    /// `defaults` overridden by `headers`, names compared case-insensitively (as
    /// `URLRequest.setValue(_:forHTTPHeaderField:)` did), defaults first.
    static func merge(_ defaults: KeyValuePairs<String, String>, _ headers: [String: String]) -> [(name: String, value: String)] {
        var lines: [(name: String, value: String)] = []
        lines.reserveCapacity(defaults.count + headers.count)
        let given = Set(headers.keys.map { $0.lowercased() })
        for (name, value) in defaults where !given.contains(name.lowercased()) { lines.append((name, value)) }
        for (name, value) in headers { lines.append((name, value)) }
        return lines
    }

    static func response(_ response: CurlResponse) -> HTTPTransportResponse {
        HTTPTransportResponse(status: response.status, headers: HTTPResponseHeaders(lowercased: response.headers), body: response.body)
    }

    /// The short, fixed reasons ``HTTPUnreachable`` and ``HTTPPostError`` carry; libcurl's own message (which may name hosts and paths) only
    /// for what has no short name, and then its fixed text for the code.
    static func reason(for error: CurlError, sourceAddress: String? = nil) -> String {
        switch error.kind {
        case .timedOut: "timed out"
        case .connectionFailed: "connection refused"
        case .hostNotFound: "host not found"
        case .cancelled: "cancelled"
        case .connectionLost: "network unavailable"
        case .closed: "transport closed"
        case .bodyTooLarge: "response too large"
        // Every request fails the same way until the setting is fixed: name the setting.
        case .sourceAddressUnavailable: "cannot send from \(sourceAddress ?? "the source address"): not an address of this host (http.source_address)"
        case .tls: "TLS: " + curlText(error)
        case .other: curlText(error)
        }
    }

    private static func curlText(_ error: CurlError) -> String {
        error.codeDescription ?? error.message
    }
}
