import Foundation
import Testing
@testable import SidelineActivity
@testable import SidelineAPNs
import SidelineCurl
@testable import SidelineCore
@testable import SidelineEngine
@testable import SidelineSinks

@Suite("APNs sink: events become Live Activity requests")
struct APNsSinkTests {
    static let at = Date(timeIntervalSince1970: 1_795_370_000)

    /// An event as the engine makes it (push decision included), for the fixture's matchup.
    func envelope(_ kind: LifecycleEventKind, _ reason: LifecycleReason) -> EventEnvelope {
        let registration = Registration(id: 1, sleeperUserID: "7", username: "demo_alex", displayName: "Alex", leagueID: "1",
                                        leagueName: "Dynasty Bros", rosterID: 1, season: "2026", createdAt: Self.at)
        let event = LifecycleEvent(kind: kind, reason: reason, at: Self.at, activityID: "1-2026w12-1", view: LiveActivityFixtures.view, phase: kind == .end ? .ended : .live)
        return EventEnvelope(event, registration: registration, mode: .live, display: DisplayContext(now: Self.at), previous: kind == .start ? nil : LiveActivityFixtures.view)
    }

    func request(_ kind: LifecycleEventKind, _ reason: LifecycleReason = .points, delay: TimeInterval = 0) throws -> (APNsRequest, [String: Any]) {
        let push = DevicePush(eventID: 3, deviceID: "dev-00000001", event: envelope(kind, reason), token: "ab" + String(repeating: "cd", count: 40),
                              environment: .sandbox, timestamp: Int(Self.at.timeIntervalSince1970), id: DevicePush.stableID(eventID: 3, deviceID: "dev-00000001"))
        let request = try APNsSink.request(for: push, dismissalDelay: delay)
        let object = try JSONSerialization.jsonObject(with: request.payload) as? [String: Any]
        return (request, try #require(object?["aps"] as? [String: Any]))
    }

    @Test("A start carries attributes and an alert; its content state decodes into the shared model")
    func start() throws {
        let (request, aps) = try request(.start, .kickoff)
        #expect(aps["event"] as? String == "start")
        #expect(aps["timestamp"] as? Int == Int(Self.at.timeIntervalSince1970))
        #expect(aps["attributes-type"] as? String == "LiveActivityAttributes")
        #expect(aps["attributes"] != nil)
        #expect(aps["alert"] != nil)
        #expect(aps["dismissal-date"] == nil)
        #expect(request.environment == .sandbox)
        #expect(request.apnsID == DevicePush.stableID(eventID: 3, deviceID: "dev-00000001"))
        let state = try JSONSerialization.data(withJSONObject: try #require(aps["content-state"]))
        #expect(try JSONDecoder().decode(LiveActivityContentState.self, from: state) == envelope(.start, .kickoff).contentState)
    }

    @Test("Updates expire when stale; the final goes at priority 10, as the policy decided")
    func update() throws {
        let (quiet, aps) = try request(.update)
        #expect(aps["attributes"] == nil)
        #expect(aps["stale-date"] as? Int == Int(Self.at.timeIntervalSince1970) + 1800)
        #expect(quiet.priority == .opportunistic)
        #expect(quiet.expirationHeader == String(Int(Self.at.timeIntervalSince1970) + 1800))
        #expect(try request(.end, .graceExpired).0.priority == .immediate)
    }

    @Test("An end is dismissed at once by default, after apns.dismissal_minutes when set; a rollover's end always at once")
    func end() throws {
        let now = Int(Self.at.timeIntervalSince1970)
        #expect(try request(.end, .graceExpired).1["dismissal-date"] as? Int == now)
        #expect(try request(.end, .graceExpired, delay: 900).1["dismissal-date"] as? Int == now + 900)
        #expect(try request(.end, .rollover, delay: 900).1["dismissal-date"] as? Int == now)
        #expect(try request(.end, .graceExpired).1["stale-date"] == nil)
    }

    @Test("Only a refused connection proves a request was not sent")
    func notSent() {
        #expect(APNsResponseClassifier.classify(CurlError(kind: .connectionFailed, message: "refused")).wasNotSent)
        #expect(!APNsResponseClassifier.classify(CurlError(kind: .timedOut, message: "timeout")).wasNotSent)
        #expect(!APNsOutcome.retryLater(status: 503, reason: "ServiceUnavailable", retryAfter: nil).wasNotSent)
    }
}
