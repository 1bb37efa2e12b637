import Foundation
import Testing
import SidelineDeviceClient
import SidelineTestSupport

@Suite("My activities: the cache first, then the server, polled at its pace")
@MainActor
struct MyActivitiesDataSourceTests {
    let device = DeviceCredentials(server: URL(string: "https://sideline.example.com")!, deviceID: "dev-0a1b2c3d",
                                   deviceSecret: "dev-0a1b2c3d.s", environment: .production)

    func source(_ api: FakeDeviceAPI, cache: InMemoryValueStore<MyActivities>, clock: ManualClock = ManualClock()) -> MyActivitiesDataSource {
        let device = device
        return MyActivitiesDataSource(api: api, credentials: { device }, cache: cache, clock: clock)
    }

    @Test("The cached list shows before the server answers, and the answer replaces and is cached")
    func cacheFirst() async throws {
        let cached = MyActivities(activities: [], retryAfterMs: 300_000)
        let cache = InMemoryValueStore(cached)
        let api = FakeDeviceAPI(activities: FakeMyActivities.live)
        let source = source(api, cache: cache)
        await source.loadCached()
        #expect(source.data == cached)
        #expect(await api.calls == [])
        await source.refresh()
        #expect(source.data == FakeMyActivities.live)
        #expect(try await cache.load() == FakeMyActivities.live)
    }

    @Test("A failed refresh keeps what is shown and says why")
    func failureKeepsData() async {
        let api = FakeDeviceAPI(activities: FakeMyActivities.live)
        let source = source(api, cache: InMemoryValueStore())
        await source.refresh()
        await api.failEveryCall(with: .unreachable(reason: "offline"))
        await source.refresh()
        #expect(source.data == FakeMyActivities.live)
        #expect(source.problem?.contains("cannot be reached") == true)
        #expect(source.nextInterval == MyActivitiesDataSource.fallbackInterval)
    }

    @Test("Polling waits what the server's retryAfterMs asks between refreshes")
    func pollsAtServerPace() async {
        let api = FakeDeviceAPI(activities: MyActivities(activities: [], retryAfterMs: 300_000))
        let clock = ManualClock(stopAfterSleeps: 2)
        let source = source(api, cache: InMemoryValueStore(), clock: clock)
        await source.poll()
        #expect(clock.sleeps == [.seconds(300), .seconds(300)])
        #expect(await api.calls == [.myActivities, .myActivities])
    }
}
