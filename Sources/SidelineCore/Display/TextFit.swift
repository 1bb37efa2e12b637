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
        // A string never has more characters than bytes: the usual short name needs no
        // grapheme count (which is most of this function's cost on a kickoff pass).
        if clean.utf8.count <= min(maxCharacters, maxUTF8) { return clean }
        if isCleanASCII(clean) { return asciiTruncated(clean, maxCharacters: maxCharacters, maxUTF8: maxUTF8) }
        return unicodeTruncated(clean, maxCharacters: maxCharacters, maxUTF8: maxUTF8)
    }

    /// The cut of an already clean `clean`, character by character.
    static func unicodeTruncated(_ clean: String, maxCharacters: Int, maxUTF8: Int) -> String {
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

    /// What ``unicodeTruncated(_:maxCharacters:maxUTF8:)`` returns for clean ASCII longer
    /// than its limits, by bytes: every character is one byte, so the cut keeps as many bytes
    /// as both limits leave room for beside the ellipsis, less trailing spaces (tests compare
    /// the two on many names and limits).
    static func asciiTruncated(_ clean: String, maxCharacters: Int, maxUTF8: Int) -> String {
        let utf8 = clean.utf8
        var kept = max(0, min(maxCharacters - 1, maxUTF8 - ellipsis.utf8.count, utf8.count))
        var end = utf8.index(utf8.startIndex, offsetBy: kept)
        while kept > 0, utf8[utf8.index(before: end)] == UInt8(ascii: " ") {
            end = utf8.index(before: end)
            kept -= 1
        }
        return String(clean[..<end]) + ellipsis
    }

    /// Names come from other people's keyboards: no line breaks or control characters,
    /// single spaces.
    static func cleaned(_ text: String) -> String {
        if isCleanASCII(text) { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let isBreak = scalar.properties.generalCategory == .control
                || scalar == "\u{2028}" || scalar == "\u{2029}"
            scalars.append(isBreak ? " " : scalar)
        }
        return String(scalars).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// Printable ASCII with single spaces between words: what ``cleaned(_:)`` returns
    /// unchanged, checked byte by byte (most names, on every pass).
    static func isCleanASCII(_ text: String) -> Bool {
        // Over the contiguous bytes when there are (native strings): the UTF-8 view's
        // iterator was a visible share of building an event, called on every name.
        text.utf8.withContiguousStorageIfAvailable { isCleanASCII(bytes: $0) } ?? isCleanASCII(bytes: text.utf8)
    }

    private static func isCleanASCII(bytes: some Collection<UInt8>) -> Bool {
        var afterSpace = true
        for byte in bytes {
            guard byte >= 0x20, byte < 0x7F else { return false }
            if byte == 0x20 {
                if afterSpace { return false }
                afterSpace = true
            } else {
                afterSpace = false
            }
        }
        return !afterSpace || bytes.isEmpty
    }
}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var result = self
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
