import SidelineCore

/// What the fake checks in a notify call's body, with HA-style messages.
///
/// Stricter than HA, which hands `data` to the phone as it is: on a real phone a bad tag or
/// a fractional progress fails silently, so here it fails loudly, as a 400.
enum FakeHomeAssistantNotifyRules {
    /// HA's rule for a Live Activity's tag (`../shared/docs/home-assistant-live-activities.md`).
    static let tagLength = 1...64

    /// `nil` when the body is a notify call HA would take; HA-style words otherwise.
    static func problem(with json: JSONValue?) -> String? {
        guard case .object(let fields)? = json else { return "Data should be valid JSON." }
        guard let message = fields["message"] else { return "required key not provided @ data['message']" }
        guard case .string(let text) = message else { return "expected str for dictionary value @ data['message']" }
        if let title = fields["title"], !isString(title) { return "expected str for dictionary value @ data['title']" }
        guard let data = fields["data"] else {
            return text == "end_live_activity" ? "end_live_activity needs data.tag" : nil
        }
        guard case .object(let options) = data else { return "expected a dictionary for dictionary value @ data['data']" }
        return problem(withData: options, message: text)
    }

    private static func problem(withData data: [String: JSONValue], message: String) -> String? {
        if let flag = data["live_update"], !isBool(flag) { return "expected bool for dictionary value @ data['data']['live_update']" }
        let live = data["live_update"] == .bool(true) || message == "end_live_activity"
        if live || data["tag"] != nil {
            guard case .string(let tag)? = data["tag"] else { return "a Live Activity needs data.tag, a string" }
            guard isValidTag(tag) else { return "data.tag must be 1–64 of A–Z a–z 0–9 - _ (got \"\(tag.prefix(80))\")" }
        }
        for key in ["progress", "progress_max"] {
            if let value = data[key], !isInteger(value) { return "expected int for dictionary value @ data['data']['\(key)']" }
        }
        if let policy = data["dismissal_policy"] {
            guard case .string(let text) = policy, isDismissalPolicy(text) else {
                return "data.dismissal_policy must be \"default\" or \"after:<unix seconds>\""
            }
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

    private static func isDismissalPolicy(_ text: String) -> Bool {
        if text == "default" { return true }
        guard text.hasPrefix("after:") else { return false }
        let seconds = text.dropFirst("after:".count)
        return !seconds.isEmpty && seconds.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isString(_ value: JSONValue) -> Bool { if case .string = value { true } else { false } }
    private static func isBool(_ value: JSONValue) -> Bool { if case .bool = value { true } else { false } }
    private static func isInteger(_ value: JSONValue) -> Bool {
        if case .number(let number) = value { number.isFinite && number.rounded() == number } else { false }
    }
}
