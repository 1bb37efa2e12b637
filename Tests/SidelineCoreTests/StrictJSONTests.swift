import Foundation
import Testing
@testable import SidelineCore

@Suite("Strict JSON: no key twice in an object")
struct StrictJSONTests {
    func duplicate(_ text: String) throws -> String? {
        try StrictJSON.firstDuplicateKey(in: Array(text.utf8))
    }

    @Test("Foundation keeps one of two equal keys without an error, which is why StrictJSON looks for them itself")
    func foundationDoesNotReport() throws {
        let body = Data(#"{"environment":"production","environment":"sandbox"}"#.utf8)
        let decoded = try JSONDecoder().decode([String: String].self, from: body)
        #expect(decoded.count == 1)
        let serialized = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        #expect(serialized?.count == 1)
    }

    @Test("A key twice in one object is refused, at any depth, however it is spelt")
    func duplicatesFound() throws {
        #expect(throws: StrictJSONError.duplicateKey("environment")) {
            try StrictJSON.parse(Data(#"{"environment":"production","environment":"sandbox"}"#.utf8))
        }
        #expect(try duplicate(#"{"a": {"b": 1, "b": 2}}"#) == "b")
        #expect(try duplicate(#"{"list": [{"x": 1}, {"y": 2, "y": 3}]}"#) == "y")
        #expect(try duplicate(#"{"environment": 1, "\u0065nvironment": 2}"#) == "environment")
        #expect(try duplicate(#"{"a\"b": 1, "a\u0022b": 2}"#) == "a\"b")
        #expect(try duplicate("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}") != nil, "canonically equal keys are one dictionary key")
    }

    @Test("Equal keys in different objects, and keys inside string values, are fine")
    func nonDuplicatesPass() throws {
        #expect(try duplicate(#"{"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 3}, {"x": 4}]}"#) == nil)
        #expect(try duplicate(#"{"a": "{\"a\": 1, \"a\": 2}", "b": "a", "c": ["a", "a"]}"#) == nil)
        #expect(try duplicate(#"{"a\\": 1, "a": 2, "": 3}"#) == nil)
        #expect(try StrictJSON.parse(Data(#"{"token": "ab", "n": 1.5, "ok": true, "none": null}"#.utf8))
            == .object(["token": .string("ab"), "n": .number(1.5), "ok": .bool(true), "none": .null]))
    }

    @Test("Malformed JSON is malformed, not a duplicate")
    func malformed() {
        #expect(throws: StrictJSONError.malformed) { try StrictJSON.parse(Data(#"{"a": 1, "a"#.utf8)) }
        #expect(throws: StrictJSONError.malformed) { try StrictJSON.parse(Data("not json".utf8)) }
    }
}
