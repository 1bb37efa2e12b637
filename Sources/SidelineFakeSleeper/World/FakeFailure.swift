import Foundation

/// A scripted misbehaviour for requests whose path starts with a prefix.
public struct FakeFailure: Sendable {
    public enum Response: Sendable {
        /// An error status, with an optional `Retry-After` value sent verbatim.
        case status(Int, retryAfter: String? = nil, body: String = "null")
        /// HTTP 200 with a body that is not what the endpoint returns.
        case garbage(String)
        /// Exactly these bytes and headers (e.g. a pre-compressed gzip body).
        case raw(status: Int, headers: [String: String], body: Data)
        /// Answers normally, but only after this long (for client timeouts).
        case delay(Duration)
    }

    public let pathPrefix: String
    public let response: Response
    /// How many more requests this applies to; `nil` is every request until cleared.
    public var remaining: Int?
    /// The simulated instants it applies at; `nil` is always.
    public let during: Range<Date>?

    public init(pathPrefix: String, response: Response, times: Int? = nil, during: Range<Date>? = nil) {
        self.pathPrefix = pathPrefix
        self.response = response
        self.remaining = times
        self.during = during
    }

    func applies(to path: String, at now: Date) -> Bool {
        path.hasPrefix(pathPrefix) && during.map { $0.contains(now) } != false
    }
}

/// One request the fake served, for assertions.
public struct FakeRequestRecord: Sendable, Hashable {
    /// 1-based, in arrival order.
    public let sequence: Int
    public let method: String
    public let path: String
    public let query: String
    /// Header names lower-cased.
    public let headers: [String: String]
    /// The client's TCP port: the same port on two requests means a reused connection.
    public let remotePort: Int?
    /// The client's IP address (`127.0.0.2` for a poller bound to it by `http.source_address`).
    public let remoteAddress: String?
    /// Answered 429 by the per-address limit (``FakeAddressLimit``).
    public let rateLimited: Bool
}
