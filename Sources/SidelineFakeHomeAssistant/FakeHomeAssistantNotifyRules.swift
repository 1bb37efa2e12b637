import SidelineCore

/// What the fake checks in a notify call's body, with HA-style messages.
///
/// Stricter than HA, which hands `data` to the phone as it is: on a real phone a bad tag or
/// a fractional progress fails silently, so here it fails loudly, as HA's plain 400 (the
/// reason is in the call log, ``FakeHomeAssistantCall/refusal``).
enum FakeHomeAssistantNotifyRules {
    /// HA's rule for a Live Activity's tag (`../shared/docs/home-assistant-live-activities.md`).
    static let tagLength = 1...64

    /// `nil` when the body is a notify call HA would take; HA-style words otherwise.
    static func problem(with json: JSONValue?) -> String? {
        guard case .object(let fields)? = json else { return "Data should be valid JSON." }
        guard let message = fields["message"] else { return "required key not provided @ data['message']" }
        guard case .string(let text) = message else { return "expected str for dictionary value @ data['message']" }
        if let title = fields["title"], !isString(title) { return "expected str for dictionary value @ data['title']" }
        guard let data = fields["data"] else { return nil }
        guard case .object(let options) = data else { return "expected a dictionary for dictionary value @ data['data']" }
        return problem(withData: options, message: text)
    }

    private static func problem(withData data: [String: JSONValue], message: String) -> String? {
        if let flag = data["live_update"], !isBool(flag) { return "expected bool for dictionary value @ data['data']['live_update']" }
        let live = data["live_update"] == .bool(true) || message == FakeHomeAssistantPhone.clearCommand
        if live || data["tag"] != nil {
            guard case .string(let tag)? = data["tag"] else { return "a Live Activity needs data.tag, a string" }
            guard isValidTag(tag) else { return "data.tag must be 1–64 of A–Z a–z 0–9 - _ (got \"\(tag.prefix(80))\")" }
        }
        for key in ["progress", "progress_max"] {
            if let value = data[key], !isInteger(value) { return "expected int for dictionary value @ data['data']['\(key)']" }
        }
        return nil
    }

    static func isValidTag(_ tag: String) -> Bool {
        tagLength.contains(tag.utf8.count) && tag.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }

    private static func isString(_ value: JSONValue) -> Bool { if case .string = value { true } else { false } }
    private static func isBool(_ value: JSONValue) -> Bool { if case .bool = value { true } else { false } }
    private static func isInteger(_ value: JSONValue) -> Bool {
        if case .number(let number) = value { number.isFinite && number.rounded() == number } else { false }
    }
}
