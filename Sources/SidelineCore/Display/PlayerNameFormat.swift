/// Player names the way fans write them: `"P. Mahomes"`, `"A.J. Brown"`, `"KC D/ST"`.
enum PlayerNameFormat {
    /// The longest short name shown; keeps the performers list inside the payload budget.
    static let maxCharacters = 20
    /// Real names are ASCII or nearly; the byte cap only bites on emoji, each shown up to four times.
    static let maxUTF8 = 48

    static func short(_ starter: StarterLine) -> String {
        if starter.position == "DEF" || starter.name.hasSuffix(Messages.Display.defenseSuffix) {
            if let team = starter.team { return "\(team.rawValue) \(Messages.Display.defenseSuffix)" }
        }
        return TextFit.truncated(shortName(starter.name), maxCharacters: maxCharacters, maxUTF8: maxUTF8)
    }

    static func shortName(_ full: String) -> String {
        TextFit.isCleanASCII(full) ? asciiShortName(full) : unicodeShortName(full)
    }

    /// Any name: cleaned, split into words, the first shortened.
    static func unicodeShortName(_ full: String) -> String {
        let words = TextFit.cleaned(full).split(separator: " ").map(String.init)
        guard let first = words.first else { return Messages.Display.unknownPlayer }
        guard words.count > 1 else { return first }
        let rest = words.dropFirst().joined(separator: " ")
        return "\(initial(of: first)) \(rest)"
    }

    /// What ``unicodeShortName(_:)`` returns for printable ASCII with single spaces (nearly
    /// every name), by bytes: such a name is already clean, its words are split by its first
    /// space, and each of its characters is one byte (tests compare the two on many names).
    ///
    /// Kept first names give `full` itself; otherwise the first byte, `". "` and the rest,
    /// written as bytes (one name per performer, on every event).
    static func asciiShortName(_ full: String) -> String {
        guard !full.isEmpty else { return Messages.Display.unknownPlayer }
        var text = full
        let shortened = text.withUTF8 { bytes -> String? in
            guard let space = bytes.firstIndex(of: UInt8(ascii: " ")) else { return nil }
            let first = bytes[..<space]
            let isInitials = first.count <= 2 && first.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
            if first.contains(UInt8(ascii: ".")) || isInitials { return nil }
            let rest = UnsafeBufferPointer(rebasing: bytes[space...]) // " " and the rest
            return String(unsafeUninitializedCapacity: rest.count + 2) { output in
                output[0] = bytes[0]
                output[1] = UInt8(ascii: ".")
                _ = UnsafeMutableBufferPointer(rebasing: output[2...]).initialize(from: rest)
                return rest.count + 2
            }
        }
        return shortened ?? full
    }

    /// Fans keep first names that are already initials ("A.J.", "DK", "CJ") and shorten the
    /// rest to one letter ("Amon-Ra" → "A.").
    private static func initial(of first: String) -> String {
        if first.contains(".") { return first }
        let isInitials = first.count <= 2 && first.allSatisfy { $0.isUppercase }
        if isInitials { return first }
        return "\(first.prefix(1))."
    }
}
