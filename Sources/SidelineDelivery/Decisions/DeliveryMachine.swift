import Foundation
import SidelineCore

/// Every delivery decision, as a pure value: rows, answers, facts and the instant in;
/// what to do out. The loops (``OutboxDelivery``, ``DeviceDelivery``) read the rows,
/// ask, and perform the actions; they decide nothing. So the rules (ADR 011, ADR 022,
/// the README's APNs table) are tested as a table, without HTTP or SQLite.
public struct DeliveryMachine: Sendable {
    public let policy: DeliveryPolicy

    public init(policy: DeliveryPolicy) {
        self.policy = policy
    }

    // MARK: - Before a request

    /// What to do with the head of a device lane (one activity on one device).
    public enum Preparation: Sendable, Hashable {
        /// Send to `token`. `markSendingFirst`: commit "on the wire" before the request,
        /// so a crash mid-request never sends it again. `carrying`: how many of the pushes
        /// queued behind a start it stands for (it carries the newest one's state).
        case send(token: String, markSendingFirst: Bool, carrying: Int)
        /// Close it without a request (recorded as skipped).
        case skip(reason: String)
        /// Close it as failed without a request.
        case fail(reason: String)
        /// Not now: the lane waits for a later pass.
        case wait
    }

    /// Decides a device lane's head, given what is queued behind it and what is known of the
    /// device (`nil`: removed).
    /// Longer than any push request may take (the HTTP clients give up well before): a
    /// start claimed longer ago than this and still unanswered was cut off by a crash.
    public static let answerHorizon: TimeInterval = 120

    public func prepare(_ head: PendingDevicePush, later: ArraySlice<PendingDevicePush>, device: DeviceFacts?, now: Date) -> Preparation {
        guard let device else { return .skip(reason: Messages.Pushes.deviceRemoved) }
        if head.wasSending, head.kind == .start, policy.unansweredStart == .giveUp {
            // Claimed by another delivery loop that may be waiting for its answer right now
            // (a pass and the API server share the database): that loop records the answer.
            // Only a claim older than any request can last was cut off by a crash.
            guard now.timeIntervalSince(head.updatedAt) >= Self.answerHorizon else { return .wait }
            return .fail(reason: Messages.Pushes.interruptedStart)
        }
        if let until = device.pausedUntil, until > now { return .skip(reason: Messages.Pushes.paused) }
        if let broken = device.brokenReason { return .skip(reason: Messages.Pushes.brokenTarget(broken)) }
        guard head.notBefore <= now else { return .wait }
        if policy.addressesTarget { return prepareForTarget(head, later: later, device: device) }

        if head.kind == .start {
            // An activity that ended before its start got out is not worth starting.
            if later.contains(where: { $0.kind == .end }) { return .skip(reason: Messages.Pushes.endedBeforeStart) }
            guard let token = device.pushToStartToken else { return .skip(reason: Messages.Pushes.noPushToStartToken) }
            // A late start shows the newest state: the updates queued behind it are carried.
            let carrying = policy.newestStateOnly ? later.prefix(while: { $0.kind == .update }).count : 0
            return .send(token: token, markSendingFirst: policy.unansweredStart == .giveUp, carrying: carrying)
        }
        if device.dismissed { return .skip(reason: Messages.Pushes.dismissed) }
        if device.startStatus == .failed || device.startStatus == .skipped { return .skip(reason: Messages.Pushes.neverStarted) }
        // Only the newest state matters: a queued update behind this one replaces it.
        if head.kind == .update, policy.newestStateOnly, !later.isEmpty { return .skip(reason: Messages.Pushes.superseded) }
        guard let token = device.activityToken else {
            return now.timeIntervalSince(head.at) > policy.tokenWait ? .fail(reason: Messages.Pushes.noActivityToken) : .wait
        }
        return .send(token: token, markSendingFirst: false, carrying: 0)
    }

    /// A push addressed to the target itself (Home Assistant): no tokens to wait for; keep-
    /// alives skipped; only the newest state; a late start carries it.
    private func prepareForTarget(_ head: PendingDevicePush, later: ArraySlice<PendingDevicePush>, device: DeviceFacts) -> Preparation {
        guard let target = device.notifyService else { return .skip(reason: Messages.Pushes.deviceRemoved) }
        switch head.kind {
        case .start:
            if later.contains(where: { $0.kind == .end }) { return .skip(reason: Messages.Pushes.endedBeforeStart) }
            let carrying = policy.newestStateOnly ? later.prefix(while: { $0.kind == .update }).count : 0
            return .send(token: target, markSendingFirst: false, carrying: carrying)
        case .update:
            if policy.skipsKeepAlive, head.reason == .keepAlive { return .skip(reason: Messages.Pushes.keepAliveNotSent) }
            if policy.newestStateOnly, !later.isEmpty { return .skip(reason: Messages.Pushes.superseded) }
            return .send(token: target, markSendingFirst: false, carrying: 0)
        case .end:
            return .send(token: target, markSendingFirst: false, carrying: 0)
        }
    }

    /// Whether a push spends the reserve of a daily allowance: a start, a resumed game, and
    /// what the push policy made loud (a lead change, a final).
    public static func isImportant(_ row: PendingDevicePush, coding: any DevicePushCoding) -> Bool {
        row.kind == .start || row.reason == .resumed || coding.isImportant(row.body)
    }

    /// Whether a whole-event delivery may be tried now (it waits out its backoff).
    public func mayAttempt(_ row: PendingDelivery, now: Date) -> Bool { row.notBefore <= now }

    // MARK: - After a request

    /// What to record after an attempt, and whether the lane may go on to its next row.
    public struct Settlement: Sendable, Hashable {
        public var actions: [DeliveryAction]
        /// `false` when the row stays pending: the rows behind it wait, so a receiver never
        /// sees an activity's events out of order.
        public var laneContinues: Bool
    }

    /// Decides what an answer means for a row of `kind` that had been tried `attempts`
    /// times before this attempt. `nextStepAt`: the attempt was the first step of a push in
    /// two (``DevicePushStep``), whose last step is due then.
    public func settle(_ answer: DeliveryAnswer, kind: LifecycleEventKind, attempts: Int, carrying: Int = 0, token: String? = nil,
                       nextStepAt: Date? = nil, now: Date) -> Settlement {
        let tried = attempts + 1
        switch answer {
        case .accepted where nextStepAt != nil:
            return Settlement(actions: [.awaitNextStep(at: nextStepAt ?? now)], laneContinues: false)
        case .accepted(let receipt):
            var actions: [DeliveryAction] = [.markDelivered(receipt: receipt)]
            if carrying > 0 { actions.append(.skipCarried(count: carrying)) }
            return Settlement(actions: actions, laneContinues: true)
        case .tokenRejected(let reason, let unregisteredAt):
            var actions: [DeliveryAction] = []
            if let token { actions.append(.forgetToken(token, issuedBefore: unregisteredAt)) }
            actions.append(.fail(reason: reason))
            return Settlement(actions: actions, laneContinues: true)
        case .refused(let reason):
            return Settlement(actions: [.fail(reason: reason), .reportConfigurationProblem(reason: reason)], laneContinues: true)
        case .held(let reason):
            // An end held here still arrives once the configuration is fixed; failed, it would
            // leave the activity up until iOS's 8-hour limit.
            return Settlement(actions: [.hold(reason: reason), .reportConfigurationProblem(reason: reason)], laneContinues: false)
        case .targetRefused(let reason):
            return Settlement(actions: [.fail(reason: reason), .markTargetBroken(reason: reason)], laneContinues: true)
        case .unanswered(let reason) where kind == .start && policy.unansweredStart == .giveUp:
            return Settlement(actions: [.fail(reason: "\(reason); \(Messages.Pushes.interruptedStart)")], laneContinues: true)
        case .deferred(let reason, let retryAfter):
            return retry(reason: reason, serverAsked: retryAfter, kind: kind, tried: tried, nextStepAt: nextStepAt, now: now)
        case .notSent(let reason), .unanswered(let reason):
            return retry(reason: reason, serverAsked: nil, kind: kind, tried: tried, nextStepAt: nextStepAt, now: now)
        }
    }

    private func retry(reason: String, serverAsked: TimeInterval?, kind: LifecycleEventKind, tried: Int, nextStepAt: Date?, now: Date) -> Settlement {
        guard tried < policy.maxAttempts else {
            // A first step given up still owes its last one: an end's final state that never
            // got through must not leave the activity up for good.
            if let nextStepAt {
                return Settlement(actions: [.retry(at: max(now, nextStepAt), reason: Messages.Pushes.gaveUp(after: tried, reason))], laneContinues: false)
            }
            return Settlement(actions: [.fail(reason: Messages.Pushes.gaveUp(after: tried, reason))], laneContinues: true)
        }
        let delay = policy.retryDelay(afterAttempts: tried, serverAsked: serverAsked, kind: kind)
        return Settlement(actions: [.retry(at: now + delay, reason: reason)], laneContinues: false)
    }
}
