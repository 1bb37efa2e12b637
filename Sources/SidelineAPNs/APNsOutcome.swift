import Foundation

/// What became of one push, classified by what the sender must do next (the table in
/// `docs/apns-live-activity.md`, "Responses").
public enum APNsOutcome: Sendable, Hashable, CustomStringConvertible {
    /// 200: APNs took it. Keep the `apns-id` in the log.
    case delivered(apnsID: String)
    /// The token is dead: `400 BadDeviceToken` (invalid, or for the other environment) or
    /// `410 Unregistered`/`ExpiredToken`. Stop using it; for 410, delete it only if it was
    /// stored before `unregisteredAt` (see ``invalidates(tokenStoredAt:)``).
    case tokenRejected(reason: String, unregisteredAt: Date?)
    /// A bug or wrong setting on our side that retrying will not fix: a wrong topic, push
    /// type, priority or expiration (400s), or wrong credentials (403 `InvalidProviderToken`,
    /// `MissingProviderToken`, `BadEnvironmentKeyInToken`, or still `ExpiredProviderToken`
    /// with a fresh token, i.e. a wrong clock). Log loudly, keep the token, don't retry.
    case configurationError(status: Int, reason: String)
    /// Over 4096 bytes, refused locally before sending or answered `413`. The content
    /// state must be made smaller; never retry the same payload.
    case payloadTooLarge
    /// Try again later: `429` (back off for that token and then send only the newest state),
    /// `5xx` (back off exponentially; the connection has been reset), or no response at all
    /// (`status` is `nil`: refused, TLS, timeout). `retryAfter` is the server's `retry-after`
    /// in seconds when it sent one (APNs usually does not).
    case retryLater(status: Int?, reason: String, retryAfter: TimeInterval?)

    /// `true` when sending the same request again can never succeed: the token, the
    /// configuration or the payload must change first.
    public var isPermanent: Bool {
        switch self {
        case .tokenRejected, .configurationError, .payloadTooLarge: true
        case .delivered, .retryLater: false
        }
    }

    /// Marks a ``retryLater(status:reason:retryAfter:)`` whose request provably never
    /// reached APNs (no connection was made).
    static let notSentPrefix = "not sent: "

    /// `true` when the request provably never reached APNs (no connection). Anything else
    /// without a response (a timeout, a reset stream) may have been delivered: a caller
    /// that must send at most once (a push-to-start) must not resend it.
    public var wasNotSent: Bool {
        guard case .retryLater(nil, let reason, _) = self else { return false }
        return reason.hasPrefix(Self.notSentPrefix)
    }

    /// `true` only when the request went out and no answer came (a timeout, a reset
    /// stream): it may have been delivered, so a push-to-start must not be sent again. An
    /// answered refusal (429, 5xx, any status but 200) means APNs did not take it, and a
    /// failed connection means it never left: both may be sent again.
    public var outcomeUnknown: Bool {
        guard case .retryLater(nil, _, _) = self else { return false }
        return !wasNotSent
    }

    public var isDelivered: Bool {
        if case .delivered = self { return true }
        return false
    }

    /// `true` for the 403s that mean the key, key id, team id or the server's clock is wrong:
    /// every request will fail the same way, so alert rather than keep sending.
    public var isCredentialsProblem: Bool {
        guard case .configurationError(403, _) = self else { return false }
        return true
    }

    /// Whether a token stored (registered or last refreshed) at `storedAt` should be
    /// deleted. APNs's 410 `timestamp` is when it learned the token was invalid; a token
    /// the app registered after that is a new, valid registration. 400 `BadDeviceToken`
    /// has no timestamp: the token is never valid.
    public func invalidates(tokenStoredAt storedAt: Date) -> Bool {
        guard case .tokenRejected(_, let unregisteredAt) = self else { return false }
        guard let unregisteredAt else { return true }
        return storedAt < unregisteredAt
    }

    public var description: String {
        switch self {
        case .delivered(let apnsID):
            return "delivered (apns-id \(apnsID))"
        case .tokenRejected(let reason, let unregisteredAt):
            let since = unregisteredAt.map { " since \(Int($0.timeIntervalSince1970)) (Unix)" } ?? ""
            return "token rejected: \(reason)\(since); stop using it"
        case .configurationError(let status, let reason):
            let what = status == 403 ? "APNs credentials rejected" : "APNs rejected the request"
            return "\(what): \(status) \(reason); fix the configuration, not retrying"
        case .payloadTooLarge:
            return "payload too large (over \(APNsClient.maximumPayloadBytes) bytes); not retrying"
        case .retryLater(let status, let reason, let retryAfter):
            let code = status.map { "\($0) " } ?? ""
            let after = retryAfter.map { ", retry after \(Int($0)) s" } ?? ""
            return "retry later: \(code)\(reason)\(after)"
        }
    }
}
