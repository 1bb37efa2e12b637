import Foundation
import SidelineCurl

/// Reads an APNs response into an ``APNsOutcome``. Pure, so every row of the contract's
/// table is unit-tested without a server.
enum APNsResponseClassifier {
    enum Classification: Sendable, Hashable {
        case outcome(APNsOutcome)
        /// `403 ExpiredProviderToken`: the client signs a new JWT and retries once.
        case expiredProviderToken
    }

    /// Reasons that mean the credentials are wrong (403) rather than stale.
    static let credentialReasons: Set<String> = ["InvalidProviderToken", "MissingProviderToken", "BadEnvironmentKeyInToken"]

    static func classify(_ response: CurlResponse, apnsID: UUID) -> Classification {
        let body = ErrorBody(response.body)
        let reason = body.reason ?? "HTTP \(response.status)"
        switch response.status {
        case 200:
            return .outcome(.delivered(apnsID: response.headers["apns-id"] ?? apnsID.uuidString.lowercased()))
        case 400 where reason == "BadDeviceToken":
            return .outcome(.tokenRejected(reason: reason, unregisteredAt: nil))
        case 403 where reason == "ExpiredProviderToken":
            return .expiredProviderToken
        case 410:
            let at = body.timestampMilliseconds.map { Date(timeIntervalSince1970: $0 / 1000) }
            return .outcome(.tokenRejected(reason: reason, unregisteredAt: at))
        case 413:
            return .outcome(.payloadTooLarge)
        case 429:
            return .outcome(.retryLater(status: 429, reason: reason, retryAfter: retryAfter(response)))
        case 500...599:
            return .outcome(.retryLater(status: response.status, reason: reason, retryAfter: retryAfter(response)))
        default:
            // Other 400s (topic, push type, priority, expiration, empty payload), the 403
            // credential reasons, 404 BadPath, 405: ours to fix. An unexpected 1xx/3xx
            // (a proxy in the way) is also a configuration problem.
            return .outcome(.configurationError(status: response.status, reason: reason))
        }
    }

    /// A missing transport response is always worth retrying later. When no connection
    /// was made (refused, DNS, TLS), the reason says so: such a request never reached APNs.
    static func classify(_ error: CurlError) -> APNsOutcome {
        let notSent = error.kind == .connectionFailed || error.kind == .hostNotFound || error.kind == .tls
        return .retryLater(status: nil, reason: (notSent ? APNsOutcome.notSentPrefix : "") + error.description, retryAfter: nil)
    }

    /// `retry-after` in delta-seconds; the HTTP-date form is not used by APNs and ignored.
    static func retryAfter(_ response: CurlResponse) -> TimeInterval? {
        // The one Retry-After reader: capped at 15 minutes, garbage is no value. Without a
        // reference instant an HTTP-date gives nil, as APNs never sends one.
        RetryAfter.seconds(response.headers["retry-after"])
    }

    /// `{"reason": "...", "timestamp": <ms since epoch>}`; either may be missing.
    struct ErrorBody {
        var reason: String?
        var timestampMilliseconds: Double?

        init(_ data: Data) {
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
            reason = object["reason"] as? String
            if let number = object["timestamp"] as? NSNumber { timestampMilliseconds = number.doubleValue }
        }
    }
}
