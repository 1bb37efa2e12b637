import Foundation
import Testing
import SidelineDeviceClient
import SidelineServer
import SidelineStore

/// The iPhone app's client library (`Packages/SidelineKit`) against the real API server on
/// loopback, beside the fake Sleeper's live scripted Sunday: what the app does, through the
/// same types the app uses (URLSession, the token reporter, pairing, my activities).
extension ServerTests {
    @Suite("The app's client library against the real server")
    struct DeviceClientTests {
        let api = URLSessionDeviceAPI(timeout: 10)

        func phone(_ h: ServerHarness) async -> (secrets: InMemorySecretStore, reporter: TokenReporter, pairing: DevicePairing) {
            let secrets = InMemorySecretStore()
            let reporter = await TokenReporter(api: api, secrets: secrets, storage: InMemoryValueStore())
            return (secrets, reporter, DevicePairing(api: api, secrets: secrets, reporter: reporter, environment: .sandbox))
        }

        @Test("Pair from the QR link, rotate the push-to-start token, report, rotate and dismiss a live activity, read my activities, unpair")
        func wholeDay() async throws {
            try await withServer { h in
                try await h.liveSunday()
                let phone = await phone(h)

                // iOS hands over a push-to-start token before the person has paired.
                let early = String(repeating: "0a1b", count: 16)
                await phone.reporter.handle(.pushToStartTokenChanged(early))
                let link = "sideline://pair?code=\(try h.invite("demo_alex"))&server=\(h.base.absoluteString)"
                let credentials = try await phone.pairing.pair(try PairingInvitation(scanned: link), deviceName: "Alex's iPhone")
                let device = try #require(try h.store.device(id: credentials.deviceID))
                #expect(device.pushToStartToken == early)
                #expect(device.environment == .sandbox)
                #expect(device.name == "Alex's iPhone")

                let rotatedStart = String(repeating: "2c3d", count: 16)
                await phone.reporter.handle(.pushToStartTokenChanged(rotatedStart))
                #expect(try h.store.device(id: credentials.deviceID)?.pushToStartToken == rotatedStart)

                let mine = try await api.myActivities(as: credentials)
                #expect(mine.retryAfterMs == 60_000)
                let state = try #require(mine.activities.first)
                #expect(state.phase == .live && !state.dismissed)
                #expect(state.attributes.title == "Alex's Audibles vs demo_casey")
                let activity = state.attributes.activity
                #expect(activity == state.activityId)

                // A push-started activity appears, reports its token, and rotates it mid-game.
                let token = String(repeating: "c0ffee", count: 12)
                await phone.reporter.handle(.activityAppeared(activity: activity))
                await phone.reporter.handle(.activityTokenChanged(activity: activity, token: token))
                #expect(try h.store.activityDevice(activityID: activity, deviceID: credentials.deviceID)?.updateToken == token)
                let rotated = String(repeating: "beef", count: 20)
                await phone.reporter.handle(.activityTokenChanged(activity: activity, token: rotated))
                #expect(try h.store.activityDevice(activityID: activity, deviceID: credentials.deviceID)?.updateToken == rotated)

                await phone.reporter.handle(.activityStateChanged(activity: activity, state: .dismissed))
                #expect(try h.store.activityDevice(activityID: activity, deviceID: credentials.deviceID)?.dismissedAt != nil)
                #expect(await !phone.reporter.hasUnreported)

                // The data source the app's list screen uses.
                let cache = InMemoryValueStore<MyActivities>()
                let source = await MyActivitiesDataSource(api: api, credentials: { credentials }, cache: cache)
                await source.refresh()
                #expect(await source.data?.activities.first?.dismissed == true)
                #expect(await source.problem == nil)
                #expect(try await cache.load()?.activities.count == 1)

                try await phone.pairing.unpair()
                #expect(try h.store.device(id: credentials.deviceID) == nil)
                #expect(try await phone.secrets.load() == nil)
                await #expect(throws: DeviceAPIError.unauthorized) { try await api.myActivities(as: credentials) }
            }
        }

        @Test("The server's refusals arrive as typed errors with something to do")
        func refusals() async throws {
            try await withServer { h in
                try await h.liveSunday()
                let server = try ServerAddress(h.base.absoluteString)
                let code = try h.invite("demo_alex")
                let phone = await phone(h)
                let credentials = try await phone.pairing.pair(try PairingInvitation(code: code, server: server.url.absoluteString), deviceName: nil)

                let again = PairingRequest(code: try #require(PairingCode(code)).normalized, environment: .sandbox, name: nil, pushToStartToken: nil)
                await #expect(throws: DeviceAPIError.pairingCodeUsed) { try await api.pair(again, on: server.url) }
                let unknown = PairingRequest(code: "ABCDEFGH", environment: .sandbox, name: nil, pushToStartToken: nil)
                await #expect(throws: DeviceAPIError.pairingCodeInvalid) { try await api.pair(unknown, on: server.url) }
                await #expect(throws: DeviceAPIError.notFound) {
                    try await api.reportActivityToken(String(repeating: "ab", count: 32), activity: "9-2026w12-1", as: credentials)
                }
                let wrong = DeviceCredentials(server: server.url, deviceID: credentials.deviceID, deviceSecret: credentials.deviceID + ".wrong", environment: .sandbox)
                await #expect(throws: DeviceAPIError.unauthorized) { try await api.myActivities(as: wrong) }
                do {
                    try await api.rotatePushToStartToken("not hex", as: credentials)
                    Issue.record("a token that is not hex was accepted")
                } catch {
                    guard case DeviceAPIError.invalidInput = error else { Issue.record("\(error)"); return }
                }
            }
        }

        @Test("With the server down, reports wait; once it is back, the next wake delivers them")
        func serverDownThenBack() async throws {
            try await withServer { h in
                try await h.liveSunday()
                let phone = await phone(h)
                let credentials = try await phone.pairing.pair(try PairingInvitation(code: try h.invite("demo_alex"), server: h.base.absoluteString), deviceName: nil)
                let activity = try #require(try await api.myActivities(as: credentials).activities.first).activityId

                // Nothing listens on port 9 of loopback: the call is never answered.
                let down = DeviceCredentials(server: URL(string: "http://127.0.0.1:9")!, deviceID: credentials.deviceID,
                                             deviceSecret: credentials.deviceSecret, environment: credentials.environment)
                try await phone.secrets.save(down)
                let token = String(repeating: "c0ffee", count: 12)
                await phone.reporter.handle(.activityTokenChanged(activity: activity, token: token))
                #expect(await phone.reporter.hasUnreported)
                #expect(try h.store.activityDevice(activityID: activity, deviceID: credentials.deviceID)?.updateToken == nil)

                try await phone.secrets.save(credentials)
                await phone.reporter.handle(.woke)
                #expect(try h.store.activityDevice(activityID: activity, deviceID: credentials.deviceID)?.updateToken == token)
                #expect(await !phone.reporter.hasUnreported)
            }
        }
    }
}
