import Foundation
import Synchronization
import Testing
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
@testable import SidelineDelivery
import SidelineSinks
import SidelineTestSupport

/// A device sink that records every push and answers from a script (default: accepted).
final class RecordingDeviceSender: DevicePushSender, Sendable {
    let name = APNsSink.sinkName
    let coding: any DevicePushCoding = APNsPushCoding()
    var addressing: PushAddressing { .perDevice(.apns) }
    private let state = Mutex<(pushes: [DevicePush], answers: [String: [DeliveryAnswer]])>(([], [:]))

    var pushes: [DevicePush] { state.withLock { $0.pushes } }

    /// The next answers for pushes to `token`, in order; afterwards pushes are accepted.
    func answer(_ token: String, with outcomes: DeliveryAnswer...) {
        state.withLock { $0.answers[token, default: []] += outcomes }
    }

    func push(_ push: DevicePush) async -> DeliveryAnswer {
        state.withLock { state in
            state.pushes.append(push)
            guard var queued = state.answers[push.token], !queued.isEmpty else { return .accepted(receipt: push.id.uuidString.lowercased()) }
            let next = queued.removeFirst()
            state.answers[push.token] = queued
            return next
        }
    }
}

@Suite("Per-device pushes: start at most once, updates in order with stable ids")
struct DevicePushTests {
    static let phone = "aa" + String(repeating: "01", count: 40)
    static let pad = "bb" + String(repeating: "02", count: 40)
    static let phoneActivity = "cc" + String(repeating: "03", count: 40)
    static let padActivity = "dd" + String(repeating: "04", count: 40)

    /// Alex registered, with an iPhone and an iPad; the clock just before Alex's kickoff.
    func withSetUp(_ body: (EngineHarness, Device, Device) async throws -> Void) async throws {
        try await withEngineHarness(at: "2026-11-22T14:20:00Z") { harness in
            _ = try await harness.register([GameDayScript.alex.username])
            let service = DeviceService(store: try SQLiteStore(path: harness.configuration.databasePath))
            let phone = try service.add(user: GameDayScript.alex.username, name: "iPhone", pushToStartToken: Self.phone, environment: .production, at: harness.now)
            let pad = try service.add(user: GameDayScript.alex.userID, name: "iPad", pushToStartToken: Self.pad.uppercased(), environment: .sandbox, at: harness.now)
            try await body(harness, phone, pad)
        }
    }

    @Test("A start goes to every device's push-to-start token once; updates wait for the activity token, then go to it")
    func startThenUpdates() async throws {
        try await withSetUp { harness, phone, pad in
            let sender = RecordingDeviceSender()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T14:20:00Z", to: "2026-11-22T14:35:00Z", sinks: [sender])

            let starts = sender.pushes.filter { $0.kind == .start }
            #expect(Set(starts.map(\.token)) == [Self.phone, Self.pad])
            #expect(starts.count == 2)
            #expect(starts.first { $0.deviceID == pad.id }?.environment == .sandbox)
            let activity = try #require(starts.first?.activityID)
            #expect(sender.pushes.allSatisfy { $0.kind == .start }, "no update before the app reports the activity token")

            // The phone reports its activity token; the iPad never does.
            let service = DeviceService(store: try SQLiteStore(path: harness.configuration.databasePath))
            try service.setActivityToken(activityID: activity, token: Self.phoneActivity, deviceID: phone.id, at: harness.now)
            try await harness.run(scheduler, from: "2026-11-22T14:36:00Z", to: "2026-11-22T16:00:00Z", sinks: [sender])

            let updates = sender.pushes.filter { $0.kind == .update }
            #expect(!updates.isEmpty)
            #expect(updates.allSatisfy { $0.token == Self.phoneActivity && $0.deviceID == phone.id })
            let timestamps = sender.pushes.filter { $0.deviceID == phone.id }.map(\.timestamp)
            #expect(timestamps == timestamps.sorted() && Set(timestamps).count == timestamps.count, "strictly increasing")
            #expect(sender.pushes.filter { $0.kind == .start }.count == 2, "never a second start")
            // Every update carries its push decision (priority 5 or 10).
            #expect(updates.allSatisfy { [5, 10].contains((try? APNsPushCoding().body($0.body))?.priority ?? 0) })
        }
    }

    @Test("A start found mid-send after a crash is never resent; an update is resent with the same id")
    func crashRecovery() async throws {
        try await withSetUp { harness, phone, pad in
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            // Commit events without delivering them (no device sender yet): as if the process
            // died right after the commit.
            try await harness.run(try harness.scheduler(), from: "2026-11-22T14:20:00Z", to: "2026-11-22T14:35:00Z", sinks: [RecordingSink(name: APNsSink.sinkName, addressing: .perDevice(.apns), coding: APNsPushCoding())])
            let start = try #require(try store.outbox().first { $0.kind == .start })
            #expect(try store.devicePushes(eventID: start.id).count == 2)
            // The phone's start was on the wire when the process died.
            try store.claimDevicePushSending(eventID: start.id, deviceID: phone.id, attempts: 0, at: harness.now)

            let sender = RecordingDeviceSender()
            // A minute on, the claim could still be another loop's request in flight: it waits.
            harness.setNow(EngineHarness.utc("2026-11-22T14:36:00Z"))
            _ = try await harness.scheduler().runPass(at: harness.now, mode: .live, sinks: [sender])
            #expect(sender.pushes.map(\.deviceID) == [pad.id], "only the iPad's start went out")
            #expect(try store.devicePushes(eventID: start.id).first { $0.deviceID == phone.id }?.status == "sending")
            // Past any request's length, it was cut off by the crash: closed, never resent.
            harness.setNow(EngineHarness.utc("2026-11-22T14:37:00Z"))
            _ = try await harness.scheduler().runPass(at: harness.now, mode: .live, sinks: [sender])
            #expect(sender.pushes.map(\.deviceID) == [pad.id], "the phone's start never goes")
            let phoneRow = try #require(try store.devicePushes(eventID: start.id).first { $0.deviceID == phone.id })
            #expect(phoneRow.status == "failed")
            #expect(phoneRow.error == Messages.Pushes.interruptedStart)

            // An update that fails with a 5xx stays pending and is resent with the same id.
            _ = try DeviceService(store: store).setActivityToken(activityID: start.activityID, token: Self.phoneActivity, deviceID: phone.id, at: harness.now)
            // Pretend the phone started the activity itself (its start push failed above).
            try store.finishDevicePush(eventID: start.id, deviceID: phone.id, status: .sent, attempted: false, at: harness.now)
            sender.answer(Self.phoneActivity, with: .deferred(reason: "503 ServiceUnavailable", retryAfter: 30))
            var first: DevicePush?
            var time = EngineHarness.utc("2026-11-22T14:38:00Z")
            while first == nil, time < EngineHarness.utc("2026-11-22T16:00:00Z") {
                harness.setNow(time)
                _ = try await harness.scheduler().runPass(at: time, mode: .live, sinks: [sender])
                first = sender.pushes.first { $0.token == Self.phoneActivity }
                time += 60
            }
            let failed = try #require(first)
            harness.setNow(time)
            _ = try await harness.scheduler().runPass(at: time, mode: .live, sinks: [sender])
            let resent = sender.pushes.filter { $0.token == Self.phoneActivity }
            #expect(resent.count >= 2)
            if resent.count >= 2, resent[1].eventID == failed.eventID {
                #expect(resent[1].id == failed.id, "a resend carries the same apns-id")
            } else {
                // A newer update arrived meanwhile: the failed one was superseded, not sent twice.
                #expect(resent[1].eventID > failed.eventID)
                let old = try store.devicePushes(eventID: failed.eventID).first { $0.deviceID == phone.id }
                #expect(old?.status == "skipped")
            }
        }
    }

    @Test("A rejected push-to-start token is forgotten; a device that fails does not hold up the other")
    func tokenRejection() async throws {
        try await withSetUp { harness, phone, pad in
            let sender = RecordingDeviceSender()
            sender.answer(Self.phone, with: .tokenRejected(reason: "410 Unregistered", unregisteredAt: harness.now.addingTimeInterval(3600)))
            try await harness.run(try harness.scheduler(), from: "2026-11-22T14:20:00Z", to: "2026-11-22T14:35:00Z", sinks: [sender])
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            #expect(try store.device(id: phone.id)?.pushToStartToken == nil)
            #expect(try store.device(id: pad.id)?.pushToStartToken == Self.pad)
            #expect(sender.pushes.filter { $0.deviceID == pad.id && $0.kind == .start }.count == 1)

            // A token stored after APNs' 410 timestamp is a fresh one and survives.
            try DeviceService(store: store).setPushToStartToken(deviceID: phone.id, token: Self.phone, at: harness.now)
            try store.clearPushToStartToken(deviceID: phone.id, token: Self.phone, issuedBefore: harness.now.addingTimeInterval(-60))
            #expect(try store.device(id: phone.id)?.pushToStartToken == Self.phone)
        }
    }

    @Test("Dismissed on the device: nothing more is pushed there")
    func dismissal() async throws {
        try await withSetUp { harness, phone, _ in
            let sender = RecordingDeviceSender()
            let scheduler = try harness.scheduler()
            try await harness.run(scheduler, from: "2026-11-22T14:20:00Z", to: "2026-11-22T14:35:00Z", sinks: [sender])
            let activity = try #require(sender.pushes.first?.activityID)
            let service = DeviceService(store: try SQLiteStore(path: harness.configuration.databasePath))
            try service.setActivityToken(activityID: activity, token: Self.phoneActivity, deviceID: phone.id, at: harness.now)
            try service.dismiss(activityID: activity, deviceID: phone.id, at: harness.now)
            try await harness.run(scheduler, from: "2026-11-22T14:36:00Z", to: "2026-11-22T16:00:00Z", sinks: [sender])
            #expect(!sender.pushes.contains { $0.token == Self.phoneActivity })
        }
    }

    @Test("Bad tokens and unknown users are refused and nothing is stored")
    func badInput() async throws {
        try await withSetUp { harness, phone, _ in
            let store = try SQLiteStore(path: harness.configuration.databasePath)
            let service = DeviceService(store: store)
            for bad in ["", "xyz123", String(repeating: "a", count: 513), "abc", "a1b2c3d4e5f6a7b8c"] {
                #expect(throws: DeviceError.self) { try service.add(user: GameDayScript.alex.username, name: nil, pushToStartToken: bad, environment: .production, at: harness.now) }
                #expect(throws: DeviceError.self) { try service.setPushToStartToken(deviceID: phone.id, token: bad, at: harness.now) }
            }
            #expect(throws: DeviceError.self) { try service.add(user: "nobody_here", name: nil, pushToStartToken: Self.phone, environment: .production, at: harness.now) }
            #expect(throws: DeviceError.self) { try service.setActivityToken(activityID: "9-2026w12-1", token: Self.phoneActivity, deviceID: phone.id, at: harness.now) }
            #expect(try store.devices().count == 2)
            #expect(try store.device(id: phone.id)?.pushToStartToken == Self.phone)
        }
    }

    @Test("apns-id is stable per event and device, and differs between them")
    func stableIDs() {
        let a = DevicePush.stableID(eventID: 7, deviceID: "dev-0000abcd")
        #expect(a == DevicePush.stableID(eventID: 7, deviceID: "dev-0000abcd"))
        #expect(a != DevicePush.stableID(eventID: 8, deviceID: "dev-0000abcd"))
        #expect(a != DevicePush.stableID(eventID: 7, deviceID: "dev-0000abce"))
        #expect(a.uuidString.count == 36)
    }
}
