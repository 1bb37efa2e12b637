import Foundation
import Testing
import SidelineDeviceClient

/// The reporter performs the machine's calls through a fake API: pairing, the server down
/// then back, a relaunch over the same storage.
@Suite("The token reporter and pairing, over a fake server")
struct TokenReporterTests {
    let start = String(repeating: "ab", count: 32)
    let token = String(repeating: "c0ffee", count: 12)
    let game = "1-2026w12-1"

    struct Phone {
        let api = FakeDeviceAPI()
        let secrets = InMemorySecretStore()
        let storage = InMemoryValueStore<TokenReportingMachine>()
        let lost = Counter()

        func reporter() async -> TokenReporter {
            await TokenReporter(api: api, secrets: secrets, storage: storage, onPairingLost: { [lost] in await lost.increment() })
        }
    }

    actor Counter {
        private(set) var value = 0
        func increment() { value += 1 }
    }

    func invitation() throws -> PairingInvitation {
        try PairingInvitation(scanned: "sideline://pair?code=K7PQ-2XWZ&server=https://sideline.example.com")
    }

    @Test("A token iOS handed over before pairing goes with the pairing call, then tokens flow")
    func pairWithHeldToken() async throws {
        let phone = Phone()
        let reporter = await phone.reporter()
        await reporter.handle(.pushToStartTokenChanged(start))
        #expect(await phone.api.calls == [])
        let pairing = DevicePairing(api: phone.api, secrets: phone.secrets, reporter: reporter, environment: .forBuild(isDebug: true))
        let credentials = try await pairing.pair(try invitation(), deviceName: "Alex's iPhone")
        #expect(credentials.environment == .sandbox)
        #expect(try await phone.secrets.load() == credentials)
        await reporter.handle(.activityAppeared(activity: game))
        await reporter.handle(.activityTokenChanged(activity: game, token: token))
        #expect(await phone.api.calls == [.pair(code: "K7PQ2XWZ", pushToStartToken: start), .reportActivityToken(activity: game, token: token)])
    }

    @Test("With the server down the reports wait; the next wake after it is back sends them once")
    func serverDownThenBack() async throws {
        let phone = Phone()
        let reporter = await phone.reporter()
        try await DevicePairing(api: phone.api, secrets: phone.secrets, reporter: reporter, environment: .production).pair(try invitation(), deviceName: nil)
        await phone.api.failEveryCall(with: .unreachable(reason: "could not connect to the server"))
        await reporter.handle(.activityTokenChanged(activity: game, token: token))
        await reporter.handle(.activityStateChanged(activity: game, state: .dismissed))
        #expect(await reporter.hasUnreported)
        await phone.api.failEveryCall(with: nil)
        let before = await phone.api.calls.count
        await reporter.handle(.woke)
        await reporter.handle(.woke)
        // Dismissed before the token got through: only the dismissal is still worth sending.
        #expect(Array(await phone.api.calls.dropFirst(before)) == [.reportDismissal(activity: game)])
        #expect(await !reporter.hasUnreported)
    }

    @Test("A relaunched app sends what the last process left unreported, and nothing else")
    func relaunch() async throws {
        let phone = Phone()
        let first = await phone.reporter()
        try await DevicePairing(api: phone.api, secrets: phone.secrets, reporter: first, environment: .production).pair(try invitation(), deviceName: nil)
        await first.handle(.pushToStartTokenChanged(start))
        await phone.api.failEveryCall(with: .serverUnavailable(status: 503))
        await first.handle(.activityTokenChanged(activity: game, token: token))
        await phone.api.failEveryCall(with: nil)
        let before = await phone.api.calls.count

        let second = await phone.reporter()
        await second.handle(.pushToStartTokenChanged(start))
        await second.handle(.activityTokenChanged(activity: game, token: token))
        await second.handle(.woke)
        #expect(Array(await phone.api.calls.dropFirst(before)) == [.reportActivityToken(activity: game, token: token)])
    }

    @Test("Unpairing removes the device on the server and wipes the secret")
    func unpair() async throws {
        let phone = Phone()
        let reporter = await phone.reporter()
        let pairing = DevicePairing(api: phone.api, secrets: phone.secrets, reporter: reporter, environment: .production)
        let credentials = try await pairing.pair(try invitation(), deviceName: nil)
        try await pairing.unpair()
        #expect(await phone.api.calls.last == .unpair(deviceID: credentials.deviceID))
        #expect(try await phone.secrets.load() == nil)
        await reporter.handle(.activityTokenChanged(activity: game, token: token))
        #expect(await phone.api.calls.last == .unpair(deviceID: credentials.deviceID))
    }

    @Test("An unreachable server keeps the pairing on unpair, so the person can retry or forget")
    func unpairOffline() async throws {
        let phone = Phone()
        let reporter = await phone.reporter()
        let pairing = DevicePairing(api: phone.api, secrets: phone.secrets, reporter: reporter, environment: .production)
        try await pairing.pair(try invitation(), deviceName: nil)
        await phone.api.failEveryCall(with: .unreachable(reason: "offline"))
        await #expect(throws: DeviceAPIError.unreachable(reason: "offline")) { try await pairing.unpair() }
        #expect(try await phone.secrets.load() != nil)
        try await pairing.forget()
        #expect(try await phone.secrets.load() == nil)
    }

    @Test("A device the server forgot asks the app to pair again, once")
    func pairingLost() async throws {
        let phone = Phone()
        let reporter = await phone.reporter()
        try await DevicePairing(api: phone.api, secrets: phone.secrets, reporter: reporter, environment: .production).pair(try invitation(), deviceName: nil)
        await phone.api.failEveryCall(with: .unauthorized)
        await reporter.handle(.activityTokenChanged(activity: game, token: token))
        await reporter.handle(.pushToStartTokenChanged(start))
        await reporter.handle(.woke)
        #expect(await phone.lost.value == 1)
    }
}
