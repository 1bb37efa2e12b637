import Foundation
import Testing
@testable import SidelineActivity
@testable import SidelineAPNs
import SidelineCurl
@testable import SidelineCore
@testable import SidelineEngine
@testable import SidelineSinks
@testable import SidelineDelivery

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
        let event = envelope(kind, reason)
        let push = DevicePush(eventID: 3, deviceID: "dev-00000001", activityID: event.activity, kind: kind, body: DevicePayload(sink: APNsSink.sinkName, bytes: try event.devicePushBody().storageBytes),
                              token: "ab" + String(repeating: "cd", count: 40), environment: .sandbox,
                              timestamp: Int(Self.at.timeIntervalSince1970), id: DevicePush.stableID(eventID: 3, deviceID: "dev-00000001"))
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
        // iOS 18: without it a push-started activity may never yield its update token.
        #expect(aps["input-push-token"] as? Int == 1)
        #expect(request.environment == .sandbox)
        #expect(request.apnsID == DevicePush.stableID(eventID: 3, deviceID: "dev-00000001"))
        let state = try JSONSerialization.data(withJSONObject: try #require(aps["content-state"]))
        #expect(try JSONDecoder().decode(LiveActivityContentState.self, from: state) == envelope(.start, .kickoff).contentState)
    }

    @Test("Updates expire when stale; the final goes at priority 10, as the policy decided")
    func update() throws {
        let (quiet, aps) = try request(.update)
        #expect(aps["attributes"] == nil)
        #expect(aps["input-push-token"] == nil, "only a start asks for a token")
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

    @Test("Spliced at send time, the payload is byte for byte the one LiveActivityPayload encodes")
    func splicedPayloadMatchesTheModel() throws {
        for (kind, reason) in [(LifecycleEventKind.start, LifecycleReason.kickoff), (.update, .points), (.end, .graceExpired), (.end, .rollover)] {
            let event = envelope(kind, reason)
            let decision = try #require(event.push)
            let at = Self.at
            let dismissal: Date? = kind == .end ? (reason == .rollover ? at : at + 600) : nil
            let model = LiveActivityPayload(
                kind: kind, timestamp: at, contentState: event.contentState,
                decision: PushDecision(priority: decision.priority, alert: decision.alert, relevanceScore: decision.relevanceScore,
                                       staleDate: kind == .end ? nil : decision.staleDate, dismissalDate: dismissal),
                attributes: event.attributes
            )
            let (request, _) = try request(kind, reason, delay: 600)
            #expect(request.payload == (try model.encoded()), "\(kind) \(reason)")
        }
    }

    @Test("A stored push body reads back exactly; damaged bytes are an error, not a crash")
    func storedBodyRoundTrip() throws {
        for kind in [LifecycleEventKind.start, .update, .end] {
            let body = try envelope(kind, kind == .start ? .kickoff : .points).devicePushBody()
            #expect(try DevicePushBody(storageBytes: body.storageBytes) == body)
            let bytes = body.storageBytes
            for cut in [0, 3, 12, 15, bytes.count - 1] {
                #expect(throws: DevicePushBody.StorageError.self) { try DevicePushBody(storageBytes: bytes.prefix(cut)) }
            }
        }
    }

    @Test("Any answer but 200 means APNs took nothing; only a request sent and never answered is of unknown outcome")
    func answersInDeliveryTerms() {
        #expect(APNsSink.answer(.delivered(apnsID: "x")) == .accepted(receipt: "x"))
        #expect(APNsSink.answer(.retryLater(status: 429, reason: "TooManyRequests", retryAfter: 3)) == .deferred(reason: "429 TooManyRequests", retryAfter: 3))
        #expect(APNsSink.answer(.retryLater(status: 503, reason: "ServiceUnavailable", retryAfter: nil)) == .deferred(reason: "503 ServiceUnavailable", retryAfter: nil))
        #expect(APNsSink.answer(.configurationError(status: 403, reason: "InvalidProviderToken")) == .refused(reason: "403 InvalidProviderToken"))
        #expect(APNsSink.answer(.payloadTooLarge) == .refused(reason: "413 PayloadTooLarge"))
        #expect(APNsSink.answer(.tokenRejected(reason: "Unregistered", unregisteredAt: nil)) == .tokenRejected(reason: "Unregistered", unregisteredAt: nil))
        let refused = APNsResponseClassifier.classify(CurlError(kind: .connectionFailed, message: "refused"))
        #expect(refused.wasNotSent && !refused.outcomeUnknown)
        #expect(APNsSink.answer(refused) == .notSent(reason: refused.reasonText))
        let timeout = APNsResponseClassifier.classify(CurlError(kind: .timedOut, message: "timeout"))
        #expect(timeout.outcomeUnknown)
        #expect(APNsSink.answer(timeout) == .unanswered(reason: timeout.reasonText))
        #expect(!APNsOutcome.retryLater(status: 503, reason: "ServiceUnavailable", retryAfter: nil).outcomeUnknown)
    }
}

extension APNsOutcome {
    var reasonText: String {
        if case .retryLater(_, let reason, _) = self { return reason }
        return ""
    }
}
