import Foundation

/// Hexadecimal as APNs and Sideline's ids mean it: the ASCII characters 0-9, a-f and A-F.
///
/// Not `Character.isHexDigit`, which also accepts the full-width forms (`９`, `ｃ`): a token
/// of those would be stored, drawn as empty boxes on the status page and sent to APNs.
public enum HexText {
    public static func isDigit(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        switch ascii {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): return true
        default: return false
        }
    }

    /// Whether `text` is all ASCII hex digits (and not empty).
    public static func isHex(_ text: some StringProtocol) -> Bool { !text.isEmpty && text.allSatisfy(isDigit) }
}

/// Device ids as the store makes them: `dev-` and 8 lowercase hex digits.
public enum DeviceID {
    public static func isWellFormed(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 12 && text.hasPrefix("dev-")
            && text.dropFirst(4).allSatisfy { HexText.isDigit($0) && !$0.isUppercase }
    }
}
