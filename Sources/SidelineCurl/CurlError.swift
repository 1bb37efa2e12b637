import CCurl

/// A request that got no HTTP response.
public struct CurlError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The client was closed before the request completed.
        case closed
        /// The calling task was cancelled.
        case cancelled
        /// The request timeout passed.
        case timedOut
        /// No TCP connection: refused or unreachable.
        case connectionFailed
        /// The host name did not resolve.
        case hostNotFound
        /// TLS handshake or certificate verification failed.
        case tls
        /// The connection broke while sending or receiving.
        case connectionLost
        /// The configured source address could not be bound: this host does not have it
        /// (``CurlClientOptions/sourceAddress``).
        case sourceAddressUnavailable
        /// The response body passed ``CurlClientOptions/maximumBodyBytes``.
        case bodyTooLarge
        /// Anything else libcurl reported (reset stream, bad URL, too many redirects…).
        case other
    }

    public let kind: Kind
    /// libcurl's `CURLcode`, when libcurl reported the failure.
    public let curlCode: Int?
    /// libcurl's own words (its error buffer), for the log. May name the host.
    public let message: String

    public init(kind: Kind, curlCode: Int? = nil, message: String) {
        self.kind = kind
        self.curlCode = curlCode
        self.message = message
    }

    /// libcurl's fixed text for ``curlCode`` (`curl_easy_strerror`): short, and unlike
    /// ``message`` never names a host or path.
    public var codeDescription: String? {
        guard let curlCode, let code = UInt32(exactly: curlCode) else { return nil }
        return String(cString: curl_easy_strerror(CURLcode(rawValue: code)))
    }

    public var description: String {
        if let curlCode { return "\(message) (curl error \(curlCode))" }
        return message
    }
}
