import Foundation
import SidelineActivity
import Testing
@testable import SidelineCore

@Suite("Live Activity model")
struct DisplayModelTests {
    @Test("A content state decodes with a default JSONDecoder to the same instant")
    func instantsSurviveDefaultDecoder() throws {
        let state = DisplayScenario.liveWinning.contentState
        let decoded = try JSONDecoder().decode(LiveActivityContentState.self, from: JSONEncoder().encode(state))
        #expect(decoded == state)
        #expect(Date(timeIntervalSince1970: TimeInterval(decoded.updatedAt)) == DisplayFixtures.now)
    }

    @Test("The content state inside an APNs payload decodes as the app's ContentState")
    func payloadContentStateDecodes() throws {
        let state = DisplayScenario.finalWon.contentState
        let decision = PushPolicy.decide(
            kind: .end, reason: .graceExpired, previous: nil, current: DisplayScenario.finalWon.view,
            phase: .ended, at: DisplayFixtures.now
        )
        let data = try LiveActivityPayload(kind: .end, timestamp: DisplayFixtures.now, contentState: state, decision: decision).encoded()
        let aps = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["aps"] as? [String: Any])
        let inner = try JSONSerialization.data(withJSONObject: try #require(aps["content-state"]))
        // ActivityKit decodes with a plain JSONDecoder: no key or date strategy.
        #expect(try JSONDecoder().decode(LiveActivityAttributes.ContentState.self, from: inner) == state)
        #expect(aps["timestamp"] as? Int == 1_795_374_840)
        #expect(aps["event"] as? String == "end")
        #expect(aps["dismissal-date"] as? Int == 1_795_374_840 + 30 * 60)
        #expect(aps["attributes"] == nil)
    }

    @Test("A version 1 state without its optional fields still decodes")
    func optionalFieldsMayBeMissing() throws {
        let json = """
            {"schemaVersion":1,"updatedAt":1795374840,"phase":"live","sentiment":"neutral",
             "myScore":"87.4","scoreLine":"87.4","margin":"No opponent this week","headline":"No opponent this week",
             "myCounts":{"playing":3,"toPlay":2,"done":4},"myPlayersLine":"3 playing · 2 to play · 4 done",
             "topPerformers":[],"asOf":"as of 2:14 PM","staleText":"Scores may be behind — last update 2:14 PM",
             "compactLeading":"87.4","compactTrailing":"3 playing","minimal":"87.4",
             "expanded":{"leading":"87.4","trailing":"Bye","center":"3 playing","bottom":"3 playing · 2 to play · 4 done"},
             "lockScreen":{"headline":"No opponent this week — 87.4","detail":"Nobody playing right now","footer":"as of 2:14 PM"},
             "small":{"headline":"87.4","detail":"3 playing"}}
            """
        let state = try JSONDecoder().decode(LiveActivityContentState.self, from: Data(json.utf8))
        #expect(state.opponentScore == nil)
        #expect(state.next == nil)
        #expect(state.medianNote == nil)
        #expect(state.winChance == nil)
    }

    @Test("A push-to-start carries the attributes and their Swift type name")
    func startCarriesAttributes() throws {
        let view = DisplayScenario.liveWinning.view
        let attributes = DisplayBuilder.attributes(registration: "reg-1", activity: "act-1", view: view)
        let decision = PushPolicy.decide(kind: .start, reason: .kickoff, previous: nil, current: view, phase: .live, at: DisplayFixtures.now)
        let payload = LiveActivityPayload(
            kind: .start, timestamp: DisplayFixtures.now, contentState: DisplayScenario.liveWinning.contentState,
            decision: decision, attributes: attributes
        )
        #expect(payload.aps.attributesType == "LiveActivityAttributes")
        #expect(payload.aps.attributes == attributes)
        #expect(payload.aps.alert != nil)
        let text = String(decoding: try payload.encoded(), as: UTF8.self)
        #expect(text.contains("\"KC D/ST\""), "slashes are not escaped")
        #expect(text.hasPrefix("{\"aps\":{\"alert\":"))
    }
}
