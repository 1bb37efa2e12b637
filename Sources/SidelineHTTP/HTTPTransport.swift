import Foundation

/// Response headers with case-insensitive lookup (HTTP field names are case-insensitive).
public struct HTTPResponseHeaders: Sendable, Hashable {
    private var fields: [String: String]

    public init(_ fields: [String: String] = [:]) {
        var lowered: [String: String] = [:]
        for (name, value) in fields { lowered[name.lowercased()] = value }
        self.fields = lowered
    }

    /// Fields whose names are lowercased already (``CurlResponse/headers``).
    init(lowercased fields: [String: String]) {
        self.fields = fields
    }

    public subscript(name: String) -> String? { fields[name.lowercased()] }

    /// All fields, names lower-cased.
    public var all: [String: String] { fields }
}

/// What a transport got back: status, headers and the (already decompressed) body.
public struct HTTPTransportResponse: Sendable, Hashable {
    public let status: Int
    public let headers: HTTPResponseHeaders
    public let body: Data

    public init(status: Int, headers: HTTPResponseHeaders, body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Makes HTTP GET requests. The real one is ``CurlTransport`` (libcurl's multi interface);
/// the protocol lets tests substitute a failing or recording transport.
public protocol HTTPTransport: Sendable {
    /// Performs one GET. Any answer, whatever its status, is returned; only a missing answer
    /// (refused, DNS, timeout, TLS) throws.
    func get(_ url: URL, headers: [String: String]) async throws(HTTPUnreachable) -> HTTPTransportResponse
}

/// A GET that got no answer at all.
public struct HTTPUnreachable: Error, Sendable, Hashable, CustomStringConvertible {
    public let url: String
    /// Short and fixed: `"connection refused"`, `"timed out"`, `"host not found"`, …
    public let reason: String

    public init(url: String, reason: String) {
        self.url = url
        self.reason = reason
    }

    public var description: String { "could not reach \(url): \(reason)" }
}
