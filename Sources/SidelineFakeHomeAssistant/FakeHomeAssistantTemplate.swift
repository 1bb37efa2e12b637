import Foundation

/// HA's rendering of a notify call's `title` and `message`, which are Jinja templates, for
/// the cases a sender meets with text it did not write (a team named `{{Frank}}'s Team`):
/// `{{ … }}` is evaluated (a string or number literal to itself, any name to the empty
/// string, as HA's lenient `Undefined` does), `{# … #}` is dropped, `{% raw %}…{% endraw %}`
/// is kept verbatim, and an unclosed `{{`, `{%` or `{#`, or any other statement, is a
/// syntax error (HA answers the call 400). Whitespace control (`{%-`) is read, not applied.
enum FakeHomeAssistantTemplate {
    struct SyntaxError: Error, CustomStringConvertible {
        let description: String
    }

    /// What HA would render `text` to.
    static func render(_ text: String) throws(SyntaxError) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let tail = rest[open...]
            if tail.hasPrefix("{{") {
                let (inner, after) = try enclosed(tail.dropFirst(2), closer: "}}", opener: "{{")
                out += try evaluate(inner)
                rest = after
            } else if tail.hasPrefix("{#") {
                rest = try enclosed(tail.dropFirst(2), closer: "#}", opener: "{#").after
            } else if tail.hasPrefix("{%") {
                let (inner, after) = try enclosed(tail.dropFirst(2), closer: "%}", opener: "{%")
                let statement = inner.trimmingCharacters(in: CharacterSet(charactersIn: "-+").union(.whitespacesAndNewlines))
                guard statement == "raw" else {
                    throw SyntaxError(description: "Encountered unknown tag '\(statement.split(separator: " ").first ?? "")'")
                }
                guard let end = after.firstMatch(of: /\{%[-+]?\s*endraw\s*[-+]?%\}/) else {
                    throw SyntaxError(description: "Missing end of raw directive")
                }
                out += after[..<end.range.lowerBound]
                rest = after[end.range.upperBound...]
            } else {
                out.append("{")
                rest = tail.dropFirst()
            }
        }
        return out + rest
    }

    private static func enclosed(_ text: Substring, closer: String, opener: String) throws(SyntaxError) -> (inner: String, after: Substring) {
        guard let close = text.range(of: closer) else { throw SyntaxError(description: "unexpected end of template after '\(opener)'") }
        return (String(text[..<close.lowerBound]), text[close.upperBound...])
    }

    private static func evaluate(_ expression: String) throws(SyntaxError) -> String {
        let trimmed = expression.trimmingCharacters(in: CharacterSet(charactersIn: "-+").union(.whitespacesAndNewlines))
        guard !trimmed.isEmpty else { throw SyntaxError(description: "Expected an expression, got 'end of print statement'") }
        if trimmed.count >= 2, let quote = trimmed.first, quote == "'" || quote == "\"", trimmed.last == quote {
            return String(trimmed.dropFirst().dropLast())
        }
        if Double(trimmed) != nil { return trimmed }
        return ""  // an unknown name: HA's Undefined renders as nothing
    }
}
