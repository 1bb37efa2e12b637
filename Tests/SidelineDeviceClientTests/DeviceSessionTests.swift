import Foundation
import Testing
import SidelineDeviceClient

/// The app's session (what `AppModel.start()` runs): one reporter and one event loop for the
/// app's lifetime, however often SwiftUI runs the root task.
// A second loop would never return: the time limit turns that into a failure, not a hang.
@Suite("The app's device session starts once", .timeLimit(.minutes(1)))
@MainActor
struct DeviceSessionTests {
    static let game = "1-2026w12-1"
    static let token = String(repeating: "c0ffee", count: 12)

    let api = FakeDeviceAPI()

    func session(events: [TokenReportingEvent]) -> DeviceSession {
        DeviceSession(services: .init(api: api, secrets: InMemorySecretStore(), reportingStorage: InMemoryValueStore(),
                                      activitiesCache: InMemoryValueStore(), activityEvents: FakeActivityEventSource(scripted: events),
                                      environment: .sandbox))
    }

    /// A session whose phone is paired; the API's calls from here on.
    func pairedSession(events: [TokenReportingEvent]) async throws -> (DeviceSession, before: Int) {
        let session = session(events: events)
        await session.prepare()
        let invitation = try PairingInvitation(scanned: "sideline://pair?code=K7PQ-2XWZ&server=https://sideline.example.com")
        _ = try await session.pairing?.pair(invitation, deviceName: nil)
        return (session, await api.calls.count)
    }

    static let scripted: [TokenReportingEvent] = [.activityAppeared(activity: game), .activityTokenChanged(activity: game, token: token)]

    /// Runs the session in a task of its own, and returns once it has handled `count` of
    /// its wake-up and events (it says so after each): no clock, no polling.
    func running(_ session: DeviceSession, handled count: Int) async -> Task<Bool, Never> {
        let (handled, signal) = AsyncStream.makeStream(of: Void.self)
        let task = Task { await session.run { _ in signal.yield() } }
        var seen = 0
        for await _ in handled {
            seen += 1
            if seen == count { break }
        }
        return task
    }

    @Test("A second run while the first forwards returns at once: each token is reported once, by one reporter")
    func secondRunIsANoOp() async throws {
        let (session, before) = try await pairedSession(events: Self.scripted)
        // The wake-up and both events handled: the first run is forwarding.
        let first = await running(session, handled: 3)
        let reporter = await session.prepare()
        #expect(await session.run() == false, "a second run must not start a second loop")
        #expect(await session.prepare() === reporter, "one reporter owns the storage")
        first.cancel()
        #expect(await first.value == true)
        #expect(Array(await api.calls.dropFirst(before)) == [.reportActivityToken(activity: Self.game, token: Self.token)])
    }

    @Test("Concurrent starts build one reporter, pairing and activity list")
    func concurrentPrepare() async {
        let session = session(events: [])
        async let a = session.prepare()
        async let b = session.prepare()
        let (first, second) = await (a, b)
        #expect(first === second)
        #expect(session.pairing != nil && session.activities != nil)
    }

    @Test("After the first run ends (the task was cancelled), a new run forwards again without repeating what was sent")
    func runAgainAfterCancel() async throws {
        let (session, before) = try await pairedSession(events: Self.scripted)
        let first = await running(session, handled: 3)
        first.cancel()
        _ = await first.value
        #expect(session.isRunning == false)
        // The new run's stream replays the scripted events: handled, and nothing sent again.
        let second = await running(session, handled: 3)
        second.cancel()
        #expect(await second.value == true)
        #expect(Array(await api.calls.dropFirst(before)) == [.reportActivityToken(activity: Self.game, token: Self.token)])
    }
}
