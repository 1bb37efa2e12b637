import Foundation
import Logging
import SidelineCore

/// Per-device delivery (APNs): reads the open device pushes, asks the ``DeliveryMachine``
/// what to do with each lane's head (one activity on one device), performs it, and records
/// each answer as it arrives. The rules live in the machine and its policy (ADR 011, 022):
///
/// - A start is committed as `sending` before its request; if that write fails, the start
///   is not sent (the next pass tries again). A start found `sending` after a crash was
///   never answered: it is never resent. A start *answered* 429 or 5xx reached nobody and
///   is sent again after the rest the answer asked for, carrying the newest state.
/// - Updates and ends go at least once with a stable `apns-id`, in order per lane; a queued
///   update behind another is skipped.
/// - One failing device never holds up another device or the lifecycle.
public struct DeviceDelivery: Sendable {
    /// Pushes in flight at once (APNs multiplexes them over one HTTP/2 connection).
    public static let concurrency = 32

    let store: any DeliveryStore
    let logger: Logger

    public init(store: any DeliveryStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// A lane's head, decided and ready to go.
    struct Ready {
        let lane: String
        let row: PendingDevicePush
        let push: DevicePush
        let carrying: Int
        /// The push was counted against a daily allowance before it went.
        let admitted: Bool
        /// When the push's next step is due, if this was its first (``DevicePushStep``).
        let nextStepAt: Date?
    }

    /// Delivers `sender`'s open pushes. `horizon`: when the day's games end, for pacing a
    /// daily allowance (the next UTC midnight when `nil`).
    public func deliver(with sender: any DevicePushSender, at now: Date, horizon: Date? = nil) async -> DeliveryReport {
        var report = DeliveryReport()
        let machine = DeliveryMachine(policy: sender.policy)
        let horizon = horizon ?? PushAllowance.nextMidnight(after: now)
        if let held = await sender.beforeRun(store: store, at: now) {
            // Held, not failed: the pushes stay pending and the newest state goes once the
            // cause is fixed. Said in every pass's problems; the sink logged it loudly once.
            report.problems.append(held)
            return report
        }
        var lanes: [String: ArraySlice<PendingDevicePush>] = [:]
        var order: [String] = []
        do {
            for row in try store.openDevicePushes(sink: sender.name) {
                let key = "\(row.activityID)|\(row.deviceID)"
                if lanes[key] == nil { order.append(key) }
                lanes[key, default: []].append(row)
            }
        } catch {
            fail(Messages.Delivery.storeUnreadable("\(error)"), &report)
            return report
        }

        // Rounds: each lane offers its head; the heads go out together; lanes whose head
        // went through offer the next one. A lane that must wait drops out.
        do {
            while true {
                var batch: [Ready] = []
                for key in order where batch.count < Self.concurrency {
                    guard var rows = lanes[key] else { continue }
                    if let ready = try nextReady(in: &rows, lane: key, machine: machine, coding: sender.coding, now: now, horizon: horizon, report: &report) { batch.append(ready) }
                    lanes[key] = rows
                }
                if batch.isEmpty { break }
                await withTaskGroup(of: (Int, DeliveryAnswer).self) { group in
                    for (index, item) in batch.enumerated() {
                        group.addTask { (index, await sender.push(item.push)) }
                    }
                    // Each answer is stored as it arrives: a slow device does not hold back
                    // the record of the others (a crash then finds only its own start open).
                    for await (index, answer) in group {
                        let item = batch[index]
                        let settlement = machine.settle(answer, kind: item.row.kind, attempts: item.row.attempts, carrying: item.carrying,
                                                        token: item.push.token, nextStepAt: item.nextStepAt, now: now)
                        do {
                            // A push that never left was not spent: the relay never saw it.
                            if item.admitted, answer.neverReached {
                                try store.returnPush(target: item.push.token, at: now)
                            }
                            try record(settlement, item: item, label: sender.label, lanes: &lanes, now: now, report: &report)
                        } catch {
                            lanes[item.lane] = []
                            fail(Messages.Pushes.storeFailed("the answer for event \(item.row.eventID) on \(item.row.deviceID)", "\(error)"), &report)
                        }
                    }
                }
            }
        } catch {
            fail("\(error)", &report)
        }
        return report
    }

    /// Closes the heads the machine skips or fails and returns the first one to send, with
    /// its timestamp taken and (for a start) `sending` claimed. A lane that waits, or whose
    /// start another loop claimed, is emptied for this run. Throws only when the store fails
    /// before a send.
    func nextReady(in rows: inout ArraySlice<PendingDevicePush>, lane: String, machine: DeliveryMachine, coding: any DevicePushCoding, now: Date, horizon: Date, report: inout DeliveryReport) throws -> Ready? {
        while let head = rows.first {
            let facts: DeviceFacts?
            do { facts = try store.deviceFacts(deviceID: head.deviceID, activityID: head.activityID, at: now) } catch {
                rows = []
                throw DeliveryStoreFailure(Messages.Pushes.storeFailed("the device \(head.deviceID)", "\(error)"))
            }
            switch machine.prepare(head, later: rows.dropFirst(), device: facts, now: now) {
            case .wait:
                logger.debug("push of event \(head.eventID) to \(head.deviceID) waits (backoff, or no activity token yet)")
                rows = []
                return nil
            case .skip(let reason):
                logger.debug("push of event \(head.eventID) to \(head.deviceID) skipped: \(reason)")
                try close(head, status: .skipped, reason: reason, now: now, rows: &rows)
            case .fail(let reason):
                logger.warning("push of event \(head.eventID) to \(head.deviceID) failed: \(reason)")
                report.failures += 1
                try close(head, status: .failed, reason: reason, now: now, rows: &rows)
            case .send(let token, let markSendingFirst, let carrying):
                guard let facts else { return nil }
                // A late start shows the newest queued state, and carries that state's instant.
                let newest = carrying > 0 ? rows[rows.startIndex + carrying] : head
                let step = coding.step(carrying > 0 ? coding.carrying(head.body, newer: newest.body) : head.body, kind: head.kind, at: now)
                do {
                    // A daily allowance (Home Assistant): the push is counted before it goes,
                    // in the transaction that checks it; paced or spent, the lane waits.
                    let admitted = machine.policy.allowance != nil && step.counted
                    if let allowance = machine.policy.allowance, step.counted {
                        let decision = try store.admitPush(target: token, allowance: allowance, important: DeliveryMachine.isImportant(head, coding: coding), horizon: horizon, at: now)
                        guard decision == .send else {
                            logger.debug("push of event \(head.eventID) to \(head.deviceID) waits for its allowance: \(decision)")
                            rows = []
                            return nil
                        }
                    }
                    let timestamp = machine.policy.addressesTarget ? Int(newest.at.timeIntervalSince1970)
                        : try store.claimTimestamp(activityID: head.activityID, deviceID: head.deviceID, proposed: Int(newest.at.timeIntervalSince1970))
                    // Committed before the request: a crash from here on never repeats this
                    // start. Another loop may have read the same start (the device API
                    // delivers outside the pass lock): only the claim's winner sends it. The
                    // claim is the last write before the request, so a store failure before it
                    // leaves the start pending for the next pass (a claimed start whose request
                    // never went would be given up as interrupted); a loser has spent only a
                    // timestamp (they need only increase) and gives its allowance back.
                    if markSendingFirst, try !store.claimDevicePushSending(eventID: head.eventID, deviceID: head.deviceID, attempts: head.attempts, at: now) {
                        logger.debug("start of \(head.activityID) to \(head.deviceID) was claimed by another delivery; left to it")
                        if admitted { try store.returnPush(target: token, at: now) }
                        rows = []
                        return nil
                    }
                    let push = DevicePush(
                        eventID: head.eventID, deviceID: head.deviceID, activityID: head.activityID, kind: head.kind, body: step.payload,
                        token: token, environment: facts.environment, timestamp: timestamp,
                        id: DevicePush.stableID(eventID: head.eventID, deviceID: head.deviceID)
                    )
                    return Ready(lane: lane, row: head, push: push, carrying: carrying, admitted: admitted, nextStepAt: step.nextStepAt)
                } catch {
                    rows = []
                    throw DeliveryStoreFailure(Messages.Pushes.storeFailed("the \(head.kind.rawValue) of \(head.activityID) for \(head.deviceID)", "\(error)"))
                }
            }
        }
        return nil
    }

    /// Records a head closed without a request and moves past it.
    private func close(_ head: PendingDevicePush, status: DevicePushStatus, reason: String, now: Date, rows: inout ArraySlice<PendingDevicePush>) throws {
        do {
            try store.finishDevicePush(eventID: head.eventID, deviceID: head.deviceID, status: status, error: reason, apnsID: nil, notBefore: nil, attempted: false, at: now)
        } catch {
            rows = []
            throw DeliveryStoreFailure(Messages.Pushes.storeFailed("a \(status.rawValue) push of event \(head.eventID)", "\(error)"))
        }
        rows.removeFirst()
    }

    /// Performs a settlement's actions; the lane goes on past the row only if it may.
    func record(_ settlement: DeliveryMachine.Settlement, item: Ready, label: String, lanes: inout [String: ArraySlice<PendingDevicePush>], now: Date, report: inout DeliveryReport) throws {
        let row = item.row
        let what = "\(row.kind.rawValue) of \(row.activityID) to \(row.deviceID) (token \(PushToken.shortened(item.push.token)))"
        for action in settlement.actions {
            switch action {
            case .markDelivered(let receipt):
                try store.finishDevicePush(eventID: row.eventID, deviceID: row.deviceID, status: .sent, error: nil,
                                           apnsID: receipt ?? item.push.id.uuidString.lowercased(), notBefore: nil, attempted: true, at: now)
                report.delivered += 1
                logger.debug("pushed \(what)")
            case .skipCarried(let count):
                // The lane still holds the start first; the carried updates follow it.
                guard var rows = lanes[item.lane], let head = rows.popFirst() else { break }
                for carried in rows.prefix(count) {
                    try store.finishDevicePush(eventID: carried.eventID, deviceID: carried.deviceID, status: .skipped, error: Messages.Pushes.carriedByStart,
                                               apnsID: nil, notBefore: nil, attempted: false, at: now)
                }
                rows.removeFirst(min(count, rows.count))
                lanes[item.lane] = [head] + rows
            case .forgetToken(let token, let issuedBefore):
                if row.kind == .start {
                    try store.clearPushToStartToken(deviceID: row.deviceID, token: token, issuedBefore: issuedBefore)
                } else {
                    try store.clearActivityToken(activityID: row.activityID, deviceID: row.deviceID, token: token, issuedBefore: issuedBefore)
                }
                logger.warning("APNs rejected the token for \(what); token forgotten")
            case .fail(let reason):
                try store.finishDevicePush(eventID: row.eventID, deviceID: row.deviceID, status: .failed, error: reason, apnsID: nil, notBefore: nil, attempted: true, at: now)
                report.failures += 1
                logger.warning("\(what) failed: \(reason)")
            case .hold(let reason):
                try store.finishDevicePush(eventID: row.eventID, deviceID: row.deviceID, status: .pending, error: reason, apnsID: nil, notBefore: nil, attempted: false, at: now)
                logger.debug("\(what) held until the configuration is fixed: \(reason)")
            case .awaitNextStep(let at):
                try store.finishDevicePush(eventID: row.eventID, deviceID: row.deviceID, status: .pending, error: nil, apnsID: nil, notBefore: at, attempted: false, at: now)
                report.delivered += 1
                logger.debug("pushed the first step of \(what); the next is due in \(Int(at.timeIntervalSince(now))) s")
            case .retry(let at, let reason):
                try store.finishDevicePush(eventID: row.eventID, deviceID: row.deviceID, status: .pending, error: reason, apnsID: nil, notBefore: at, attempted: true, at: now)
                report.failures += 1
                logger.warning("\(what) failed, will retry in \(Int(at.timeIntervalSince(now))) s: \(reason)")
            case .markTargetBroken(let reason):
                try store.markTargetBroken(deviceID: row.deviceID, reason: reason)
                let problem = Messages.Pushes.brokenTarget(reason)
                report.problems.append(problem)
                logger.error("\(what): \(problem)")
            case .reportConfigurationProblem(let reason):
                let held = settlement.actions.contains { if case .hold = $0 { true } else { false } }
                let problem = held ? Messages.Pushes.heldForConfiguration(label, reason) : Messages.Pushes.configurationProblem(label, reason)
                report.problems.append(problem)
                logger.error("\(what): \(problem)")
            }
        }
        if settlement.laneContinues { lanes[item.lane]?.removeFirst() } else { lanes[item.lane] = [] }
    }

    private func fail(_ problem: String, _ report: inout DeliveryReport) {
        report.problems.append(problem)
        logger.error("\(problem)")
    }
}

/// A store write or read the device loop could not make; nothing was sent for it.
struct DeliveryStoreFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
