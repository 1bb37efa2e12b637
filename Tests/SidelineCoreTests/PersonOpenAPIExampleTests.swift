import Foundation
import SidelineActivity
import Testing
@testable import SidelineCore

/// `docs/openapi.json` shows a person activity in `GET /v1/me/activities` (issue 30): its
/// example must be what the server makes, not what someone remembered it to be.
@Suite("The API document's person activity example")
struct PersonOpenAPIExampleTests {
    static let documentURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/openapi.json")
    static let activityID = "u700-2026w12-1"
    static let alex = PersonIdentity(sleeperUserID: "700", username: "alex", displayName: "Alex")

    /// The example's first activity, as the app would decode it.
    struct Example: Decodable {
        let activityId: String
        let registrationId: String
        let attributes: LiveActivityAttributes
        let contentState: LiveActivityContentState
    }

    func example() throws -> Example? {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.documentURL)) as? [String: Any]
        let paths = try #require(document?["paths"] as? [String: Any])
        let operation = try #require((paths["/v1/me/activities"] as? [String: Any])?["get"] as? [String: Any])
        let content = try #require(((operation["responses"] as? [String: Any])?["200"] as? [String: Any])?["content"] as? [String: Any])
        let body = try #require((content["application/json"] as? [String: Any])?["example"] as? [String: Any])
        guard let first = (body["activities"] as? [Any])?.first else { return nil }
        return try JSONDecoder().decode(Example.self, from: JSONSerialization.data(withJSONObject: first))
    }

    @Test("The person activity in the example is the display the server builds for six leagues")
    func exampleIsTheServersDisplay() throws {
        let view = PersonFixtures.sixLeagues
        let attributes = PersonDisplay.attributes(person: Self.alex, activity: Self.activityID, view: view)
        let state = PersonDisplay.contentState(for: view, phase: .live, context: DisplayFixtures.context)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = String(decoding: try encoder.encode(["attributes": AnyEncodable(attributes), "contentState": AnyEncodable(state)]), as: UTF8.self)
        guard let example = try example() else {
            Issue.record("the example lists no activity; expected: \(expected)")
            return
        }
        #expect(example.activityId == Self.activityID)
        #expect(example.registrationId == attributes.registration)
        #expect(example.attributes == attributes, "expected: \(expected)")
        #expect(example.contentState == state, "expected: \(expected)")
    }
}

/// Encodes two different types in one dictionary, for the expectation's message.
private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
