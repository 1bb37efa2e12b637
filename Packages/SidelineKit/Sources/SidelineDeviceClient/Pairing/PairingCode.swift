/// A pairing code as `sideline devices invite` prints it, normalised the way the server
/// normalises it, so a typo is caught before a login attempt (failed ones are throttled).
public struct PairingCode: Hashable, Sendable, CustomStringConvertible {
    /// The server's alphabet: no I, O, 0 or 1, which people misread.
    static let alphabet = Set("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    static let length = 8

    /// Eight symbols, upper case, no dash.
    public let normalized: String

    /// `nil` when `text` cannot be a code; case, dashes and spaces do not matter.
    public init?(_ text: String) {
        let symbols = text.uppercased().filter { $0 != "-" && $0 != " " }
        guard symbols.count == Self.length, symbols.allSatisfy(Self.alphabet.contains) else { return nil }
        normalized = symbols
    }

    /// As people read it: `K7PQ-2XWZ`.
    public var description: String {
        String(normalized.prefix(4)) + "-" + String(normalized.dropFirst(4))
    }
}
