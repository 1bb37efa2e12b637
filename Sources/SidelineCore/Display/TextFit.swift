/// Fitting free text (team and player names) into small presentations and the payload.
enum TextFit {
    static let ellipsis = "…"

    /// Trims whitespace, flattens line breaks, and cuts `text` to at most `maxCharacters`
    /// grapheme clusters and `maxUTF8` bytes, ending with "…" when cut.
    ///
    /// Cuts by `Character`, so an emoji (even a family joined with ZWJ) is kept or dropped
    /// whole; the byte cap keeps 40 emoji from blowing the 4096-byte payload.
    static func truncated(_ text: String, maxCharacters: Int, maxUTF8: Int = .max) -> String {
        let clean = cleaned(text)
        if clean.count <= maxCharacters && clean.utf8.count <= maxUTF8 { return clean }
        let budget = maxUTF8 - ellipsis.utf8.count
        var kept = ""
        var bytes = 0
        for character in clean {
            let size = String(character).utf8.count
            guard kept.count < maxCharacters - 1, bytes + size <= budget else { break }
            kept.append(character)
            bytes += size
        }
        return kept.trimmingTrailingWhitespace() + ellipsis
    }

    /// Names come from other people's keyboards: no line breaks or control characters,
    /// single spaces.
    static func cleaned(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let isBreak = scalar.properties.generalCategory == .control
                || scalar == "\u{2028}" || scalar == "\u{2029}"
            scalars.append(isBreak ? " " : scalar)
        }
        return String(scalars).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var result = self
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
