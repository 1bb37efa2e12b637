import Foundation
import Synchronization
import Testing
@testable import SidelineCore
import SidelineDelivery
@testable import SidelineStore

/// Two delivery loops on one database (a pass, and the device API's delivery after a
/// removal, which runs outside the pass lock) reading the same pending starts: a
/// push-to-start is claimed by exactly one of them and sent once.
@Suite("Device pushes: two delivery loops racing for the same starts")
struct StartClaimRaceTests {
    static let t0 = storeT0
    static let user = storeUser
    static let league = storeLeague
    /// More lanes than a round holds (``DeviceDelivery/concurrency``), so one loop's later
    /// rounds overlap the other loop's read.
    static let devices = 4
    static let activities = 12
    static let rounds = 20

    /// Counts every push it is asked to send, per event and device; each waits a little on
    /// the way (an HTTP request would), so the other loop runs meanwhile.
    final class CountingSender: DevicePushSender, Sendable {
        let name: String
        let coding: any DevicePushCoding = OpaqueCoding()
        let sent = Mutex<[String: Int]>([:])

        init(name: String) { self.name = name }

        func push(_ push: DevicePush) async -> DeliveryAnswer {
            sent.withLock { $0["\(push.eventID)|\(push.deviceID)", default: 0] += 1 }
            for _ in 0..<5 { await Task.yield() }
            return .accepted(receipt: nil)
        }
    }

    @Test("Each start goes out exactly once when two loops deliver the same pending starts at once", arguments: StoreFactory<any PassDeliveryRolesUnderTest>.passDelivery)
    func eachStartSentOnce(_ stores: StoreFactory<any PassDeliveryRolesUnderTest>) async throws {
        for round in 0..<Self.rounds {
            let location = try stores.newLocation()
            let (starts, sink) = try Self.commitStarts(try stores.open(location))
            // Two connections to one store, as the daemon's pass and its API server have.
            let first = DeviceDelivery(store: try stores.open(location), logger: .init(label: "first"))
            let second = DeviceDelivery(store: try stores.open(location), logger: .init(label: "second"))
            let sender = CountingSender(name: sink)
            async let a = first.deliver(with: sender, at: Self.t0)
            async let b = second.deliver(with: sender, at: Self.t0)
            _ = await (a, b)

            let sent = sender.sent.withLock { $0 }
            let doubled = sent.filter { $0.value > 1 }
            #expect(doubled.count == 0, "round \(round): \(doubled.count) starts went out twice")
            #expect(sent.count == starts, "round \(round): every start went out")
            // And each is recorded as sent: the other loop, seeing it claimed and on the wire,
            // waits for the answer rather than closing it as cut off by a crash.
            let store = try stores.open(location)
            let statuses = try store.fixtureOutboxIDs().flatMap { try store.fixtureDevicePushStatuses(eventID: $0) }
            #expect(statuses.count == starts && statuses.allSatisfy { $0 == "sent" }, "round \(round): \(statuses.filter { $0 != "sent" })")
        }
    }

    /// A registration, `devices` phones with push-to-start tokens and `activities` starts
    /// committed for them, nothing sent yet. Returns how many device pushes are owed.
    static func commitStarts(_ store: any PassDeliveryRolesUnderTest) throws -> (Int, String) {
        let registration = try store.fixtureRegistration(user: user, league: league, at: t0)
        for index in 0..<devices {
            _ = try store.fixtureDevice(sleeperUserID: user.userID, pushToStartToken: String(format: "aa%014x", index), at: t0)
        }
        let body = DevicePayload(sink: "apns", bytes: Data([1]))
        let drafts = (0..<activities).map { index in
            OutboxDraft(mode: .live, registrationID: registration, activityID: "1-2026w12-\(index)", kind: .start, reason: .kickoff, at: t0,
                        payload: Data("{}".utf8), devicePayloads: [body])
        }
        try store.commitPass(rows: [:], events: drafts, sinks: [.live: [PushRoute(sink: body.sink, addressing: .perDevice(.apns))]], at: t0)
        return (devices * activities, body.sink)
    }
}

/// A coding for pushes the test never looks inside.
struct OpaqueCoding: DevicePushCoding {
    let sink = "apns"
    func encode(_ envelope: EventEnvelope, at now: Date) throws -> DevicePayload { DevicePayload(sink: sink, bytes: Data([1])) }
    func isImportant(_ payload: DevicePayload) -> Bool { false }
}
