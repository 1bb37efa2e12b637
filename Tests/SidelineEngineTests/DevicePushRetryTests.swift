import Foundation
import Synchronization
import Testing
@testable import SidelineCore
@testable import SidelineDelivery
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineSinks
import SidelineStore
import SidelineTestSupport

/// Starts APNs answered with a refusal reach nobody and go again; a start the store could
/// not mark as on the wire is not sent at all.
@Suite("Per-device pushes: refused starts are retried, store failures send nothing")
struct DevicePushRetryTests {
    static let phone = DevicePushTests.phone
    static let phoneActivity = DevicePushTests.phoneActivity

    /// Alex registered with one iPhone; the clock just before Alex's kickoff.
    func withSetUp(_ body: (EngineHarness, Device) async throws -> Void) async throws {
        try await withEngineHarness(at: "2026-11-22T14:20:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            let service = DeviceService(store: try SQLiteStore(path: harness.configuration.databasePath))
            let phone = try service.add(user: GameDayScript.alex.username, name: "iPhone", pushToStartToken: Self.phone, environment: .production, at: harness.now)
            try await body(harness, phone)
        }
    }

    @Test("A start answered 429 is sent again after the rest it asked for, once, carrying the newest state", arguments: [
        DeliveryAnswer.deferred(reason: "429 TooManyRequests", retryAfter: 600),
        DeliveryAnswer.deferred(reason: "503 ServiceUnavailable", retryAfter: nil),
    ])
    func refusedStartIsRetried(_ refusal: DeliveryAnswer) async throws {
        try await withSetUp { harness, phone in
            let sender = RecordingDeviceSender()
            sender.answer(Self.phone, with: refusal)
            let scheduler = try harness.scheduler()
            // Minute by minute, noting when each start went out.
            var sentAt: [Date] = []
            var time = EngineHarness.utc("2026-11-22T14:20:00Z")
            while time <= EngineHarness.utc("2026-11-22T14:45:00Z") {
                harness.setNow(time)
                let before = sender.pushes.count { $0.kind == .start }
                _ = try await scheduler.runPass(at: time, mode: .live, sinks: [sender])
                if sender.pushes.count(where: { $0.kind == .start }) > before { sentAt.append(time) }
                time += 60
            }

            let starts = sender.pushes.filter { $0.kind == .start }
            #expect(starts.count == 2, "refused once, then taken")
            #expect(Set(starts.map(\.id)).count == 1, "the same apns-id both times")
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            let start = try #require(try store.outbox().first { $0.kind == .start })
            let row = try #require(try store.devicePushes(eventID: start.id).first { $0.deviceID == phone.id })
            #expect(row.status == "sent")
            #expect(row.attempts == 2)
            // The second try waited at least what was asked (and Apple's start budget's 30 s).
            try #require(sentAt.count == 2)
            let gap = sentAt[1].timeIntervalSince(sentAt[0])
            #expect(gap >= 30)
            if case .deferred(_, let asked?) = refusal { #expect(gap >= asked) }
            // Updates queued behind the refused start were carried by it, not sent before it.
            let carried = try store.outbox().filter { $0.kind == .update && $0.id < start.id + 100 }
                .compactMap { try store.devicePushes(eventID: $0.id).first }
                .filter { $0.error == Messages.Pushes.carriedByStart }
            if case .deferred(_, 600) = refusal {
                // Ten minutes of points moved while it waited.
                #expect(!carried.isEmpty)
                #expect(starts[1].body != starts[0].body, "the late start shows the newest state")
                #expect(starts[1].timestamp > starts[0].timestamp, "stamped with that state's instant")
            }
            #expect(!sender.pushes.contains { $0.kind == .update && $0.timestamp < starts[1].timestamp })
        }
    }

    @Test("A store that cannot mark a start as on the wire: nothing is sent, the pass says so, the next pass recovers")
    func failedMarkSending() async throws {
        try await withSetUp { harness, _ in
            let scheduler = try harness.scheduler()
            // Commit the start without delivering it.
            try await harness.run(scheduler, from: "2026-11-22T14:20:00Z", to: "2026-11-22T14:35:00Z", sinks: [RecordingSink(name: APNsSink.sinkName, addressing: .perDevice(.apns), coding: APNsPushCoding())])
            let sqlite = try SQLiteStore(path: harness.configuration.databasePath)
            let sender = RecordingDeviceSender()
            let failing = FailingDeliveryStore(sqlite, failing: .markSending)
            let report = await DeviceDelivery(store: failing, logger: .init(label: "test")).deliver(with: sender, at: harness.now)
            #expect(sender.pushes.isEmpty, "a start not on record as sending is never sent")
            #expect(report.problems.count == 1)
            #expect(report.problems.first?.contains("disk I/O error") == true)
            let start = try #require(try sqlite.outbox().first { $0.kind == .start })
            #expect(try sqlite.devicePushes(eventID: start.id).first?.status == "pending")

            let recovered = await DeviceDelivery(store: sqlite, logger: .init(label: "test")).deliver(with: sender, at: harness.now + 60)
            #expect(recovered.problems.isEmpty)
            #expect(sender.pushes.filter { $0.kind == .start }.count == 1)
            #expect(try sqlite.devicePushes(eventID: start.id).first?.status == "sent")
        }
    }

    @Test("A store that cannot record a webhook delivery stops the run and says so; the event goes again later")
    func failedMarkDelivered() async throws {
        try await withSetUp { harness, _ in
            let sink = RecordingSink(name: "webhook")
            let down = RecordingSink(name: "webhook")
            down.setFailing(true)
            try await harness.run(try harness.scheduler(), from: "2026-11-22T14:20:00Z", to: "2026-11-22T14:35:00Z", sinks: [down])
            let sqlite = try SQLiteStore(path: harness.configuration.databasePath)
            let before = try sqlite.pendingDeliveries(mode: .live).count
            #expect(before > 0)
            let report = await OutboxDelivery(store: FailingDeliveryStore(sqlite, failing: .markDelivered), logger: .init(label: "test"))
                .deliverPending(mode: .live, sinks: [sink], at: harness.now + 3600)
            #expect(report.problems.count == 1)
            #expect(sink.events.count == 1, "the run stops at the first outcome it could not record")
            #expect(try sqlite.pendingDeliveries(mode: .live).count == before, "still owed: it is sent again (same id) on a later pass")
        }
    }
}

/// The real store, with one write made to fail as a full or broken disk would.
struct FailingDeliveryStore: DeliveryStore {
    enum Failing { case markSending, markDelivered }
    struct DiskError: Error, CustomStringConvertible { var description: String { "disk I/O error" } }

    let base: SQLiteStore
    let failing: Failing
    init(_ base: SQLiteStore, failing: Failing) {
        self.base = base
        self.failing = failing
    }

    func pendingDeliveries(mode: PassMode) throws -> [PendingDelivery] { try base.pendingDeliveries(mode: mode) }
    func markDelivered(eventID: Int64, sink: String, at now: Date) throws {
        if failing == .markDelivered { throw DiskError() }
        try base.markDelivered(eventID: eventID, sink: sink, at: now)
    }
    func markAttemptFailed(eventID: Int64, sink: String, error: String, giveUp: Bool, retryAt: Date?, at now: Date) throws {
        try base.markAttemptFailed(eventID: eventID, sink: sink, error: error, giveUp: giveUp, retryAt: retryAt, at: now)
    }
    func openDevicePushes(sink: String) throws -> [PendingDevicePush] { try base.openDevicePushes(sink: sink) }
    func deviceFacts(deviceID: String, activityID: String, at now: Date) throws -> DeviceFacts? { try base.deviceFacts(deviceID: deviceID, activityID: activityID, at: now) }
    func admitPush(target: String, allowance: PushAllowance, important: Bool, horizon: Date, at now: Date) throws -> PushAllowance.Decision {
        try base.admitPush(target: target, allowance: allowance, important: important, horizon: horizon, at: now)
    }
    func returnPush(target: String, at now: Date) throws { try base.returnPush(target: target, at: now) }
    func markTargetBroken(deviceID: String, reason: String) throws { try base.markTargetBroken(deviceID: deviceID, reason: reason) }
    func brokenTargets() throws -> Set<String> { try base.brokenTargets() }
    func clearBrokenTargets(services: Set<String>) throws { try base.clearBrokenTargets(services: services) }
    func claimTimestamp(activityID: String, deviceID: String, proposed: Int) throws -> Int {
        try base.claimTimestamp(activityID: activityID, deviceID: deviceID, proposed: proposed)
    }
    func claimDevicePushSending(eventID: Int64, deviceID: String, attempts: Int, at now: Date) throws -> Bool {
        if failing == .markSending { throw DiskError() }
        return try base.claimDevicePushSending(eventID: eventID, deviceID: deviceID, attempts: attempts, at: now)
    }
    func finishDevicePush(eventID: Int64, deviceID: String, status: DevicePushStatus, error: String?, apnsID: String?, notBefore: Date?, attempted: Bool, at now: Date) throws {
        try base.finishDevicePush(eventID: eventID, deviceID: deviceID, status: status, error: error, apnsID: apnsID, notBefore: notBefore, attempted: attempted, at: now)
    }
    func clearPushToStartToken(deviceID: String, token: String, issuedBefore: Date?) throws {
        try base.clearPushToStartToken(deviceID: deviceID, token: token, issuedBefore: issuedBefore)
    }
    func clearActivityToken(activityID: String, deviceID: String, token: String, issuedBefore: Date?) throws {
        try base.clearActivityToken(activityID: activityID, deviceID: deviceID, token: token, issuedBefore: issuedBefore)
    }
}
