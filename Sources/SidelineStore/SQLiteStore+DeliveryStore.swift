import Foundation
import GRDB
import SidelineCore
import SidelineDelivery

/// The rows the delivery loops need (see ``DeliveryStore``).
extension SQLiteStore: DeliveryStore {
    public func deviceFacts(deviceID: String, activityID: String, at now: Date) throws(StoreError) -> DeviceFacts? {
        guard let device = try device(id: deviceID) else { return nil }
        let onDevice = try activityDevice(activityID: activityID, deviceID: deviceID)
        return DeviceFacts(
            environment: device.environment, pushToStartToken: device.pushToStartToken,
            activityToken: onDevice?.updateToken, dismissed: onDevice?.dismissedAt != nil,
            startStatus: try startPushStatus(activityID: activityID, deviceID: deviceID),
            notifyService: device.notifyService, pausedUntil: device.pausedUntil, brokenReason: device.brokenReason,
            allowanceUse: try device.notifyService.map { service throws(StoreError) in try allowanceUse(target: service, at: now) }
        )
    }

    /// Checks the target's allowance and, if the push may go, counts it, in one write
    /// transaction: two processes can never both take the last push of the day.
    public func admitPush(target: String, allowance: PushAllowance, important: Bool, horizon: Date, at now: Date) throws(StoreError) -> PushAllowance.Decision {
        let day = PushAllowance.day(of: now)
        return try write { db in
            let use = try Self.allowanceUse(db, target: target, day: day)
            let decision = allowance.decide(important: important, use: use, now: now, horizon: horizon)
            if decision == .send {
                try Self.countPush(db, target: target, day: day, at: now)
            }
            return decision
        }
    }

    /// Gives back a push that never left (no connection was made): the relay never saw it.
    public func returnPush(target: String, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE push_allowance SET used = MAX(0, used - 1) WHERE target = ? AND day = ?", arguments: [target, PushAllowance.day(of: now)])
        }
    }

    public func brokenTargets() throws(StoreError) -> Set<String> {
        try read { db in
            Set(try String.fetchAll(db, sql: "SELECT DISTINCT notify_service FROM device WHERE broken_reason IS NOT NULL AND notify_service IS NOT NULL AND removed_at IS NULL"))
        }
    }

    public func markTargetBroken(deviceID: String, reason: String) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE device SET broken_reason = ? WHERE id = ?", arguments: [reason, deviceID])
        }
    }
}

extension SQLiteStore {
    /// What `target` has used of the UTC day `now` falls in.
    public func allowanceUse(target: String, at now: Date) throws(StoreError) -> PushAllowance.Use {
        try read { db in try Self.allowanceUse(db, target: target, day: PushAllowance.day(of: now)) }
    }

    static func allowanceUse(_ db: Database, target: String, day: String) throws -> PushAllowance.Use {
        let row = try Row.fetchOne(db, sql: "SELECT used, last_at FROM push_allowance WHERE target = ? AND day = ?", arguments: [target, day])
        return PushAllowance.Use(used: row?["used"] ?? 0, lastAt: (row?["last_at"] as Double?).map(Date.init(seconds:)))
    }

    /// `devices pause`: nothing is pushed to the device before `until`.
    public func pauseDevice(id: String, until: Date?) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE device SET paused_until = ? WHERE id = ? AND removed_at IS NULL", arguments: [until?.seconds, id])
            return db.changesCount > 0
        }
    }

    /// Home Assistant lists these services again: their targets are no longer broken.
    public func clearBrokenTargets(services: Set<String>) throws(StoreError) {
        try write { db in
            for service in services {
                try db.execute(sql: "UPDATE device SET broken_reason = NULL WHERE notify_service = ? AND broken_reason IS NOT NULL", arguments: [service])
            }
        }
    }

    /// Adds a Home Assistant target for a Sleeper user (a re-added service is no longer broken).
    public func addHomeAssistantTarget(sleeperUserID: String, name: String, service: String, at now: Date) throws(StoreError) -> Device {
        try write { db in
            try db.execute(sql: "UPDATE device SET broken_reason = NULL WHERE notify_service = ?", arguments: [service])
            let device = try Self.insertDevice(db, sleeperUserID: sleeperUserID, name: name, environment: .production, pushToStartToken: nil, secretHash: { _ in nil }, at: now)
            try db.execute(sql: "UPDATE device SET notify_service = ? WHERE id = ?", arguments: [service, device.id])
            return Device(id: device.id, sleeperUserID: sleeperUserID, name: name, environment: .production, pushToStartToken: nil,
                          pushToStartUpdatedAt: nil, createdAt: now, notifyService: service)
        }
    }
}
