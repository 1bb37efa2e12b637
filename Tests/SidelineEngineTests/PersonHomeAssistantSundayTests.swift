import Foundation
import Logging
import Testing
@testable import SidelineCore
@testable import SidelineDelivery
@testable import SidelineEngine
import SidelineFakeHomeAssistant
import SidelineFakeSleeper
import SidelineHTTP
import SidelineSinks
import SidelineStore
import SidelineTestSupport

/// One person in six leagues through the Home Assistant sink at 60 pushes a day, against the
/// Home Assistant look-alike on loopback: the allowance goes on one tag per person activity,
/// not six (``HomeAssistantSundayTests`` is the league-scope model).
@Suite("Home Assistant: one person in six leagues within 60 pushes a day")
struct PersonHomeAssistantSundayTests {
    static let phone = "mobile_app_pat_iphone"
    static let limit = 60

    @Test("One tag per person activity, every start and end arrives, no UTC day over 60, the moments go within their pass")
    func personSunday() async throws {
        try await withPersonSundayHarness(overrides: ["homeassistant.daily_pushes": "\(Self.limit)"]) { harness in
            let token = HomeAssistantSundayTests.token
            let (fake, store) = try await withFakeHomeAssistant(token: token, notifyServices: [Self.phone], clock: harness.clock.dateSource) { fake, base in
                _ = try await harness.register([PersonSundayScript.pat.username], leagueIDs: [])
                let store = try SQLiteStore(path: harness.configuration.databasePath)
                _ = try DeviceService(store: store).addHomeAssistant(user: PersonSundayScript.pat.username, name: "Pat's iPhone", service: Self.phone, at: harness.now)
                let transport = CurlTransport(timeout: 10)
                let client = HomeAssistantClient(baseURL: base, token: token, transport: transport, poster: transport)
                let sink = HomeAssistantSink(client: client, dailyPushes: Self.limit, dismissalDelay: harness.configuration.dismissalDelay, token: token,
                                             notes: HomeAssistantSundayTests.Notes(store: store), logger: .quiet)
                // The compressed day: the scores move every five minutes of a game, so a pass
                // every five minutes (every minute around kickoffs) sees every change.
                try await harness.run(try harness.scheduler(), at: PersonSunday.passTimes(), sinks: [sink])
                return (fake, store)
            }

            let calls = fake.calls.filter { $0.service != nil }
            let events = try store.outbox(limit: 10_000).filter { $0.mode == .live }
            #expect(calls.allSatisfy { $0.accepted })
            let activities = Set(events.filter { $0.kind == .start }.map(\.activityID))
            #expect(activities == ["\(PersonSunday.patActivity)-1", "\(PersonSunday.patActivity)-2"], "the person's two activities, nothing per league")

            // Every push carries one of the person activities' tags; each has its start and its end.
            let tags = Set(activities.map(HomeAssistantNotification.tag(forActivity:)))
            #expect(calls.allSatisfy { call in tags.contains { call.value("data", "tag") == .string($0) } }, "one tag per activity, no other")
            for activity in activities {
                let mine = calls.filter { $0.value("data", "tag") == .string(HomeAssistantNotification.tag(forActivity: activity)) }
                #expect(mine.first.map { $0.message != HomeAssistantNotification.endCommand } == true, "\(activity) starts on the phone")
                #expect(mine.last?.message == HomeAssistantNotification.endCommand, "the end of \(activity) comes last")
                let titles = Set(mine.compactMap { call -> String? in if case .string(let title)? = call.value("title") { title } else { nil } })
                #expect(titles.count == 1, "\(activity): \(titles)")
            }

            var usedByDay: [String: Int] = [:]
            for call in calls where call.message != HomeAssistantNotification.endCommand { usedByDay[PushAllowance.day(of: call.receivedAt), default: 0] += 1 }
            for (day, used) in usedByDay { #expect(used <= Self.limit, "\(day): \(used) of \(Self.limit)") }
            #expect(usedByDay.count == 2, "the day crosses 00:00 UTC")

            let loud = try HomeAssistantSundayTests().loudEvents(events)
            let sentInPass = loud.filter { event in
                let tag = HomeAssistantNotification.tag(forActivity: event.activityID)
                return calls.contains { $0.value("data", "tag") == .string(tag) && $0.receivedAt == event.at }
            }
            #expect(!loud.isEmpty, "lead changes and finals happen over six leagues")
            #expect(sentInPass.count == loud.count, "\(sentInPass.count) of \(loud.count) moments within their pass")
            print("Person Home Assistant Sunday: allowance \(Self.limit)/day; used \(usedByDay.sorted { $0.key < $1.key }); \(events.count) events, \(calls.count) pushes; \(sentInPass.count)/\(loud.count) moments within the pass")
        }
    }
}
