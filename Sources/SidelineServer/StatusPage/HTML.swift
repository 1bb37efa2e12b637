/// Just enough HTML building for a server-rendered page: every text is escaped.
enum HTML {
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `<tag class="…">escaped text</tag>`.
    static func text(_ tag: String, _ text: String, class className: String? = nil) -> String {
        "<\(tag)\(className.map { " class=\"\($0)\"" } ?? "")>\(escape(text))</\(tag)>"
    }

    /// A table with a header row; cells are plain text. An empty table is a sentence instead.
    static func table(_ headers: [String], _ rows: [[String]], empty: String) -> String {
        guard !rows.isEmpty else { return text("p", empty, class: "empty") }
        let head = headers.map { text("th", $0) }.joined()
        let body = rows.map { "<tr>" + $0.map { text("td", $0) }.joined() + "</tr>" }.joined(separator: "\n")
        return "<div class=\"scroll\"><table><thead><tr>\(head)</tr></thead><tbody>\n\(body)\n</tbody></table></div>"
    }
}
