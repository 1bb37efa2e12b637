import Foundation

/// What one attempt came back with, in the only terms delivery decides on. Sinks translate
/// their transport's answers into these at the boundary (`APNsSink`, the HTTP sinks).
///
/// The line that matters for a start: an **answered** refusal (`deferred`, `refused`,
/// `tokenRejected`) means nothing reached the device, so the start may go again; only an
/// **unanswered** request (it went out, no answer came) leaves the outcome unknown.
public enum DeliveryAnswer: Sendable, Hashable {
    /// Taken. `receipt` is the receiver's id for it (APNs' `apns-id`), when it gave one.
    case accepted(receipt: String?)
    /// The token is dead (`BadDeviceToken`, `410 Unregistered`): forget it, unless a newer
    /// one was stored after `unregisteredAt`.
    case tokenRejected(reason: String, unregisteredAt: Date?)
    /// Refused for a reason sending again cannot fix: bad configuration or credentials, a
    /// payload too large. Not retried; reported.
    case refused(reason: String)
    /// The receiver refused our credentials or address (Home Assistant's 401, a redirect):
    /// every push would be answered the same until the configuration changes. Nothing was
    /// delivered and nothing is given up: the push stays pending, no attempt counted, and the
    /// sink holds every push until the configuration is fixed, when the newest state goes.
    case held(reason: String)
    /// The receiver refused the target itself (Home Assistant: an unknown notify service,
    /// data it cannot use): that target gets nothing more until it is fixed; others go on.
    case targetRefused(reason: String)
    /// Answered, not taken now: 429, 5xx. Nothing was delivered; try again after
    /// `retryAfter` seconds when the server said, after the backoff otherwise.
    case deferred(reason: String, retryAfter: TimeInterval?)
    /// No connection was made (refused, DNS, TLS): the request never left.
    case notSent(reason: String)
    /// The request went out and no answer came (timeout, connection lost): it may have
    /// been delivered.
    case unanswered(reason: String)

    /// The reason given, for logs and the `last_error` column.
    public var reason: String {
        switch self {
        case .accepted(let receipt): "accepted" + (receipt.map { " (\($0))" } ?? "")
        case .tokenRejected(let reason, _), .refused(let reason), .held(let reason), .targetRefused(let reason), .deferred(let reason, _),
             .notSent(let reason), .unanswered(let reason):
            reason
        }
    }
}

/// Something the delivery loop must do, decided by the ``DeliveryMachine``.
public enum DeliveryAction: Sendable, Hashable {
    /// Record the attempt as delivered.
    case markDelivered(receipt: String?)
    /// Keep it pending until `at`; the rest of its lane waits behind it.
    case retry(at: Date, reason: String)
    /// The push's first step was taken (Home Assistant: an end's final state); keep it
    /// pending, with no error and no attempt counted, until its next step is due at `at`.
    case awaitNextStep(at: Date)
    /// Give it up for good.
    case fail(reason: String)
    /// Keep it pending, with no attempt counted, until the configuration is fixed (the sink
    /// holds every push meanwhile); the rest of its lane waits behind it.
    case hold(reason: String)
    /// Forget the token the attempt used: the push-to-start token for a start, the
    /// activity's token otherwise (unless a newer one was stored after `issuedBefore`).
    case forgetToken(String, issuedBefore: Date?)
    /// The pushes queued behind a start whose newest state the start carried: skip them.
    case skipCarried(count: Int)
    /// Mark the target broken (shown in `status`), so nothing more is sent to it.
    case markTargetBroken(reason: String)
    /// Say loudly that the configuration (key, team, bundle id, environment, URL, secret)
    /// needs fixing: every request will fail the same way.
    case reportConfigurationProblem(reason: String)
}

extension DeliveryAnswer {
    /// The push reached no one and spent nothing at the receiver: a daily allowance counted
    /// before it went is given back (the request never left, or was held).
    public var neverReached: Bool {
        switch self {
        case .notSent, .held: true
        default: false
        }
    }
}
