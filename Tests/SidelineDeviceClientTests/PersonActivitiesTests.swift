import Foundation
import Testing
import SidelineActivity
import SidelineDeviceClient
import SidelineTestSupport

/// "My activities" lists a person's activity (one Lock Screen across their leagues) with its
/// rows, and a league's as before.
@Suite("My activities: a person's activity")
@MainActor
struct PersonActivitiesTests {
    @Test("A person's activity lists its leagues as rows; a league's has none")
    func personLeagues() async throws {
        let api = FakeDeviceAPI(activities: MyActivities(activities: FakeMyActivities.live.activities + FakeMyActivities.person.activities, retryAfterMs: 60_000))
        let device = DeviceCredentials(server: URL(string: "https://sideline.example.com")!, deviceID: "dev-0a1b2c3d",
                                       deviceSecret: "dev-0a1b2c3d.s", environment: .production)
        let source = MyActivitiesDataSource(api: api, credentials: { device }, cache: InMemoryValueStore(), clock: ManualClock())
        await source.refresh()
        let activities = try #require(source.data?.activities)
        #expect(activities.count == 2)
        #expect(activities[0].personLeagues == nil)
        #expect(activities[1].personLeagues?.map(\.league) == ["Dynasty Bros", "Work League", "Family Cup"])
        #expect(activities[1].registrationId == "person:73")
    }

    @Test("A person's activity survives the JSON round trip the cache and the server make")
    func decodes() throws {
        let data = try JSONEncoder().encode(FakeMyActivities.person)
        #expect(try JSONDecoder().decode(MyActivities.self, from: data) == FakeMyActivities.person)
        // A version-2 server's answer has no scope or rows: a league's activity.
        let old = try JSONDecoder().decode(MyActivities.self, from: JSONEncoder().encode(FakeMyActivities.live))
        #expect(old.activities[0].personLeagues == nil)
    }
}
