import Foundation
import Logging
import SidelineCore
import SidelineStore

/// Per-device delivery (APNs). The rules, from docs/apns-live-activity.md and issue 4:
///
/// - A start is sent **at most once** per device: it is marked `sending` in SQLite before
///   the request goes out, and a `sending` row found later (the process died mid-request)
///   is marked failed, never resent. A second push-to-start makes a second activity.
/// - Updates and ends are sent **at least once**, each with a stable `apns-id`, in order
///   per activity and device; an update superseded by a newer one still waiting is skipped.
/// - Updates and ends go to the activity's own token, which the app reports after the
///   start; until it does, they wait (up to ``tokenWait``), then fail.
/// - One failing device never holds up another device or the lifecycle.
extension Scheduler {
    /// How long an update or end waits for the app to report the activity's token.
    static let tokenWait: TimeInterval = 8 * 3600
    /// Pushes in flight at once (APNs multiplexes them over one HTTP/2 connection).
    static let devicePushConcurrency = 32

    struct DeviceLane {
        var rows: [PendingDevicePush]
    }

    /// Device pushes are real pushes: dry runs never make them.
    func deliverToDevices(mode: PassMode, sinks: [any PushSink], at now: Date, report: inout PassReport) async {
        guard mode == .live else { return }
        for case let sender as any DevicePushSender in sinks {
            await deliverDevicePushes(sender, at: now, report: &report)
        }
    }

    func deliverDevicePushes(_ sender: any DevicePushSender, at now: Date, report: inout PassReport) async {
        guard var open = try? store.openDevicePushes(), !open.isEmpty else { return }

        // A start caught on the wire by a crash: its outcome is unknown, so it stays unsent.
        for row in open where row.wasSending {
            try? store.finishDevicePush(eventID: row.eventID, deviceID: row.deviceID, status: .failed, error: Messages.Pushes.interruptedStart, attempted: false, at: now)
            logger.warning("\(Messages.Pushes.interruptedStart): event \(row.eventID), device \(row.deviceID)")
            report.deliveryFailures += 1
        }
        open.removeAll(where: \.wasSending)

        var lanes: [String: [PendingDevicePush]] = [:]
        var order: [String] = []
        for row in open {
            let key = "\(row.activityID)|\(row.deviceID)"
            if lanes[key] == nil { order.append(key) }
            lanes[key, default: []].append(row)
        }
        var devices: [String: Device?] = [:]

        // Rounds: each lane offers its head; the heads are sent concurrently; lanes whose
        // head went through offer the next one. A lane that must wait drops out.
        while true {
            var batch: [(lane: String, row: PendingDevicePush, push: DevicePush)] = []
            for key in order {
                guard var rows = lanes[key], !rows.isEmpty else { continue }
                var ready: (PendingDevicePush, DevicePush)?
                while let head = rows.first, ready == nil {
                    if devices[head.deviceID] == nil { devices[head.deviceID] = .some(try? store.device(id: head.deviceID)) }
                    switch prepare(head, later: rows.dropFirst(), device: devices[head.deviceID] ?? nil, now: now) {
                    case .send(let push):
                        ready = (head, push)
                    case .skip(let reason):
                        logger.debug("push of event \(head.eventID) to \(head.deviceID) skipped: \(reason)")
                        try? store.finishDevicePush(eventID: head.eventID, deviceID: head.deviceID, status: .skipped, error: reason, attempted: false, at: now)
                        rows.removeFirst()
                    case .fail(let reason):
                        try? store.finishDevicePush(eventID: head.eventID, deviceID: head.deviceID, status: .failed, error: reason, attempted: false, at: now)
                        logger.warning("push of event \(head.eventID) to \(head.deviceID) failed: \(reason)")
                        report.deliveryFailures += 1
                        rows.removeFirst()
                    case .wait:
                        logger.debug("push of event \(head.eventID) to \(head.deviceID) waits (backoff, or no activity token yet)")
                        rows = []
                    }
                }
                lanes[key] = rows
                if let (row, push) = ready {
                    batch.append((key, row, push))
                    if batch.count == Self.devicePushConcurrency { break }
                }
            }
            if batch.isEmpty { break }

            // Committed before the requests: a crash from here on never repeats these starts.
            for item in batch where item.row.kind == .start {
                try? store.markDevicePushSending(eventID: item.row.eventID, deviceID: item.row.deviceID, at: now)
            }
            // Each answer is stored as it arrives: a slow device does not hold back the
            // record of the others (a crash then finds only its own start unanswered).
            await withTaskGroup(of: (Int, DevicePushOutcome).self) { group in
                for (index, item) in batch.enumerated() {
                    group.addTask { (index, await sender.push(item.push)) }
                }
                for await (index, outcome) in group {
                    let item = batch[index]
                    let advanced = record(outcome, of: item.row, push: item.push, now: now, report: &report)
                    if advanced { lanes[item.lane]?.removeFirst() } else { lanes[item.lane] = [] }
                }
            }
        }
    }

    enum DevicePushStep {
        case send(DevicePush)
        case skip(String)
        case fail(String)
        case wait
    }

    /// What to do with a lane's head, given the pushes queued behind it.
    func prepare(_ row: PendingDevicePush, later: ArraySlice<PendingDevicePush>, device: Device?, now: Date) -> DevicePushStep {
        guard let device else { return .skip(Messages.Pushes.deviceRemoved) }
        guard row.notBefore <= now else { return .wait }
        let event: EventEnvelope
        do { event = try EventEnvelope.decode(row.payload) } catch {
            return .fail(Messages.Pushes.unreadableEvent(row.eventID))
        }

        let token: String
        if row.kind == .start {
            // An activity that ended before its start got out is not worth starting.
            if later.contains(where: { $0.kind == .end }) { return .skip(Messages.Pushes.endedBeforeStart) }
            guard let pushToStart = device.pushToStartToken else { return .skip(Messages.Pushes.noPushToStartToken) }
            token = pushToStart
        } else {
            let onDevice = try? store.activityDevice(activityID: row.activityID, deviceID: row.deviceID)
            if onDevice?.dismissedAt != nil { return .skip(Messages.Pushes.dismissed) }
            if let start = try? store.startPushStatus(activityID: row.activityID, deviceID: row.deviceID), start == .failed || start == .skipped {
                return .skip(Messages.Pushes.neverStarted)
            }
            // Only the newest state matters: a queued update behind this one replaces it.
            if row.kind == .update, !later.isEmpty { return .skip(Messages.Pushes.superseded) }
            guard let updateToken = onDevice?.updateToken else {
                return now.timeIntervalSince(row.at) > Self.tokenWait ? .fail(Messages.Pushes.noActivityToken) : .wait
            }
            token = updateToken
        }
        guard let timestamp = try? store.claimTimestamp(activityID: row.activityID, deviceID: row.deviceID, proposed: Int(row.at.timeIntervalSince1970)) else {
            return .wait
        }
        return .send(DevicePush(
            eventID: row.eventID, deviceID: row.deviceID, event: event, token: token, environment: device.environment,
            timestamp: timestamp, id: DevicePush.stableID(eventID: row.eventID, deviceID: row.deviceID)
        ))
    }

    /// Stores an outcome; returns whether the lane may go on to its next push.
    func record(_ outcome: DevicePushOutcome, of row: PendingDevicePush, push: DevicePush, now: Date, report: inout PassReport) -> Bool {
        let what = "\(row.kind.rawValue) of \(row.activityID) to \(row.deviceID) (token \(PushToken.shortened(push.token)))"
        switch outcome {
        case .sent(let receipt):
            try? store.finishDevicePush(eventID: row.eventID, deviceID: row.deviceID, status: .sent, apnsID: receipt ?? push.id.uuidString.lowercased(), attempted: true, at: now)
            report.delivered += 1
            logger.debug("pushed \(what)")
            return true
        case .tokenRejected(let reason, let unregisteredAt):
            if row.kind == .start {
                try? store.clearPushToStartToken(deviceID: row.deviceID, token: push.token, issuedBefore: unregisteredAt)
            } else {
                try? store.clearActivityToken(activityID: row.activityID, deviceID: row.deviceID, token: push.token, issuedBefore: unregisteredAt)
            }
            try? store.finishDevicePush(eventID: row.eventID, deviceID: row.deviceID, status: .failed, error: reason, attempted: true, at: now)
            logger.warning("APNs rejected the token for \(what): \(reason); token forgotten")
            report.deliveryFailures += 1
            return true
        case .rejected(let reason):
            try? store.finishDevicePush(eventID: row.eventID, deviceID: row.deviceID, status: .failed, error: reason, attempted: true, at: now)
            logger.error("APNs refused \(what): \(reason). Not retried: check the APNs settings (key, team id, bundle id, environment).")
            report.deliveryFailures += 1
            return true
        case .retry(let reason, let after, let mayHaveArrived):
            report.deliveryFailures += 1
            if row.kind == .start, mayHaveArrived {
                try? store.finishDevicePush(eventID: row.eventID, deviceID: row.deviceID, status: .failed, error: "\(reason); \(Messages.Pushes.interruptedStart)", attempted: true, at: now)
                logger.warning("\(what): \(reason); the start may have arrived, so it is not resent")
                return true
            }
            let attempts = row.attempts + 1
            if attempts >= Self.maxAttempts {
                try? store.finishDevicePush(eventID: row.eventID, deviceID: row.deviceID, status: .failed, error: reason, attempted: true, at: now)
                logger.warning("\(what) failed for good after \(attempts) attempts: \(reason)")
                return true
            }
            let wait = after ?? Self.retryDelay(afterAttempts: attempts)
            try? store.finishDevicePush(eventID: row.eventID, deviceID: row.deviceID, status: .pending, error: reason, notBefore: now + wait, attempted: true, at: now)
            logger.warning("\(what) failed, will retry in \(Int(wait)) s: \(reason)")
            return false
        }
    }
}
