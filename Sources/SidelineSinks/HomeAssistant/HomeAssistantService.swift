import Foundation

/// A phone's notify service as Home Assistant names it.
public enum HomeAssistantService {
    /// The longest name accepted: far beyond any real one (HA derives it from the device
    /// name), short enough to keep a pasted paragraph out of a URL path.
    static let maximumLength = 255

    /// `"notify.mobile_app_alex_iphone"` or `"mobile_app_alex_iphone"` → `"mobile_app_alex_iphone"`.
    ///
    /// HA shows the service as `notify.<name>` and calls it by `<name>`; people paste either.
    /// `nil` unless what is left after trimming whitespace and one optional `notify.` prefix
    /// is 1–255 of `a–z 0–9 _`. Nothing is lowercased: HA's service names are lowercase, so an
    /// uppercase letter means a typo (or a display name pasted instead), which HA would
    /// answer with "not found" anyway — better said before anything is stored.
    public static func normalized(_ text: String) -> String? {
        var name = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if name.hasPrefix("notify.") { name = name.dropFirst("notify.".count) }
        guard (1...maximumLength).contains(name.utf8.count), name.utf8.allSatisfy(isAllowed) else { return nil }
        return String(name)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }
}
