import Foundation
import SidelineCore

/// What a sink promises for the events it carries, and how patiently it retries. The
/// ``DeliveryMachine`` reads every decision from a policy, so a new sink adds a policy,
/// not a fork of the delivery rules.
public struct DeliveryPolicy: Sendable, Hashable {
    /// What happens to a start whose request went out and whose answer never came.
    public enum UnansweredStart: Sendable, Hashable {
        /// Never sent again: a second push-to-start makes a second activity on the phone
        /// (APNs). A start that was *answered* with a refusal is still retried: nothing
        /// reached the device.
        case giveUp
        /// Sent again with the same id: the receiver recognises a repeat (webhooks, ntfy).
        case resend
    }

    /// How a start whose outcome is unknown is treated.
    public var unansweredStart: UnansweredStart
    /// `true` when only the newest state matters: a queued update behind another is
    /// skipped (APNs), and a start sent late carries the newest content state. `false`
    /// when every event is owed in order (a webhook receiver may keep a history).
    public var newestStateOnly: Bool
    /// Attempts before an event is given up for good (one request each).
    public var maxAttempts: Int
    /// No rest is longer than this, whatever a server asks (`Retry-After: 1e9`).
    public var maxRetryDelay: TimeInterval
    /// A refused start waits at least this long before it is tried again: Apple budgets
    /// push-to-start (about ten in a short window), and hammering it only extends the refusal.
    public var minimumStartRetryDelay: TimeInterval
    /// How long an update or end may wait for the app to report the activity's token.
    public var tokenWait: TimeInterval
    /// `true` when a push goes to the target itself (a Home Assistant notify service), not
    /// to ActivityKit tokens: no push-to-start token, no waiting for an activity token.
    public var addressesTarget: Bool
    /// Keep-alive events exist to move APNs' stale date; a sink without one skips them.
    public var skipsKeepAlive: Bool
    /// A daily allowance per target (Home Assistant's relay), or `nil` for none.
    public var allowance: PushAllowance?

    public init(
        unansweredStart: UnansweredStart, newestStateOnly: Bool, maxAttempts: Int = 20,
        maxRetryDelay: TimeInterval = 15 * 60, minimumStartRetryDelay: TimeInterval = 0,
        tokenWait: TimeInterval = 8 * 3600, addressesTarget: Bool = false, skipsKeepAlive: Bool = false, allowance: PushAllowance? = nil
    ) {
        self.unansweredStart = unansweredStart
        self.newestStateOnly = newestStateOnly
        self.maxAttempts = max(1, maxAttempts)
        self.maxRetryDelay = maxRetryDelay
        self.minimumStartRetryDelay = minimumStartRetryDelay
        self.tokenWait = tokenWait
        self.addressesTarget = addressesTarget
        self.skipsKeepAlive = skipsKeepAlive
        self.allowance = allowance
    }

    /// APNs Live Activities: a start at most once on the wire, answers per Apple's table,
    /// only the newest state worth sending (docs/apns-live-activity.md).
    public static let apns = DeliveryPolicy(unansweredStart: .giveUp, newestStateOnly: true, minimumStartRetryDelay: 30)

    /// Home Assistant: idempotent by tag (a repeat updates the same activity, so anything
    /// may go again), only the newest state, no keep-alives, within a daily allowance per
    /// notify service.
    public static func homeAssistant(dailyPushes: Int) -> DeliveryPolicy {
        DeliveryPolicy(unansweredStart: .resend, newestStateOnly: true, addressesTarget: true, skipsKeepAlive: true,
                       allowance: PushAllowance(limit: dailyPushes))
    }

    /// Webhooks, ntfy and stdout: every event at least once, in order, with a stable id.
    public static let atLeastOnce = DeliveryPolicy(unansweredStart: .resend, newestStateOnly: false)

    /// Exponential backoff between attempts: 5 s, 10 s, 20 s… capped at ``maxRetryDelay``
    /// (20 attempts then span about three and a half hours).
    public func backoff(afterAttempts attempts: Int) -> TimeInterval {
        min(maxRetryDelay, 5 * pow(2, Double(min(30, max(0, attempts - 1)))))
    }

    /// The rest before the next attempt: what the server asked for (capped, and never
    /// negative or not a number), or the backoff when it asked nothing.
    public func retryDelay(afterAttempts attempts: Int, serverAsked: TimeInterval?, kind: LifecycleEventKind) -> TimeInterval {
        var delay = backoff(afterAttempts: attempts)
        if let asked = serverAsked, asked.isFinite, asked >= 0 { delay = min(asked, maxRetryDelay) }
        if kind == .start { delay = max(delay, minimumStartRetryDelay) }
        return delay
    }
}
